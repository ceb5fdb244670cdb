// Add or edit a team member (first name and email required; role Employee or Manager only).
import { useNotification } from '@refinedev/core';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supabase } from '../../../data/client.ts';
import { TEXT_LIMITS } from '../../../domain/limits/index.ts';
import type { TeamMember } from '../data.ts';

interface Values {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  position?: string;
  department_id?: string;
  role: 'employee' | 'manager';
}

export function EmployeeDialog({
  open: visible,
  member,
  departments,
  siteId,
  onClose,
  onSaved,
}: {
  open: boolean;
  member: TeamMember | null;
  departments: { id: string; name: string }[];
  siteId: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!visible) return;
    form.resetFields();
    form.setFieldsValue(
      member
        ? {
            first_name: member.first_name,
            last_name: member.last_name,
            email: member.email,
            phone: member.phone ?? '',
            position: member.position ?? '',
            department_id: member.department_id ?? undefined,
            role: member.role,
          }
        : { role: 'employee', department_id: departments[0]?.id },
    );
  }, [visible, member, departments, form]);

  const save = async () => {
    const v = form.getFieldsValue();
    if (!v.first_name?.trim() || !v.email?.trim()) {
      open?.({
        type: 'error',
        message: t('manager.employeeForm.missing'),
        description: t('manager.employeeForm.missingText'),
      });
      return;
    }
    const row = {
      first_name: v.first_name.trim(),
      last_name: (v.last_name ?? '').trim(),
      email: v.email.trim(),
      phone: v.phone?.trim() || null,
      position: v.position?.trim() || null,
      department_id: v.department_id ?? null,
      role: v.role,
    };
    setSaving(true);
    const { error } = member
      ? await supabase().from('employees').update(row).eq('id', member.id)
      : await supabase()
          .from('employees')
          .insert({ ...row, site_id: siteId });
    setSaving(false);
    if (error) {
      open?.({
        type: 'error',
        message: t(member ? 'manager.employeeForm.updateFailed' : 'manager.employeeForm.createFailed'),
        description: error.message,
      });
      return;
    }
    open?.({
      type: 'success',
      message: t(member ? 'manager.employeeForm.updated' : 'manager.employeeForm.created'),
    });
    onSaved();
  };

  return (
    <Modal
      open={visible}
      title={t(member ? 'manager.employeeForm.editTitle' : 'manager.employeeForm.addTitle')}
      okText={t('manager.employeeForm.save')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="first_name" label={t('manager.employeeForm.firstName')}>
          <Input maxLength={TEXT_LIMITS.employees.first_name} />
        </Form.Item>
        <Form.Item name="last_name" label={t('manager.employeeForm.lastName')}>
          <Input maxLength={TEXT_LIMITS.employees.last_name} />
        </Form.Item>
        <Form.Item name="email" label={t('manager.employeeForm.email')}>
          <Input type="email" maxLength={TEXT_LIMITS.employees.email} />
        </Form.Item>
        <Form.Item name="phone" label={t('manager.employeeForm.phone')}>
          <Input maxLength={TEXT_LIMITS.employees.phone} />
        </Form.Item>
        <Form.Item name="position" label={t('manager.employeeForm.position')}>
          <Input maxLength={TEXT_LIMITS.employees.position} />
        </Form.Item>
        <Form.Item name="department_id" label={t('manager.employeeForm.department')}>
          <Select options={departments.map((d) => ({ value: d.id, label: d.name }))} />
        </Form.Item>
        <Form.Item name="role" label={t('manager.employeeForm.role')}>
          <Select
            options={[
              { value: 'employee', label: t('manager.employeeForm.employee') },
              { value: 'manager', label: t('manager.employeeForm.manager') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
