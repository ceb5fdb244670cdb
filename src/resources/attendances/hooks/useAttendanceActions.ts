// What the page's actions do: a punch from the inline scanner, Manual Entry, and the status line and
// toasts that follow (the database decides; its refusals become the spec's messages).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { punch, punchFailureLine, type PunchAction } from '../../../features/punch/index.ts';
import type { ScannerMessage } from '../../../fingerprint/scanner/protocol.ts';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { refusal, type Status } from '../status.ts';

export function useAttendanceActions(onRecorded: () => void) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [status, setStatus] = useState<Status>({ key: 'idle' });

  const refused = (error: unknown) => {
    const r = refusal(error);
    setStatus({ key: r?.status ?? 'idle' });
    if (r) feedback.refused(t(`attendance.toast.${r.toast}`), t(`attendance.toast.${r.toast}Text`));
    else feedback.refused(t('attendance.toast.failed'), punchFailureLine(t, error));
  };

  const notRecognized = () => {
    setStatus({ key: 'notRecognized' });
    feedback.refused(t('attendance.toast.notRecognized'), t('attendance.toast.notRecognizedText'));
  };

  const record = async (employeeId: string, name: string, what: PunchAction) => {
    try {
      await punch(what, employeeId, { source: 'fingerprint', device: 'attendance-page' });
    } catch (error) {
      return refused(error);
    }
    const key = what === 'check-in' ? 'checkedIn' : 'checkedOut';
    setStatus({ key, name });
    feedback.success(t(`attendance.toast.${key}`), name);
    onRecorded();
  };

  const onScanner = (message: ScannerMessage) => {
    if (message.type !== 'fingerprint-attendance') return;
    if (message.status !== 'matched' || !message.employee) return notRecognized();
    void record(message.employee.id, message.employee.name, message.action);
  };

  /** Manual Entry: a check-in or check-out for the person picked, through the same RPCs and rules as
   * the portal's buttons (source 'manual'); true when recorded. */
  const manualEntry = async (person: { id: string; name: string }, what: PunchAction): Promise<boolean> => {
    try {
      await punch(what, person.id, { source: 'manual', device: 'manual-entry' });
    } catch (error) {
      // The person was picked from the list: a refusal is about the punch, never 'not recognized'.
      const r = refusal(error);
      setStatus({ key: r && r.status !== 'notRecognized' ? r.status : 'idle' });
      feedback.refused(t('manualEntry.failed'), punchFailureLine(t, error));
      return false;
    }
    const key = what === 'check-in' ? 'checkedIn' : 'checkedOut';
    setStatus({ key, name: person.name });
    feedback.success(t(`manualEntry.${key}`, { name: person.name }));
    onRecorded();
    return true;
  };

  return { status, onScanner, manualEntry };
}
