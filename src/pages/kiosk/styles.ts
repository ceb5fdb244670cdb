// The kiosk's look: a 10-inch tablet in landscape (two columns) or portrait (one), big type, high
// contrast, buttons large enough for a gloved finger. Its colours and type are the back office's
// (src/theme.ts: the brand's teal and ink, antd's success / warning / error tokens and font), on a
// dark ground that reads from a distance; a result shows in large type.
import { BRAND, THEME } from '../../theme.ts';

const token = THEME.token ?? {};
/** The theme's colours as the kiosk uses them: lighter tints where text sits on the dark ground. */
const K = {
  ground: BRAND.ink,
  panel: '#17423f',
  line: '#2e6b65',
  muted: '#b9d3cf',
  primary: BRAND.primary,
  attention: '#fbbf24',
  success: token.colorSuccess ?? '#16a34a',
  successText: '#4ade80',
  warning: token.colorWarning ?? '#d97706',
  warningText: '#fbbf24',
  error: token.colorError ?? '#dc2626',
  errorText: '#fca5a5',
  font: token.fontFamily ?? 'system-ui, sans-serif',
};

export const KIOSK_CSS = `
.kiosk { position: fixed; inset: 0; display: grid; grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr);
  gap: 20px; padding: 20px; background: ${K.ground}; color: #fff; font-family: ${K.font}; overflow: auto; }
.kiosk-main { display: flex; flex-direction: column; gap: 16px; min-width: 0; }
.kiosk-header { display: flex; justify-content: space-between; align-items: flex-start; gap: 12px; flex-wrap: wrap; }
.kiosk-header h1 { margin: 0; font-size: 30px; font-weight: 800; color: #fff; }
.kiosk-clock { display: flex; flex-direction: column; align-items: flex-end; }
.kiosk-time { font-size: 34px; font-weight: 800; font-variant-numeric: tabular-nums; }
.kiosk-date { font-size: 18px; color: ${K.muted}; }
.kiosk-date::first-letter { text-transform: uppercase; }
.kiosk-status { font-size: 30px; font-weight: 800; padding: 16px 20px; border-radius: 16px; background: ${K.panel}; border: 3px solid ${K.line}; min-height: 76px; display: flex; align-items: center; }
.kiosk[data-phase='waiting'] .kiosk-status, .kiosk[data-phase='matching'] .kiosk-status, .kiosk[data-phase='saving'] .kiosk-status { border-color: ${K.attention}; color: ${K.attention}; }
.kiosk-status[data-tone='success'] { border-color: ${K.successText}; color: ${K.successText}; }
.kiosk-status[data-tone='warning'] { border-color: ${K.warningText}; color: ${K.warningText}; }
.kiosk-status[data-tone='error'] { border-color: ${K.errorText}; color: ${K.errorText}; }
.kiosk-prompt { font-size: 28px; font-weight: 700; color: #fff; line-height: 1.3; }
.kiosk-choose { font-size: 18px; color: ${K.muted}; margin-top: auto; }
.kiosk-actions { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.kiosk-button { min-height: 110px; font-size: 34px; font-weight: 800; font-family: inherit; border-radius: 20px; border: 4px solid transparent; cursor: pointer; color: #fff; }
.kiosk-button:focus-visible { outline: 4px solid ${K.attention}; outline-offset: 3px; }
.kiosk-in { background: #15803d; }
.kiosk-out { background: #b91c1c; }
.kiosk-button[aria-pressed='true'] { border-color: ${K.attention}; box-shadow: 0 0 0 4px rgba(251, 191, 36, 0.35); }
.kiosk-result { border-radius: 18px; padding: 20px 24px; background: #fff; color: ${BRAND.ink}; border-left: 16px solid ${K.success}; }
.kiosk-result[data-tone='warning'] { border-left-color: ${K.warning}; }
.kiosk-result[data-tone='error'] { border-left-color: ${K.error}; }
.kiosk-result h2 { margin: 0; font-size: 52px; line-height: 1.1; font-weight: 800; }
.kiosk-result[data-tone='success'] h2 { color: #15803d; }
.kiosk-result[data-tone='warning'] h2 { color: #a16207; }
.kiosk-result[data-tone='error'] h2 { color: #b91c1c; }
.kiosk-detail { margin: 8px 0 12px; font-size: 28px; font-weight: 600; }
.kiosk-result dl { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 10px 18px; margin: 0; }
.kiosk-result dl > div:first-child { grid-column: 1 / -1; }
.kiosk-result dt { font-size: 16px; color: #46605d; font-weight: 600; }
.kiosk-result dd { margin: 0; font-size: 26px; font-weight: 800; font-variant-numeric: tabular-nums; }
.kiosk-scanner { display: flex; flex-direction: column; min-height: 0; border-radius: 18px; overflow: hidden; background: ${BRAND.surface}; }
.kiosk-scanner > iframe { flex: 1; min-height: 320px; }
.kiosk-device { padding: 8px 16px 12px; font-size: 15px; }
.kiosk-device a { color: ${BRAND.primary}; text-decoration: underline; }
@media (orientation: portrait), (max-width: 760px) {
  .kiosk { grid-template-columns: minmax(0, 1fr); grid-template-rows: auto minmax(380px, 1fr); }
  .kiosk-choose { margin-top: 0; }
}
`;

// The verify site's keypad: three columns of keys at least 72 px high.
export const KEYPAD_CSS = `
.kiosk-pad { display: flex; flex-direction: column; gap: 12px; }
.kiosk-pad-value { font-size: 44px; font-weight: 800; letter-spacing: 0.3em; text-align: center; padding: 10px; border-radius: 14px; background: ${K.panel}; border: 3px solid ${K.line}; font-variant-numeric: tabular-nums; }
.kiosk-pad-keys { display: grid; grid-template-columns: repeat(3, 1fr); gap: 12px; }
.kiosk-pad-key { min-height: 72px; font-size: 34px; font-weight: 800; font-family: inherit; border-radius: 16px; border: 3px solid ${K.line}; background: #1f5a55; color: #fff; cursor: pointer; }
.kiosk-pad-key:focus-visible { outline: 4px solid ${K.attention}; outline-offset: 2px; }
.kiosk-pad-erase { font-size: 22px; }
.kiosk-pad-confirm { background: #15803d; border-color: #15803d; }
.kiosk-pad-key:disabled { opacity: 0.45; cursor: default; }
.kiosk-person { font-size: 30px; font-weight: 800; color: ${K.attention}; }
`;
