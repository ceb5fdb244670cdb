// A notification's title and message in the reader's language: a system notification is a code
// with parameters (src/i18n/features/notifications.ts); one a person wrote keeps their words.
import type { TFunction } from 'i18next';
import { placeholderValues } from '../feedback/describe-error.ts';

export interface NotificationLike {
  code?: string | null;
  params?: unknown;
  title?: string | null;
  message?: string | null;
}

/** The parameters, with the words some carry (a role, a decision) in the reader's language. */
function translatedParams(t: TFunction, params: unknown): Record<string, unknown> {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return {};
  return Object.fromEntries(
    Object.entries(params as Record<string, unknown>).map(([name, value]) => {
      if (typeof value !== 'string') return [name, value];
      const key = `notifications.values.${value}`;
      const word = t(key);
      return [name, word === key ? value : word];
    }),
  );
}

export function notificationText(t: TFunction, row: NotificationLike): { title: string; message: string } {
  if (!row.code) return { title: row.title ?? '', message: row.message ?? '' };
  const params = {
    ...placeholderValues(translatedParams(t, row.params)),
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
