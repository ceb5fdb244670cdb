// /attendance-scanner: the kiosk tablet's screen. Check In or Check Out, then the embedded scanner
// page (attendance mode, started after 500 ms) identifies the finger; the punch goes through
// punch() (queries.ts) and the result card shows for 6 s before the screen is Ready again.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { punchErrorKey, punchErrorLine } from '../../components/daily/punchErrors.ts';
import { describeError, describeErrorHint } from '../../shared/feedback/index.ts';
import { ScannerFrame, stopScanner } from '../../components/scanner/ScannerFrame.tsx';
import type { PunchAction, ScannerMessage } from '../../fingerprint/scanner/protocol.ts';
import { useKioskPunch } from './offline/useKioskPunch.ts';
import { kioskDeviceId, type PunchRecord } from './queries.ts';
import { KIOSK_CSS } from './styles.ts';

/** The spec: the scanner starts 500 ms after the action is chosen; a result shows for 6 s. */
export const SCANNER_START_DELAY_MS = 500;
export const RESULT_MS = 6_000;

type Tone = 'success' | 'warning' | 'error';

interface Result {
  tone: Tone;
  title: string;
  detail: string;
  status: string;
  name?: string;
  record?: PunchRecord;
}

type Phase = 'idle' | 'waiting' | 'matching' | 'saving' | 'result';

