// The employee portal's punches: biometric check-in and check-out (the scanner modal, refusing
// someone else's finger) and the Manual Attendance box, with the toasts that follow.
import { useTranslation } from 'react-i18next';
import {
  punch,
  punchFailureLine,
  refusalKey,
  type PunchAction,
  type PunchSource,
} from '../../features/punch/index.ts';
import type { ScannerMessage } from '../../fingerprint/scanner/protocol.ts';
import type { Identity } from '../../providers/identity.ts';
import { useFeedback } from '../../shared/feedback/index.ts';
import { isOwnId, looksLikeId } from './rules.ts';

const DEVICE = 'employee-portal';

export function usePortalPunch(me: Identity | null | undefined, onRecorded: () => void) {
  const { t } = useTranslation();
  const feedback = useFeedback();

  const record = async (action: PunchAction, source: PunchSource) => {
    if (!me) return;
    try {
      await punch(action, me.employeeId, { source, device: DEVICE });
      if (source === 'manual') feedback.success(t('portal.manual.done'), t('portal.manual.doneText'));
      else if (action === 'check-in')
        feedback.success(t('portal.toast.checkedIn'), t('portal.toast.welcome', { name: me.name }));
      else feedback.success(t('portal.toast.checkedOut'), t('portal.toast.goodbye', { name: me.name }));
    } catch (error) {
      const key = refusalKey(error);
      if (key === 'alreadyIn') feedback.refused(t('portal.toast.alreadyIn'));
      else if (key === 'alreadyOut') feedback.refused(t('portal.toast.alreadyOut'));
      else
        feedback.refused(
          t(action === 'check-in' ? 'portal.toast.failedIn' : 'portal.toast.failedOut'),
          punchFailureLine(t, error),
        );
    }
    onRecorded();
  };

  /** The scanner modal's identification: one's own finger punches, anything else is refused here. */
  const onScanner = (message: ScannerMessage) => {
    if (message.type !== 'fingerprint-attendance' || !me) return;
    if (message.status !== 'matched' || !message.employee) {
      feedback.refused(t('portal.toast.noMatch'), t('portal.toast.notRecognized'));
      return;
    }
    if (message.employee.id !== me.employeeId) {
      feedback.refused(t('portal.toast.notYou'), t('portal.toast.notYouText'));
      return;
    }
    void record(message.action, 'fingerprint');
  };

  /** Manual Attendance: one's own ID or e-mail checks in; true when the box may be cleared. */
  const markManual = async (typed: string): Promise<boolean> => {
    if (!me) return false;
    const value = typed.trim();
    if (isOwnId(value, me)) {
      void record('check-in', 'manual');
      return true;
    }
    if (!looksLikeId(value)) {
      feedback.refused(t('portal.manual.invalid'));
      return false;
    }
    // Someone else's ID: the database decides (it records nobody's attendance but one's own), and
    // an ID that is nobody's is not a valid one.
    try {
      await punch('check-in', value, { source: 'manual', device: DEVICE });
      feedback.success(t('portal.manual.done'), t('portal.manual.doneText'));
    } catch (error) {
      if (refusalKey(error) === 'ownOnly')
        feedback.refused(t('portal.toast.notYou'), t('portal.manual.notYouText'));
      else feedback.refused(t('portal.manual.invalid'));
    }
    onRecorded();
    return false;
  };

  return { onScanner, markManual };
}
