// An admin creates a kiosk device account for a site (create_kiosk_account).
import { useSelect } from '@refinedev/core';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { createKioskAccount } from '../data.ts';
import type { Act } from './shared.tsx';

export function KioskAccountModal({ open, act, onClose }: { open: boolean; act: Act; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; email: string; site_id: string }>();
  const { options: sites } = useSelect({
    resource: 'sites',
    optionLabel: 'name',
    optionValue: 'id',
    pagination: { mode: 'off' },
    // Only the admins who may create one see the button; the sites load once it opens.
    queryOptions: { enabled: open },
  });
  return (
    <Modal
      open={open}
      title={t('users.kiosk.title')}
      okText={t('users.kiosk.create')}
      cancelText={t('users.kiosk.cancel')}
      onCancel={onClose}
      onOk={async () => {
        const values = await form.validateFields();
        await act(
          'kiosk',
          () => createKioskAccount(values.site_id, values.email, values.name),
          t('users.kiosk.created', { name: values.name, email: values.email }),
        );
        form.resetFields();
        onClose();
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('users.kiosk.name')}
          rules={[{ required: true, message: t('users.kiosk.required') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('users.kiosk.email')}
          rules={[{ required: true, type: 'email', message: t('users.kiosk.required') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="site_id"
          label={t('users.kiosk.site')}
          rules={[{ required: true, message: t('users.kiosk.required') }]}
        >
          <Select options={sites} aria-label={t('users.kiosk.site')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
