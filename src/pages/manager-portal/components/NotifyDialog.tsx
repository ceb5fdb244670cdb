// Send a notification to a team member (the database lets a manager notify their team only).
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '../../../domain/limits/index.ts';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { useSendNotification, type TeamMember } from '../data.ts';

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
  const feedback = useFeedback();
  const send = useSendNotification();
  const [employee, setEmployee] = useState<string | undefined>();
  const [message, setMessage] = useState('');
  const submit = async () => {
    if (!employee || !message.trim()) {
      feedback.refused(t('manager.notify.invalid'));
      return;
    }
    try {
      await send.mutateAsync({ employeeId: employee, message: message.trim() });
    } catch (error) {
      feedback.failure(error, t('manager.notify.failed'));
      return;
    }
    feedback.success(t('manager.notify.sent'));
    setMessage('');
    setEmployee(undefined);
    onClose();
  };
  return (
    <Modal
      open={visible}
      title={t('manager.notify.title')}
      okText={t('manager.notify.send')}
      confirmLoading={send.isPending}
      onOk={() => void submit()}
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
