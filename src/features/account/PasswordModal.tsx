// Change one's password: current and new password, through auth, which checks the current one and
// the new one's strength. Settings' 'Change Admin Password' and everyone's user menu open it.
import { Form, Input, Modal } from 'antd';
import { MIN_PASSWORD_LENGTH } from '../../domain/password-policy.ts';
import { passwordRefusal, weakPasswordText } from './auth-errors.ts';
import { strongPasswordRule } from './PasswordFields.tsx';
import { useChangePassword } from './data.ts';
import { useFormDialog } from '../../components/form/useFormDialog.ts';

interface Values {
  current: string;
  next: string;
  confirm: string;
}

export function PasswordModal({
  email,
  open,
  onClose,
  title,
}: {
  email: string;
  open: boolean;
  onClose: () => void;
  /** Settings says 'Change Admin Password'; the user menu 'Change password'. */
  title?: string;
}) {
  const { t, feedback, form } = useFormDialog<Values>();
  const change = useChangePassword();
  const min = MIN_PASSWORD_LENGTH;

  const submit = async (values: Values) => {
    try {
      await change.mutateAsync({ current: values.current, next: values.next });
    } catch (error) {
      const refusal = passwordRefusal(error as { code?: string; params?: Record<string, unknown> });
      if (refusal.kind === 'wrong-current')
        form.setFields([{ name: 'current', errors: [t('settings.password.wrongCurrent')] }]);
      else if (refusal.kind === 'weak')
        form.setFields([{ name: 'next', errors: [weakPasswordText(t, refusal.reasons)] }]);
      else if (refusal.kind === 'same')
        form.setFields([{ name: 'next', errors: [t('accounts.password.same')] }]);
      else feedback.failure(error, t('settings.password.failed'));
      return;
    }
    feedback.success(t('settings.password.changed'));
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      title={title ?? t('settings.password.title')}
      open={open}
      onCancel={onClose}
      okText={t('settings.password.submit')}
      cancelText={t('settings.system.cancel')}
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label={t('settings.password.current')}
          name="current"
          rules={[{ required: true, message: t('settings.password.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={t('settings.password.next')}
          name="next"
          extra={t('accounts.password.hint', { min })}
          rules={[
            { required: true, message: t('settings.password.nextRequired') },
            strongPasswordRule(t, email),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('settings.password.confirm')}
          name="confirm"
          dependencies={['next']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                value === getFieldValue('next')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('settings.password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
