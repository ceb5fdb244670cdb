// Send a titled notification to one team member, the whole team or one of the manager's departments
// (send_notification: the database lets a manager reach their own team only).
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '../../../domain/limits/index.ts';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { useSendNotification, type Audience, type TeamMember } from '../data.ts';

type Kind = Audience['kind'];

export function NotifyDialog({
  open: visible,
  members,
  departments,
  onClose,
}: {
  open: boolean;
  members: TeamMember[];
  departments: { id: string; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const send = useSendNotification();
  const [kind, setKind] = useState<Kind>('person');
  const [target, setTarget] = useState<string | undefined>();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');

  const audience = (): Audience | null => {
    if (kind === 'team') return { kind };
    if (!target) return null;
    return kind === 'person' ? { kind, employeeId: target } : { kind, departmentId: target };
  };

  const submit = async () => {
    const to = audience();
    if (!to || !title.trim() || !message.trim()) {
      feedback.refused(t('proposals.notify.invalid'));
      return;
    }
    let count: number;
    try {
      count = await send.mutateAsync({ audience: to, title: title.trim(), message: message.trim() });
    } catch (error) {
      feedback.failure(error, t('manager.notify.failed'));
      return;
    }
    feedback.success(t('proposals.notify.sentTo', { count }));
    setTitle('');
    setMessage('');
    setTarget(undefined);
    onClose();
  };

  const targets =
    kind === 'person'
      ? members.map((m) => ({ value: m.id, label: `${m.first_name} ${m.last_name}`.trim() }))
      : departments.map((d) => ({ value: d.id, label: d.name }));
  const targetLabel = t(kind === 'person' ? 'manager.notify.employee' : 'proposals.notify.departmentLabel');

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
        <Form.Item label={t('proposals.notify.audience')}>
          <Radio.Group
            aria-label={t('proposals.notify.audience')}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as Kind);
              setTarget(undefined);
            }}
            options={(['person', 'team', 'department'] as const).map((k) => ({
              value: k,
              label: t(`proposals.notify.${k}`),
            }))}
          />
        </Form.Item>
        {kind !== 'team' && (
          <Form.Item label={targetLabel}>
            <Select
              showSearch
              optionFilterProp="label"
              aria-label={targetLabel}
              value={target}
              onChange={setTarget}
              options={targets}
            />
          </Form.Item>
        )}
        <Form.Item label={t('proposals.notify.titleLabel')}>
          <Input
            aria-label={t('proposals.notify.titleLabel')}
            maxLength={TEXT_LIMITS.notifications.title}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
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
