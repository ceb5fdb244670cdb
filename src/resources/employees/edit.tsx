// Edit an employee (/employee-edit/:id): the spec's fields, all required but the address; role,
// site and status only for those the database lets change them.
import { useForm } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { Button, Card, Col, Form, InputNumber, Row, Select, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { grantableRoles, mayChangeStatusOf, mayManageAccount } from '../../domain/access/roles.ts';
import { DepartmentField, EmailField, TextField } from '../../features/employee-form/index.ts';
import { describeError, refineToasts } from '../../shared/feedback/index.ts';
import { usePlacementOptions } from './components/options.ts';
import { useEmployeePermissions } from './components/permissions.ts';
import { useNotFoundRedirect } from './components/useNotFoundRedirect.ts';
import { fullName, type Employee } from './data.ts';

type EditValues = Partial<Employee>;

export function EmployeeEdit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const permissions = useEmployeePermissions();
  const { formProps, saveButtonProps, query, formLoading } = useForm<Employee, HttpError, EditValues>({
    resource: 'employees',
    action: 'edit',
    id,
    redirect: 'list',
    warnWhenUnsavedChanges: false,
    liveMode: 'off',
    queryOptions: { retry: false },
    ...refineToasts(
      { message: t('employees.updatedTitle'), description: t('employees.updated') },
      (error) => ({
        message: t('employees.updateFailed'),
        description: describeError(t, error),
      }),
    ),
  });
  const employee = query?.data?.data;
  useNotFoundRedirect(Boolean(query?.isError) || (Boolean(query?.isSuccess) && !employee));

  const { departments: departmentOptions, sites } = usePlacementOptions(permissions);

  if (!employee) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }

  const required = [{ required: true, message: t('employees.required') }];
  const role = permissions.identity?.role;
  const self = employee.id === permissions.identity?.employeeId;
  const staff = permissions.mayChangeEmployment;
  // What the database lets this person change (app.guard_employee_write).
  const mayChangeRole = !self && mayManageAccount(role, employee.role);
  const roleOptions = grantableRoles(role).map((value) => ({ value, label: t(`roles.${value}`) }));
  const mayChangeStatus = !self && mayChangeStatusOf(role, employee.role);
  const saving = formLoading && !query?.isLoading;
  const statusOptions = (['active', 'inactive'] as const).map((value) => ({
    value,
    label: t(`employees.status.${value}`),
  }));
  // A choice the database lets only some change (site, role, status): half the row, named by its label.
  const choice = (name: keyof Employee, label: string, options: { value: string; label: string }[]) => (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={label}>
        <Select options={options} aria-label={label} />
      </Form.Item>
    </Col>
  );

  return (
    <div>
      <ScreenHeader
        title={`${t('employees.editTitle')}: ${fullName(employee)}`}
        actions={<Button onClick={() => navigate('/employee-management')}>{t('employees.back')}</Button>}
      />
      <Card style={{ maxWidth: 960 }}>
        <Form {...formProps} layout="vertical">
          <Row gutter={16}>
            <TextField name="first_name" label={t('employees.firstName')} rules={required} />
            <TextField name="last_name" label={t('employees.lastName')} rules={required} />
            <EmailField />
            <TextField name="phone" label={t('employees.phone')} rules={required} />
            <TextField name="position" label={t('employees.position')} rules={required} />
            <DepartmentField options={departmentOptions} />
            <TextField name="address" label={t('employees.address')} half={false} />
            <Col xs={24} md={12}>
              <Form.Item
                name="salary"
                label={t('employees.salary')}
                rules={staff ? required : []}
                extra={staff ? undefined : employee.sites?.currency}
              >
                <InputNumber min={0} style={{ width: '100%' }} disabled={!staff} />
              </Form.Item>
            </Col>
            {staff && choice('site_id', t('employees.site'), sites)}
            <TextField name="emergency_contact" label={t('employees.emergencyContact')} rules={required} />
            <TextField name="emergency_phone" label={t('employees.emergencyPhone')} rules={required} />
            {mayChangeRole && choice('role', t('employees.role'), roleOptions)}
            {mayChangeStatus &&
              employee.status !== 'terminated' &&
              choice('status', t('employees.columns.status'), statusOptions)}
          </Row>
          <Space>
            <Button {...saveButtonProps} type="primary" loading={saving}>
              {saving ? t('employees.saving') : t('employees.saveChanges')}
            </Button>
            <Button onClick={() => navigate('/employee-management')}>{t('employees.back')}</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
