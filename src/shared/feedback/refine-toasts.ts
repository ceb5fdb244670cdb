// A Refine write's own toasts (useForm, useUpdate, useDelete: the notification provider shows them),
// from texts the screen has already translated: what a success says, and what a failure says
// given its error.
import type { HttpError } from '@refinedev/core';

interface Toast {
  message: string;
  description?: string;
}

export const refineToasts = (success: Toast, failure: (error?: HttpError) => Toast) => ({
  successNotification: () => ({ type: 'success' as const, ...success }),
  errorNotification: (error?: HttpError) => ({ type: 'error' as const, ...failure(error) }),
});
