// Change Admin Password: current and new password, through auth (which checks the current one).
import { useNotification } from '@refinedev/core';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PASSWORD_POLICY, passwordProblems } from '../../../domain/password-policy.ts';
import { changePassword, WrongPasswordError } from '../queries.ts';

interface Values {
  current: string;
  next: string;
  confirm: string;
}

export function PasswordModal({
  email,
  open,
  onClose,
}: {
  email: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { open: notify } = useNotification();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await changePassword(values.current, values.next);
      notify?.({ type: 'success', message: t('settings.password.changed') });
      form.resetFields();
      onClose();
    } catch (error) {
      if (error instanceof WrongPasswordError) {
        form.setFields([{ name: 'current', errors: [t('settings.password.wrongCurrent')] }]);
      } else {
        notify?.({
          type: 'error',
          message: t('settings.password.failed'),
          description: (error as Error).message,
        });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('settings.password.title')}
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
          rules={[
            { required: true, message: t('settings.password.nextRequired') },
            {
              // The rule auth applies, said before the request (auth still has the last word).
              validator: (_, value: string | undefined) => {
                const problems = value ? passwordProblems(value, email) : [];
                if (problems.length === 0) return Promise.resolve();
                const min = DEFAULT_PASSWORD_POLICY.minLength;
                const hints = problems.map((problem) => t(`accountSecurity.password.${problem}`, { min }));
                return Promise.reject(new Error(hints.join(' · ')));
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
