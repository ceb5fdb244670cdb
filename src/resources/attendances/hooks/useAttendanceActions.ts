// What the page's actions do: a punch from the inline scanner, Manual Entry, and the status line and
// toasts that follow (the database decides; its refusals become the spec's messages).
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PunchAction, ScannerMessage } from '../../../fingerprint/scanner/protocol.ts';
import { manualEntry as recordManualEntry, punch as recordPunch, resolveEmployee } from '../queries.ts';
import { punchErrorLine } from '../../../components/daily/punchErrors.ts';
import { refusal, type Status } from '../status.ts';

export function useAttendanceActions(onRecorded: () => void) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const [status, setStatus] = useState<Status>({ key: 'idle' });

  const toast = (type: 'success' | 'error', key: string, description?: string) =>
    open?.({ type, message: t(key), description });

  const refused = (error: { message: string }) => {
    const r = refusal(error.message);
    setStatus({ key: r?.status ?? 'idle' });
    if (r) toast('error', `attendance.toast.${r.toast}`, t(`attendance.toast.${r.toast}Text`));
    else toast('error', 'attendance.toast.failed', punchErrorLine(t, error));
  };

  const notRecognized = () => {
    setStatus({ key: 'notRecognized' });
    toast('error', 'attendance.toast.notRecognized', t('attendance.toast.notRecognizedText'));
  };

  const punch = async (employeeId: string, name: string, what: PunchAction) => {
    const error = await recordPunch(employeeId, what);
    if (error) return refused(error);
    const key = what === 'check-in' ? 'checkedIn' : 'checkedOut';
    setStatus({ key, name });
    toast('success', `attendance.toast.${key}`, name);
    onRecorded();
  };

  const onScanner = (message: ScannerMessage) => {
    if (message.type !== 'fingerprint-attendance') return;
    if (message.status !== 'matched' || !message.employee) return notRecognized();
    void punch(message.employee.id, message.employee.name, message.action);
  };

  /** Manual Entry by Employee ID (or e-mail); true when recorded. */
  const manualEntry = async (typed: string): Promise<boolean> => {
    if (!typed.trim()) {
      toast('error', 'attendance.manual.missing', t('attendance.manual.missingText'));
      return false;
    }
    const person = await resolveEmployee(typed);
    if (!person) {
      notRecognized();
      return false;
    }
    const error = await recordManualEntry(person.id);
    if (error) {
      refused(error);
      return false;
    }
    setStatus({ key: 'checkedIn', name: person.name });
    toast('success', 'attendance.manual.done', t('attendance.manual.doneText', { name: person.name }));
    onRecorded();
    return true;
  };

  return { status, onScanner, manualEntry };
}
