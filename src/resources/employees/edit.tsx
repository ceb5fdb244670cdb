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
import { describeError } from '../../shared/feedback/index.ts';
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
    successNotification: () => ({
      type: 'success',
      message: t('employees.updatedTitle'),
      description: t('employees.updated'),
    }),
    errorNotification: (error) => ({
      type: 'error',
      message: t('employees.updateFailed'),
      description: describeError(t, error),
    }),
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
            {staff && (
              <Col xs={24} md={12}>
                <Form.Item name="site_id" label={t('employees.site')}>
                  <Select options={sites} aria-label={t('employees.site')} />
                </Form.Item>
              </Col>
            )}
            <TextField name="emergency_contact" label={t('employees.emergencyContact')} rules={required} />
            <TextField name="emergency_phone" label={t('employees.emergencyPhone')} rules={required} />
            {mayChangeRole && (
              <Col xs={24} md={12}>
                <Form.Item name="role" label={t('employees.role')}>
                  <Select options={roleOptions} aria-label={t('employees.role')} />
                </Form.Item>
              </Col>
            )}
            {mayChangeStatus && employee.status !== 'terminated' && (
              <Col xs={24} md={12}>
                <Form.Item name="status" label={t('employees.columns.status')}>
                  <Select
                    aria-label={t('employees.columns.status')}
                    options={(['active', 'inactive'] as const).map((value) => ({
                      value,
                      label: t(`employees.status.${value}`),
                    }))}
                  />
                </Form.Item>
              </Col>
            )}
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
