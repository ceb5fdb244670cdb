// The kiosk's look: a 10-inch tablet in landscape (two columns) or portrait (one), big type, high
// contrast, buttons large enough for a gloved finger.
export const KIOSK_CSS = `
.kiosk { position: fixed; inset: 0; display: grid; grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr);
  gap: 20px; padding: 20px; background: #0b1f33; color: #fff; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; overflow: auto; }
.kiosk-main { display: flex; flex-direction: column; gap: 18px; min-width: 0; }
.kiosk-header { display: flex; justify-content: space-between; align-items: flex-start; gap: 12px; flex-wrap: wrap; }
.kiosk-header h1 { margin: 0; font-size: 30px; font-weight: 800; color: #fff; }
.kiosk-clock { display: flex; flex-direction: column; align-items: flex-end; }
.kiosk-time { font-size: 34px; font-weight: 800; font-variant-numeric: tabular-nums; }
.kiosk-date { font-size: 18px; color: #c8d6e5; }
.kiosk-date::first-letter { text-transform: uppercase; }
.kiosk-status { font-size: 30px; font-weight: 800; padding: 16px 20px; border-radius: 16px; background: #13314f; border: 3px solid #2f5d8a; min-height: 76px; display: flex; align-items: center; }
.kiosk[data-phase='waiting'] .kiosk-status { border-color: #ffd166; color: #ffd166; }
.kiosk[data-phase='matching'] .kiosk-status, .kiosk[data-phase='saving'] .kiosk-status { border-color: #ffd166; color: #ffd166; }
.kiosk-status[data-tone='success'] { border-color: #3ddc84; color: #3ddc84; }
.kiosk-status[data-tone='warning'] { border-color: #ffb74d; color: #ffb74d; }
.kiosk-status[data-tone='error'] { border-color: #ff6b6b; color: #ff8a80; }
.kiosk-actions { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.kiosk-button { min-height: 110px; font-size: 34px; font-weight: 800; border-radius: 20px; border: 4px solid transparent; cursor: pointer; color: #fff; }
.kiosk-button:focus-visible { outline: 4px solid #ffd166; outline-offset: 3px; }
.kiosk-in { background: #0a7a33; }
.kiosk-out { background: #b3261e; }
.kiosk-button[aria-pressed='true'] { border-color: #ffd166; box-shadow: 0 0 0 4px rgba(255, 209, 102, 0.35); }
.kiosk-result { border-radius: 18px; padding: 18px 22px; background: #fff; color: #0b1f33; border-left: 14px solid #0a7a33; }
.kiosk-result[data-tone='warning'] { border-left-color: #c77700; }
.kiosk-result[data-tone='error'] { border-left-color: #b3261e; }
.kiosk-result h2 { margin: 0; font-size: 36px; font-weight: 800; }
.kiosk-result[data-tone='success'] h2 { color: #0a6a2c; }
.kiosk-result[data-tone='warning'] h2 { color: #8a5200; }
.kiosk-result[data-tone='error'] h2 { color: #a1221b; }
.kiosk-detail { margin: 4px 0 10px; font-size: 24px; font-weight: 600; }
.kiosk-result dl { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 10px 18px; margin: 0; }
.kiosk-result dl > div:first-child { grid-column: 1 / -1; }
.kiosk-result dt { font-size: 16px; color: #41566b; font-weight: 600; }
.kiosk-result dd { margin: 0; font-size: 24px; font-weight: 800; font-variant-numeric: tabular-nums; }
.kiosk-scanner { display: flex; flex-direction: column; min-height: 0; border-radius: 18px; overflow: hidden; background: #f4f7fb; }
.kiosk-scanner > iframe { flex: 1; min-height: 320px; }
.kiosk-device { font-size: 13px; color: #41566b; padding: 4px 12px 8px; }
@media (orientation: portrait), (max-width: 760px) {
  .kiosk { grid-template-columns: minmax(0, 1fr); grid-template-rows: auto minmax(380px, 1fr); }
}
`;

// The verify site's keypad: three columns of keys at least 72 px high.
export const KEYPAD_CSS = `
.kiosk-pad { display: flex; flex-direction: column; gap: 12px; }
.kiosk-pad-value { font-size: 44px; font-weight: 800; letter-spacing: 0.3em; text-align: center; padding: 10px; border-radius: 14px; background: #13314f; border: 3px solid #2f5d8a; font-variant-numeric: tabular-nums; }
.kiosk-pad-keys { display: grid; grid-template-columns: repeat(3, 1fr); gap: 12px; }
.kiosk-pad-key { min-height: 72px; font-size: 34px; font-weight: 800; border-radius: 16px; border: 3px solid #2f5d8a; background: #1d4870; color: #fff; cursor: pointer; }
.kiosk-pad-key:focus-visible { outline: 4px solid #ffd166; outline-offset: 2px; }
.kiosk-pad-erase { font-size: 22px; }
.kiosk-pad-confirm { background: #0a7a33; border-color: #0a7a33; }
.kiosk-pad-key:disabled { opacity: 0.45; cursor: default; }
.kiosk-person { font-size: 30px; font-weight: 800; color: #ffd166; }
`;
