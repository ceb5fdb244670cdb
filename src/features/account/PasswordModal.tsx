// Change one's password: current and new password, through auth, which checks the current one and
// the new one's strength. Settings' 'Change Admin Password' and everyone's user menu open it.
import { useNotification } from '@refinedev/core';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH, passwordProblems } from '../../domain/password-policy.ts';
import { passwordRefusal, weakPasswordText } from './auth-errors.ts';
import { changePassword } from './data.ts';

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
  const { t } = useTranslation();
  const { open: notify } = useNotification();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const min = MIN_PASSWORD_LENGTH;

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await changePassword(values.current, values.next);
      notify?.({ type: 'success', message: t('settings.password.changed') });
      form.resetFields();
      onClose();
    } catch (error) {
      const refusal = passwordRefusal(error as { message?: string; code?: string; reasons?: string[] });
      if (refusal.kind === 'wrong-current')
        form.setFields([{ name: 'current', errors: [t('settings.password.wrongCurrent')] }]);
      else if (refusal.kind === 'weak')
        form.setFields([{ name: 'next', errors: [weakPasswordText(t, refusal.reasons)] }]);
      else if (refusal.kind === 'same')
        form.setFields([{ name: 'next', errors: [t('accounts.password.same')] }]);
      else notify?.({ type: 'error', message: t('settings.password.failed'), description: refusal.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={title ?? t('settings.password.title')}
      open={open}
      onCancel={onClose}
      okText={t('settings.password.submit')}
      cancelText={t('settings.system.cancel')}
      confirmLoading={busy}
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
            {
              validator: (_rule, value: string | undefined) => {
                const problems = value ? passwordProblems(value, email) : [];
                return problems.length === 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(weakPasswordText(t, problems)));
              },
            },
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
