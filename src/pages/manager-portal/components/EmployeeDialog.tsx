// Add or edit a team member. Adding is the back office's registration (src/features/employee-form:
// the same fields and register_employee, which lets a manager add employees to the departments they
// manage, at their site); editing goes through Refine's data provider, as the back office's edit.
import { useUpdate } from '@refinedev/core';
import { Form, Modal } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { grantableRoles } from '../../../domain/access/roles.ts';
import {
  RegistrationFields,
  toRegistration,
  useRegisterEmployee,
  type RegistrationValues,
} from '../../../features/employee-form/index.ts';
import type { TeamMember } from '../data.ts';
import { useFormDialog } from '../../../components/form/useFormDialog.ts';

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
  const { t, feedback, form } = useFormDialog<RegistrationValues>();
  const register = useRegisterEmployee();
  const { mutateAsync: update } = useUpdate();
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
          }
        : { department_id: departments[0]?.id, joining_date: dayjs() },
    );
  }, [visible, member, departments, form]);

  const missing = () =>
    feedback.failure(null, t('manager.employeeForm.missing'), t('manager.employeeForm.missingText'));

  const save = async (values: RegistrationValues) => {
    setSaving(true);
    try {
      if (member) {
        const { first_name, last_name, email, phone, position, department_id } = values;
        await update({
          resource: 'employees',
          id: member.id,
          values: { first_name, last_name, email, phone, position, department_id },
          successNotification: false,
          errorNotification: false,
        });
      } else {
        // A manager adds employees at their own site (the database checks the department).
        const fields = toRegistration(values, { site_id: siteId, role: 'employee' });
        if (!fields) {
          feedback.failure(null, t('manager.employeeForm.missing'), t('manager.employeeForm.termsText'));
          return;
        }
        await register.mutateAsync({ fields });
      }
    } catch (error) {
      feedback.failure(
        error,
        t(member ? 'manager.employeeForm.updateFailed' : 'manager.employeeForm.createFailed'),
      );
      return;
    } finally {
      setSaving(false);
    }
    feedback.success(t(member ? 'manager.employeeForm.updated' : 'manager.employeeForm.created'));
    onSaved();
  };

  return (
    <Modal
      open={visible}
      title={t(member ? 'manager.employeeForm.editTitle' : 'manager.employeeForm.addTitle')}
      okText={t('manager.employeeForm.save')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Form<RegistrationValues> form={form} layout="vertical" onFinish={save} onFinishFailed={missing}>
        <RegistrationFields
          scope="team"
          departments={departments.map((d) => ({ value: d.id, label: d.name }))}
          roles={grantableRoles('manager')}
          agreement={!member}
        />
      </Form>
    </Modal>
  );
}
