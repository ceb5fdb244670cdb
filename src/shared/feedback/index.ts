// The one way to tell a person that something worked or failed: Refine's notification provider
// (antd toasts, top right), with the failure described by its code in the reader's language.
import { useNotification } from '@refinedev/core';
import { notification } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationProvider } from '../../providers/notification-provider.ts';
import { describeError } from './describe-error.ts';

export { describeError, describeErrorFully, describeErrorHint } from './describe-error.ts';
export { refineToasts } from './refine-toasts.ts';

export interface Feedback {
  /** A success toast with an already translated message. */
  success: (message: string, description?: string) => void;
  /**
   * A failure toast: `title` (translated) and the error described by its code, or `description`
   * (translated) for a refusal a screen words itself (the spec's title and detail).
   */
  failure: (error: unknown, title?: string, description?: string) => void;
  /** A failure toast whose text the screen already has (a refusal it recognised, a field left empty). */
  refused: (message: string, description?: string) => void;
  /** Something to know that is neither a success nor a failure (queued, skipped, nothing to do). */
  notice: (kind: 'info' | 'warning', message: string, description?: string) => void;
}

export function useFeedback(): Feedback {
  const { t } = useTranslation();
  // Public pages (sign-up, reset) paint without Refine: the same provider, called directly.
  const { open: refineOpen } = useNotification();
  const open = refineOpen ?? notificationProvider.open;
  const success = useCallback(
    (message: string, description?: string) => open?.({ type: 'success', message, description }),
    [open],
  );
  const failure = useCallback(
    (error: unknown, title?: string, description?: string) =>
      open?.({
        type: 'error',
        message: title ?? t('errors.title'),
        description: description ?? describeError(t, error),
      }),
    [open, t],
  );
  const refused = useCallback(
    (message: string, description?: string) => open?.({ type: 'error', message, description }),
    [open],
  );
  // Refine's provider knows only success and error: notices take the same antd toast directly.
  const notice = useCallback(
    (kind: 'info' | 'warning', message: string, description?: string) =>
      notification[kind]({ message, description, placement: 'topRight' }),
    [],
  );
  return useMemo(() => ({ success, failure, refused, notice }), [success, failure, refused, notice]);
}
export { useConfirmedAction, type ConfirmedAction } from './confirm.ts';
