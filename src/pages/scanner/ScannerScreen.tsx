// /scanner: the scanner page full-screen. `?mode=attendance&action=check-out` identifies;
// `?mode=register&employee=<id>&name=…&finger=right_index` enrols a finger of that employee and
// stores it (enrol_fingerprint), showing 'Fingerprint Captured'.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScannerFrame } from '../../components/scanner/ScannerFrame.tsx';
import { saveEnrolment } from '../../fingerprint/scanner/enrolment.ts';
import {
  FINGERS,
  type Finger,
  type ScannerMessage,
  type ScannerPerson,
} from '../../fingerprint/scanner/protocol.ts';
import { supabase } from '../../providers/supabase.ts';

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

  const onMessage = (message: ScannerMessage) => {
    if (message.type !== 'fingerprint-register' || !person) return;
    saveEnrolment(supabase(), person.id, message).then(
      () => setNote({ text: t('kiosk.fingerprintCaptured'), ok: true }),
      (error: Error) => setNote({ text: `${t('kiosk.enrolmentFailed')}: ${error.message}`, ok: false }),
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