export function KioskScreen() {
  const { t, i18n } = useTranslation();
  const [action, setAction] = useState<PunchAction | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [result, setResult] = useState<Result | null>(null);
  const [now, setNow] = useState(() => new Date());
  const scannerBox = useRef<HTMLDivElement>(null);
  const resetTimer = useRef<number | undefined>(undefined);
  const deviceId = useRef(kioskDeviceId());
  // Offline: punches queue on this tablet with their time and are replayed when the connection returns.
  const { punch, waiting, online } = useKioskPunch();
  const actionRef = useRef(action);
  actionRef.current = action;
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(resetTimer.current);
    };
  }, []);

  const frame = () => scannerBox.current?.querySelector('iframe') ?? null;

  const reset = () => {
    window.clearTimeout(resetTimer.current);
    stopScanner(frame());
    setAction(null);
    setResult(null);
    setPhase('idle');
  };

  const choose = (next: PunchAction) => {
    window.clearTimeout(resetTimer.current);
    setResult(null);
    setPhase('waiting');
    // Leave and re-enter the action so the scanner is started again even for the same action.
    setAction(null);
    window.setTimeout(() => setAction(next), 0);
  };

  const show = (next: Result) => {
    stopScanner(frame());
    setResult(next);
    setPhase('result');
    window.clearTimeout(resetTimer.current);
    resetTimer.current = window.setTimeout(reset, RESULT_MS);
  };

  const onMessage = (message: ScannerMessage) => {
    const current = actionRef.current;
    if (message.type === 'scanner-state') {
      if (current && phaseRef.current === 'waiting' && message.state === 'processing') setPhase('matching');
      if (current && phaseRef.current === 'matching' && message.state === 'ready' && message.code === 'retry')
        setPhase('waiting');
      return;
    }
    // One punch at a time: a press while the last one is being recorded or shown is ignored.
    if (message.type !== 'fingerprint-attendance' || !current) return;
    if (phaseRef.current === 'result' || phaseRef.current === 'saving') return;
    if (message.status === 'no_match' || !message.employee) {
      show({
        tone: 'error',
        title: t('kiosk.result.notRecognized'),
        detail: t('kiosk.result.notRecognizedDetail'),
        status: t('kiosk.result.notRecognizedStatus'),
      });
      return;
    }
    const employee = message.employee;
    phaseRef.current = 'saving';
    setPhase('saving');
    void punch(current, employee.id, deviceId.current).then((outcome) => {
      if (outcome.ok === 'queued') {
        const title = current === 'check-in' ? t('kiosk.result.checkedIn') : t('kiosk.result.checkedOut');
        show({
          tone: 'warning',
          title,
          detail: t('offline.queuedDetail'),
          status: t('offline.queued'),
          name: employee.name,
        });
      } else if (outcome.ok) {
        const title = current === 'check-in' ? t('kiosk.result.checkedIn') : t('kiosk.result.checkedOut');
        show({
          tone: 'success',
          title,
          detail:
            current === 'check-in'
              ? t('kiosk.result.welcome', { name: employee.name })
              : t('kiosk.result.goodbye', { name: employee.name }),
          status: title,
          name: employee.name,
          record: outcome.record,
        });
      } else if (current === 'check-in' && outcome.message === 'punch.already_checked_in') {
        show({
          tone: 'warning',
          title: t('kiosk.result.alreadyCheckedIn'),
          detail: t('kiosk.result.alreadyCheckedInDetail'),
          status: t('kiosk.result.alreadyCheckedIn'),
          name: employee.name,
        });
      } else if (current === 'check-in') {
        show({
          tone: 'error',
          title: t('kiosk.result.checkInFailed'),
          // The refusal in the kiosk's language (the server's words only for an unexpected failure).
          detail: punchErrorKey(outcome.message)
            ? punchErrorLine(t, outcome)
            : (describeErrorHint(t, outcome) ?? describeError(t, outcome)),
          status: t('kiosk.result.checkInFailed'),
          name: employee.name,
        });
      } else {
        show({
          tone: 'error',
          title: t('kiosk.result.checkOutFailed'),
          detail:
            outcome.message === 'punch.no_active_check_in'
              ? t('kiosk.result.noActiveCheckIn')
              : punchErrorLine(t, outcome),
          status: t('kiosk.result.checkOutFailed'),
          name: employee.name,
        });
      }
    });
  };

  const language = i18n.language.startsWith('fr') ? 'fr-FR' : 'en-US';
  const time = (iso: string | null | undefined) =>
    iso ? new Date(iso).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' }) : '—';
  const statusLine =
    phase === 'result' && result
      ? result.status
      : phase === 'matching'
        ? t('kiosk.status.matching')
        : phase === 'saving'
          ? t('kiosk.status.saving')
          : action
            ? t(`kiosk.status.${action}`)
            : t('kiosk.status.ready');

  return (
    <div className="kiosk" data-phase={phase}>
      <style>{KIOSK_CSS}</style>
      <div className="kiosk-main">
        <header className="kiosk-header">
          <h1>{t('kiosk.title')}</h1>
          <div className="kiosk-clock">
            <span className="kiosk-time">
              {now.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' })}
            </span>
            <span className="kiosk-date">
              {now.toLocaleDateString(language, { weekday: 'long', day: 'numeric', month: 'long' })}
            </span>
          </div>
        </header>
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
        <div className="kiosk-actions">
          <button
            type="button"
            className="kiosk-button kiosk-in"
            aria-pressed={action === 'check-in'}
            onClick={() => choose('check-in')}
          >
            {t('kiosk.checkIn')}
          </button>
          <button
            type="button"
            className="kiosk-button kiosk-out"
            aria-pressed={action === 'check-out'}
            onClick={() => choose('check-out')}
          >
            {t('kiosk.checkOut')}
          </button>
        </div>
        {result && (
          <section
            className="kiosk-result"
            data-tone={result.tone}
            data-testid="kiosk-result"
            aria-live="assertive"
          >
            <h2>{result.title}</h2>
            <p className="kiosk-detail">{result.detail}</p>
            {result.name && (
              <dl>
                <div>
                  <dt>{t('kiosk.card.employee')}</dt>
                  <dd data-testid="kiosk-result-name">{result.name}</dd>
                </div>
                {result.record && (
                  <>
                    <div>
                      <dt>{t('kiosk.card.checkIn')}</dt>
                      <dd>{time(result.record.check_in)}</dd>
                    </div>
                    <div>
                      <dt>{t('kiosk.card.checkOut')}</dt>
                      <dd>{time(result.record.check_out)}</dd>
                    </div>
                    <div>
                      <dt>{t('kiosk.card.totalHours')}</dt>
                      <dd data-testid="kiosk-result-hours">
                        {result.record.total_hours === null ? '—' : result.record.total_hours.toFixed(2)}
                      </dd>
                    </div>
                    <div>
                      <dt>{t('kiosk.card.status')}</dt>
                      <dd>{t(`kiosk.card.${result.record.status}`)}</dd>
                    </div>
                  </>
                )}
              </dl>
            )}
          </section>
        )}
      </div>
      <div className="kiosk-scanner" ref={scannerBox}>
        <ScannerFrame
          mode="attendance"
          {...(action ? { action } : {})}
          startDelay={action ? SCANNER_START_DELAY_MS : false}
          onMessage={onMessage}
          height="100%"
          title={t('scanner.title')}
        />
        <div className="kiosk-device">{t('kiosk.device', { id: deviceId.current })}</div>
      </div>
    </div>
  );
}
