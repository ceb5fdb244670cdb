// Refine's notifications as antd notifications (the spec's toasts), without pulling the whole
// @refinedev/antd package into the first paint of public pages. Descriptions arrive translated
// (src/shared/feedback describes failures by their code); a screen that still passes a refusal's
// raw message (a code such as 'shift.required_fields') gets that code's text, never the code.
import type { NotificationProvider } from '@refinedev/core';
import { notification } from 'antd';
import i18n from 'i18next';
import { describeError } from '../shared/feedback/describe-error.ts';

const CODE = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

export const notificationProvider: NotificationProvider = {
  open: ({ key, message, description, type }) => {
    const kind = type === 'progress' ? 'info' : type;
    const text =
      typeof description === 'string' && CODE.test(description)
        ? describeError(i18n.t, { message: description, code: 'P0001' })
        : description;
    notification[kind]({ key, message, description: text, placement: 'topRight' });
  },
  close: (key) => notification.destroy(key),
};
