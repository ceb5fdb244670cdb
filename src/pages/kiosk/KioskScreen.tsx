// /attendance-scanner: the kiosk tablet's screen. One tap: the embedded scanner page (attendance
// mode, started after 500 ms) waits for any press and the database checks the person in or out from
// their open record; Check In / Check Out choose explicitly (behind the offline queue). The result
// card shows in large type for 6 s before the screen is Ready again. The state machine (machine.ts) decides; this screen renders its state and runs the
// effects of entering one (recording the punch, stopping the scanner, the result's timer).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScannerFrame, stopScanner } from '../../components/scanner/ScannerFrame.tsx';
import type { ScannerMessage, ScannerPerson } from '../../fingerprint/scanner/protocol.ts';
import { KioskHeader } from './components/KioskHeader.tsx';
import { NumberPad } from './components/NumberPad.tsx';
import { ResultCard } from './components/ResultCard.tsx';
import { punchActionOf } from '../../features/punch/index.ts';
import { kioskDeviceId, kioskOneTap } from './data.ts';
import {
  chosenAction,
  INITIAL_KIOSK_STATE,
  kioskTransition,
  type KioskEvent,
  type KioskState,
  scanAction,
} from './machine.ts';
import { isRefusal } from './offline/failure.ts';
import { useKioskPunch } from './offline/useKioskPunch.ts';
import { PinMode } from './pin/PinMode.tsx';
import { resultView } from './result.ts';
import { KEYPAD_CSS, KIOSK_CSS } from './styles.ts';
import { useVerifyNumber } from './useVerifyNumber.ts';

/** The spec: the scanner starts 500 ms after the action is chosen; a result shows for 6 s. */
export const SCANNER_START_DELAY_MS = 500;
export const RESULT_MS = 6_000;

/** The two buttons a person presses before their finger. */
const CHOICES = [
  { choice: 'check-in', className: 'kiosk-in', label: 'kiosk.checkIn' },
  { choice: 'check-out', className: 'kiosk-out', label: 'kiosk.checkOut' },
] as const;

