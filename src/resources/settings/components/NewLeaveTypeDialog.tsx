// A company's own leave type (code, English and French names); its policy is a version added next.
import { Form, Input, Modal } from 'antd';
import { useAddLeaveType } from '../../../features/leave/index.ts';
import { useFormDialog } from '../../../components/form/useFormDialog.ts';

interface Values {
  code: string;
  name_en: string;
  name_fr: string;
}

export function NewLeaveTypeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, feedback, form } = useFormDialog<Values>();
  const add = useAddLeaveType();
  const save = async (values: Values) => {
    try {
      await add.mutateAsync({
        code: values.code.trim(),
        name_en: values.name_en.trim(),
        name_fr: values.name_fr.trim(),
      });
    } catch (error) {
      feedback.failure(error);
      return;
    }
    feedback.success(t('leavePolicies.typeAdded'));
    form.resetFields();
    onClose();
  };
  const required = { required: true, whitespace: true, message: t('leavePolicies.required') };
  return (
    <Modal
      open={open}
      title={t('leavePolicies.addType')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={save} data-testid="leave-type-form">
        <Form.Item
          name="code"
          label={t('leavePolicies.field.code')}
          rules={[required, { pattern: /^[a-z][a-z0-9_]{1,39}$/, message: t('leavePolicies.codeFormat') }]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="name_en" label={t('leavePolicies.field.nameEn')} rules={[required]}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="name_fr" label={t('leavePolicies.field.nameFr')} rules={[required]}>
          <Input maxLength={80} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
