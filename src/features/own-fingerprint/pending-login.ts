// A finger scanned at sign-up while the account still waited for its e-mail confirmation (or while
// the duplicate check could not run) is enrolled right after the person's first login in that tab.
import { i18n, loadFeatureTexts } from '../../i18n/index.ts';
import { notificationProvider } from '../../providers/notification-provider.ts';
import { keepUntilLogin, takePending } from './capture.ts';
import { enrolOwnFinger } from './data.ts';

export async function finishPendingEnrolment(email: string): Promise<void> {
  const capture = takePending(email);
  if (!capture) return;
  const [status] = await Promise.all([enrolOwnFinger(capture), loadFeatureTexts(['signupFinger'])]);
  const { open } = notificationProvider;
  const t = i18n.t.bind(i18n);
  if (status === 'enrolled')
    open({ type: 'success', message: t('signupFinger.savedTitle'), description: t('signupFinger.saved') });
  else if (status === 'duplicate')
    open({
      type: 'error',
      message: t('signupFinger.duplicateTitle'),
      description: t('signupFinger.duplicate'),
    });
  else if (status === 'already-enrolled')
    open({
      type: 'success',
      message: t('signupFinger.savedTitle'),
      description: t('signupFinger.alreadyEnrolled'),
    });
  else {
    if (status === 'unavailable') keepUntilLogin(email, capture);
    open({
      type: 'error',
      message: t('signupFinger.errorTitle'),
      description: t('signupFinger.checkFailed'),
    });
  }
}
