// /scanner: the scanner page full-screen. `?mode=attendance&action=check-out` identifies;
// `?mode=register&employee=<id>&name=…&finger=right_index` enrols a finger of that employee and
// stores it (enrol_fingerprint), showing 'Fingerprint Captured'.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../shared/feedback/index.ts';
import { useSearchParams } from 'react-router';
import { ScannerFrame } from '../../components/scanner/ScannerFrame.tsx';
import {
  FINGERS,
  type Finger,
  type ScannerMessage,
  type ScannerPerson,
} from '../../fingerprint/scanner/protocol.ts';
import { mayDo } from '../../domain/access/roles.ts';
import { loadIdentity } from '../../providers/identity.ts';
import { fetchEnrolledFingers, removeFinger, saveFinger } from './data.ts';

export function ScannerScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mode = params.get('mode') === 'register' ? 'register' : 'attendance';
  const action = params.get('action') === 'check-out' ? 'check-out' : 'check-in';
  const employeeId = params.get('employee');
  const person: ScannerPerson | undefined = employeeId
    ? { id: employeeId, name: params.get('name') ?? '' }
    : undefined;
  const fingerParam = params.get('finger') as Finger | null;
  const finger = fingerParam && FINGERS.includes(fingerParam) ? fingerParam : undefined;
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null);
  // Register mode for an employee: their enrolled fingers; an admin may remove one (audited) to re-enrol it.
  const [enrolled, setEnrolled] = useState<Finger[]>([]);
  const [mayRemove, setMayRemove] = useState(false);
  const refresh = useCallback(async () => {
    if (mode !== 'register' || !employeeId) return;
    setEnrolled(await fetchEnrolledFingers(employeeId).catch(() => []));
  }, [mode, employeeId]);
  useEffect(() => {
    void refresh();
    void loadIdentity().then((identity) => setMayRemove(mayDo('fingerprints.remove', identity?.role)));
  }, [refresh]);

  const onMessage = (message: ScannerMessage) => {
    if (message.type !== 'fingerprint-register' || !person) return;
    saveFinger(person.id, message).then(
      () => {
        setNote({ text: t('kiosk.fingerprintCaptured'), ok: true });
        void refresh();
      },
      (error: unknown) =>
        setNote({ text: `${t('kiosk.enrolmentFailed')}: ${describeError(t, error)}`, ok: false }),
    );
  };

  const remove = (which: Finger) => {
    if (!employeeId) return;
    removeFinger(employeeId, which, 'removed by an admin at /scanner').then(
      () => {
        setNote({
          text: t('kiosk.fingerRemoved', { finger: t(`scanner.register.fingers.${which}`) }),
          ok: true,
        });
        void refresh();
      },
      (error: unknown) => setNote({ text: describeError(t, error), ok: false }),
    );
  };

  return (
    <div
      style={{ position: 'fixed', inset: 0, display: 'flex', flexDirection: 'column', background: '#f4f7fb' }}
    >
      {note && (
        <div
          role="status"
          data-testid="scanner-screen-note"
          style={{
            padding: '12px 16px',
            fontSize: 20,
            fontWeight: 700,
            color: '#fff',
            background: note.ok ? '#0a7a33' : '#b3261e',
          }}
        >
          {note.text}
        </div>
      )}
      {enrolled.length > 0 && (
        <div
          data-testid="enrolled-fingers"
          style={{
            display: 'flex',
            gap: 12,
            alignItems: 'center',
            flexWrap: 'wrap',
            padding: '8px 16px',
            fontSize: 16,
          }}
        >
          <strong>{t('kiosk.enrolledFingers')}</strong>
          {enrolled.map((which) => (
            <span key={which} style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
              <span>{t(`scanner.register.fingers.${which}`)}</span>
              {mayRemove && (
                <button
                  type="button"
                  onClick={() => remove(which)}
                  style={{
                    minHeight: 36,
                    padding: '4px 12px',
                    borderRadius: 8,
                    border: '1px solid #b3261e',
                    color: '#b3261e',
                    background: '#fff',
                    cursor: 'pointer',
                  }}
                >
                  {t('kiosk.removeFinger')}
                </button>
              )}
            </span>
          ))}
        </div>
      )}
      <div style={{ flex: 1, minHeight: 0 }}>
        <ScannerFrame
          mode={mode}
          action={action}
          {...(person ? { person } : {})}
          {...(finger ? { finger } : {})}
          height="100%"
          onMessage={onMessage}
          title={t('scanner.title')}
        />
      </div>
    </div>
  );
}
