// Refine's notifications as antd notifications (the spec's toasts), without pulling the whole
// @refinedev/antd package into the first paint of public pages. Descriptions arrive translated
// (src/shared/feedback describes failures by their code).
import type { NotificationProvider } from '@refinedev/core';
import { notification } from 'antd';

export const notificationProvider: NotificationProvider = {
  open: ({ key, message, description, type }) => {
    const kind = type === 'progress' ? 'info' : type;
    notification[kind]({ key, message, description, placement: 'topRight' });
  },
  close: (key) => notification.destroy(key),
};