export function KioskScreen() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<KioskState>(INITIAL_KIOSK_STATE);
  const current = useRef(state);
  const scannerBox = useRef<HTMLDivElement>(null);
  const resultTimer = useRef<number | undefined>(undefined);
  const deviceId = useRef(kioskDeviceId());
  // Offline: punches queue on this tablet with their time and are replayed when the connection returns.
  const { punch, queuePress, waiting, online } = useKioskPunch();
  // A verify site: the personal number first, then the thumb, compared on the server with that person.
  const verify = useVerifyNumber();

  useEffect(() => () => window.clearTimeout(resultTimer.current), []);

  const frame = () => scannerBox.current?.querySelector('iframe') ?? null;

  const dispatch = (event: KioskEvent) => {
    const before = current.current;
    const next = kioskTransition(before, event);
    if (next === before) return;
    current.current = next;
    setState(next);
    enter(next, before);
  };

  /** The effects of entering a state. */
  const enter = (next: KioskState, before: KioskState) => {
    window.clearTimeout(resultTimer.current);
    if (next.phase === 'saving' && before.phase !== 'saving') {
      const { action, employee } = next;
      if (action === 'auto') return oneTap(employee);
      punch(action, employee.id, deviceId.current).then(
        (outcome) =>
          dispatch(
            outcome.status === 'queued'
              ? { type: 'queued', action, employee }
              : { type: 'recorded', action, employee, record: outcome.record },
          ),
        (error: unknown) => dispatch({ type: 'refused', action, employee, error }),
      );
    }
    if (next.phase === 'result') {
      stopScanner(frame());
      resultTimer.current = window.setTimeout(() => dispatch({ type: 'expired' }), RESULT_MS);
    }
    if (next.phase === 'idle' || (next.phase === 'waiting' && next.attempt !== before.attempt))
      verify.reset();
  };

  /** One tap, live only: offline (or behind queued punches) in or out cannot be decided here. */
  const oneTap = (employee: ScannerPerson) => {
    if (!online || waiting > 0) return dispatch({ type: 'choose-needed', employee });
    kioskOneTap(employee.id, deviceId.current).then(
      (record) => dispatch({ type: 'recorded', action: punchActionOf(record), employee, record }),
      (error: unknown) =>
        dispatch(
          isRefusal(error)
            ? { type: 'refused', action: 'auto', employee, error }
            : { type: 'choose-needed', employee },
        ),
    );
  };

  const onMessage = (message: ScannerMessage) => {
    if (message.type === 'scanner-state')
      dispatch({
        type: 'scanner-state',
        state: message.state,
        ...(message.code ? { code: message.code } : {}),
      });
    else if (message.type === 'fingerprint-attendance')
      dispatch({ type: 'identified', employee: message.status === 'no_match' ? null : message.employee });
    else if (message.type === 'fingerprint-offline-press') {
      // A verify site offline: the press waits with the number; the server verifies it at replay.
      const { action } = message;
      const employee = { id: '', name: verify.person?.firstName ?? '' };
      const press = { number: message.personalNumber, template: message.template };
      queuePress(action, press, deviceId.current).then(
        () => dispatch({ type: 'queued', action, employee }),
        (error: unknown) => dispatch({ type: 'refused', action, employee, error }),
      );
    }
  };

  const language = i18n.language.startsWith('fr') ? 'fr-FR' : 'en-US';
  const action = chosenAction(state);
  const oneTapArmed = scanAction(state) === 'auto';
  const result = state.phase === 'result' ? resultView(t, state.action, state.result) : null;
  // At a verify site the scanner waits for the number; the keypad shows until it is confirmed.
  const asking = state.phase === 'idle' || state.phase === 'waiting';
  const askNumber = verify.verify && asking && !verify.person;
  const scannerArmed = verify.known && state.phase !== 'result' && (!verify.verify || verify.person !== null);
  // The finger to place: a verify site knows the person's enrolled fingers once the number is typed;
  // an identify site does not know who is coming, so the prompt says 'your finger'.
  const fingers = (verify.person?.fingers ?? []).map((f) => t(`scanner.register.fingers.${f}`)).join(', ');
  const statusLine = result
    ? result.status
    : askNumber
      ? t('kioskVerify.enterNumber')
      : state.phase === 'matching'
        ? t('kiosk.status.matching')
        : state.phase === 'saving'
          ? t('kiosk.status.saving')
          : action
            ? t(`kiosk.status.${action}`)
            : t('kiosk.status.ready');

  return (
    <div className="kiosk" data-phase={state.phase} data-device={deviceId.current}>
      <style>{KIOSK_CSS + KEYPAD_CSS}</style>
      <div className="kiosk-main">
        <KioskHeader language={language} />
        <div
          className="kiosk-status"
          role="status"
          aria-live="polite"
          data-testid="kiosk-status"
          data-tone={result?.tone}
        >
          {statusLine}
        </div>
        {(!online || waiting > 0) && (
          <div className="kiosk-status" data-testid="kiosk-offline" data-tone="warning" role="status">
            {t('offline.waiting', { count: waiting })}
          </div>
        )}
        {result && <ResultCard result={result} language={language} />}
        {verify.person?.firstName && !result && (
          <div className="kiosk-person" data-testid="kiosk-person">
            {t('kioskVerify.hello', { name: verify.person.firstName })}
          </div>
        )}
        {askNumber && (
          <NumberPad
            value={verify.typed}
            onChange={verify.setTyped}
            onConfirm={(n) => void verify.confirm(n)}
          />
        )}
        {oneTapArmed && asking && !askNumber && (
          <div className="kiosk-prompt" data-testid="kiosk-prompt">
            {fingers ? t('kioskTap.promptFingers', { fingers }) : t('kioskTap.prompt')}
          </div>
        )}
        {!oneTapArmed && fingers && asking && (
          <div className="kiosk-prompt" data-testid="kiosk-prompt">
            {fingers}
          </div>
        )}
        <div className="kiosk-choose">{t('kioskTap.chooseHint')}</div>
        <div className="kiosk-actions">
          {CHOICES.map(({ choice, className, label }) => (
            <button
              key={choice}
              type="button"
              className={`kiosk-button ${className}`}
              aria-pressed={action === choice}
              onClick={() => dispatch({ type: 'choose', action: choice })}
            >
              {t(label)}
            </button>
          ))}
        </div>
        {/* People whose finger does not read punch with their personal number and PIN (reviewed). */}
        <PinMode />
      </div>
      <div className="kiosk-scanner" ref={scannerBox}>
        <ScannerFrame
          mode="attendance"
          action={action ?? 'check-in'}
          oneTap={oneTapArmed}
          {...(verify.verify && verify.person ? { personalNumber: verify.person.number } : {})}
          startDelay={scannerArmed ? SCANNER_START_DELAY_MS : false}
          restartKey={state.attempt}
          onMessage={onMessage}
          height="100%"
          title={t('scanner.title')}
        />
        <div className="kiosk-device">
          <a href="/biometric-policy" target="_blank" rel="noopener" data-testid="kiosk-policy-link">
            {t('landing.biometricPolicy')}
          </a>
        </div>
      </div>
    </div>
  );
}
