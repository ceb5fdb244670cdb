// Refine's notifications as antd notifications (the spec's toasts), without pulling the whole
// @refinedev/antd package into the first paint of public pages. A database domain refusal in the
// description (a CHECK constraint's name, a validation trigger's message) is shown in the reader's
// language (db-errors.ts); any other description as it came.
import type { NotificationProvider } from '@refinedev/core';
import { notification } from 'antd';
import i18n from 'i18next';
import { dbErrorText } from './db-errors.ts';

export const notificationProvider: NotificationProvider = {
  open: ({ key, message, description, type }) => {
    const kind = type === 'progress' ? 'info' : type;
    const translated = typeof description === 'string' ? dbErrorText(i18n.t, description) : null;
    notification[kind]({ key, message, description: translated ?? description, placement: 'topRight' });
  },
  close: (key) => notification.destroy(key),
};
