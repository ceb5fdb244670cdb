// What the result card says about a kiosk result (tone, title, detail, status line), in the kiosk's language.
import type { TFunction } from 'i18next';
import { punchFailureLine, refusalKey, type PunchRecord } from '../../features/punch/index.ts';
import type { KioskAction, KioskResult } from './machine.ts';

export interface ResultView {
  tone: 'success' | 'warning' | 'error';
  title: string;
  detail: string;
  /** The status line's text while the card shows. */
  status: string;
  name?: string;
  record?: PunchRecord;
}

/** A warning whose title is also the status line; its detail is the text at `<key>Detail`. */
function warning(t: TFunction, key: string, name: string): ResultView {
  const title = t(key);
  return { tone: 'warning', title, detail: t(`${key}Detail`), status: title, name };
}

export function resultView(t: TFunction, action: KioskAction, result: KioskResult): ResultView {
  const done = action === 'check-in' ? t('kiosk.result.checkedIn') : t('kiosk.result.checkedOut');
  switch (result.kind) {
    case 'not-recognized':
      return {
        tone: 'error',
        title: t('kiosk.result.notRecognized'),
        detail: t('kiosk.result.notRecognizedDetail'),
        status: t('kiosk.result.notRecognizedStatus'),
      };
    case 'queued':
      return {
        tone: 'warning',
        title: done,
        detail: t('offline.queuedDetail'),
        status: t('offline.queued'),
        name: result.employee.name,
      };
    case 'recorded':
      return {
        tone: 'success',
        title: done,
        detail:
          action === 'check-in'
            ? t('kiosk.result.welcome', { name: result.employee.name })
            : t('kiosk.result.goodbye', { name: result.employee.name }),
        status: done,
        name: result.employee.name,
        record: result.record,
      };
    case 'choose':
      return warning(t, 'kioskTap.result.choose', result.employee.name);
    case 'refused': {
      const name = result.employee.name;
      const key = refusalKey(result.error);
      // A second press within the interval: the first one counts, nothing is wrong.
      if (key === 'alreadyRecorded') return warning(t, 'kioskTap.result.alreadyRecorded', name);
      if (action === 'check-in' && key === 'alreadyIn')
        return warning(t, 'kiosk.result.alreadyCheckedIn', name);
      const title =
        action === 'auto'
          ? t('kioskTap.result.failed')
          : action === 'check-in'
            ? t('kiosk.result.checkInFailed')
            : t('kiosk.result.checkOutFailed');
      // The refusal in the kiosk's language (the server's words only for an unexpected failure).
      const detail =
        action === 'check-out' && key === 'noActive'
          ? t('kiosk.result.noActiveCheckIn')
          : punchFailureLine(t, result.error);
      return { tone: 'error', title, detail, status: title, name };
    }
  }
}
