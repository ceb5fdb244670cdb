// Send a notification to a team member (the database lets a manager notify their team only).
import { useNotification } from '@refinedev/core';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supabase } from '../../../data/client.ts';
import type { TeamMember } from '../queries.ts';
import { TEXT_LIMITS } from '../../../domain/limits/index.ts';

export function NotifyDialog({
  open: visible,
  members,
  onClose,
}: {
  open: boolean;
  members: TeamMember[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const [employee, setEmployee] = useState<string | undefined>();
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!employee || !message.trim()) {
      open?.({ type: 'error', message: t('manager.notify.invalid') });
      return;
    }
    setSending(true);
    const { error } = await supabase()
      .from('notifications')
      .insert({ employee_id: employee, message: message.trim() });
    setSending(false);
    if (error) {
      open?.({ type: 'error', message: t('manager.notify.failed'), description: error.message });
      return;
    }
    open?.({ type: 'success', message: t('manager.notify.sent') });
    setMessage('');
    setEmployee(undefined);
    onClose();
  };
  return (
    <Modal
      open={visible}
      title={t('manager.notify.title')}
      okText={t('manager.notify.send')}
      confirmLoading={sending}
      onOk={() => void send()}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={t('manager.notify.employee')}>
          <Select
            showSearch
            optionFilterProp="label"
            aria-label={t('manager.notify.employee')}
            value={employee}
            onChange={setEmployee}
            options={members.map((m) => ({ value: m.id, label: `${m.first_name} ${m.last_name}`.trim() }))}
          />
        </Form.Item>
        <Form.Item label={t('manager.notify.message')}>
          <Input.TextArea
            aria-label={t('manager.notify.message')}
            rows={3}
            maxLength={TEXT_LIMITS.notifications.message}
            showCount
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
