// Cancel one payroll record (draft or processed) with a reason, through cancel_payroll_record.
import { App as AntApp, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../salary_structures/components/useErrorToast.ts';
import { rpc, type PayrollRecord } from '../types.ts';

export function CancelRecordDialog({
  record,
  onClose,
}: {
  record: PayrollRecord;
  onClose: (cancelled: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const showError = useErrorToast();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);

  async function submit() {
    const { reason } = await form.validateFields();
    setSaving(true);
    try {
      await rpc('cancel_payroll_record', { p_record_id: record.id, p_reason: reason.trim() });
      void message.success(t('payroll.recordCancelled'));
      onClose(true);
    } catch (error) {
      showError(t('payroll.failed'), error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t('payroll.cancelRecordConfirm', { name: record.employee_name })}
      okText={t('payroll.cancelRecordOk')}
      cancelText={t('payroll.keep')}
      okButtonProps={{ danger: true, loading: saving }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="cancel-record-form">
        <Form.Item
          name="reason"
          label={t('payroll.cancelReason')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('payroll.cancelReasonRequired'),
            },
            { max: 500 },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            autoFocus
            placeholder={t('payroll.cancelReasonPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
