// A notification's title and message in the reader's language: a system notification is a code
// with parameters (src/i18n/features/notifications.ts); one a person wrote keeps their words.
import type { TFunction } from 'i18next';
import { placeholderValues, translatedValues } from '../feedback/describe-error.ts';

export interface NotificationLike {
  code?: string | null;
  params?: unknown;
  title?: string | null;
  message?: string | null;
}

export function notificationText(t: TFunction, row: NotificationLike): { title: string; message: string } {
  if (!row.code) return { title: row.title ?? '', message: row.message ?? '' };
  const params = {
    ...placeholderValues(translatedValues(t, row.params, (_name, value) => `notifications.values.${value}`)),
    interpolation: { escapeValue: false },
  };
  const titleKey = `notifications.${row.code}.title`;
  const messageKey = `notifications.${row.code}.message`;
  const title = t(titleKey, params);
  const message = t(messageKey, params);
  if (title === titleKey || message === messageKey)
    return { title: t('notifications.unknown.title'), message: t('notifications.unknown.message') };
  return { title, message };
}
