// A notification's title and message in the reader's language: a system notification is a code
// with parameters (src/i18n/locales/*/notifications.json); one a person wrote keeps their words.
import type { TFunction } from 'i18next';
import { placeholderValues, translatedValues } from '../feedback/describe-error.ts';
import { formatDate } from '../format/index.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface NotificationLike {
  code?: string | null;
  params?: unknown;
  title?: string | null;
  message?: string | null;
}

/** With `language`, a date parameter (stored as 2026-11-17) is written the reader's way (17 nov. 2026). */
export function notificationText(
  t: TFunction,
  row: NotificationLike,
  language?: string,
): { title: string; message: string } {
  if (!row.code) return { title: row.title ?? '', message: row.message ?? '' };
  const values = translatedValues(t, row.params, (_name, value) => `notifications.values.${value}`);
  const params = {
    ...placeholderValues(
      Object.fromEntries(
        Object.entries(values).map(([name, value]) => [
          name,
          language && typeof value === 'string' && ISO_DATE.test(value) ? formatDate(value, language) : value,
        ]),
      ),
    ),
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
