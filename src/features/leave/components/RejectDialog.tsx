// The reason of a rejection, which the person reads in their notification.
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function RejectDialog(props: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={props.open}
      title={t('leave.actions.rejectTitle')}
      okText={t('leave.actions.reject')}
      okButtonProps={
        {
          danger: true,
          disabled: !reason.trim(),
          loading: props.busy,
          'data-testid': 'leave-reject-confirm',
        } as never
      }
      onOk={() => props.onReject(reason.trim())}
      onCancel={props.onCancel}
      afterClose={() => setReason('')}
      destroyOnHidden
    >
      <Input.TextArea
        data-testid="leave-reject-reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={t('leave.actions.reasonPlaceholder')}
        maxLength={500}
        rows={3}
      />
    </Modal>
  );
}
