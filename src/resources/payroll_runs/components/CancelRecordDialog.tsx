// Cancel one payroll record (draft or processed) with a reason, through cancel_payroll_record.
import { Form, Input, Modal } from 'antd';
import { useCancelRecord, type PayrollRecord } from '../data.ts';
import { useFormDialog } from '../../../components/form/useFormDialog.ts';

export function CancelRecordDialog({
  record,
  onClose,
}: {
  record: PayrollRecord;
  onClose: (cancelled: boolean) => void;
}) {
  const { t, feedback, form } = useFormDialog<{ reason: string }>();
  const cancel = useCancelRecord();

  async function submit() {
    const { reason } = await form.validateFields();
    try {
      await cancel.mutateAsync({ recordId: record.id, reason: reason.trim() });
      feedback.success(t('payroll.recordCancelled'));
      onClose(true);
    } catch (error) {
      feedback.failure(error, t('payroll.failed'));
    }
  }

  return (
    <Modal
      open
      title={t('payroll.cancelRecordConfirm', { name: record.employee_name })}
      okText={t('payroll.cancelRecordOk')}
      cancelText={t('payroll.keep')}
      okButtonProps={{ danger: true, loading: cancel.isPending }}
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
