// Employee registration (/employee-registration): every field of the spec, site and department
// from the tables, the fingerprint through the scanner page in register mode, and one RPC that
// saves the person and their enrolment together or not at all.
import { useGetIdentity, useInvalidate, useNotification, useSelect } from '@refinedev/core';
import {
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Identity } from '../../providers/identity.ts';
import { BiometricSetup } from './components/BiometricSetup.tsx';
import { useEmployeePermissions } from './components/permissions.ts';
import { TextField } from './components/TextField.tsx';
import { TEXT_LIMITS } from '../../domain/limits/index.ts';
import {
  EMPLOYMENT_TYPES,
  fullName,
  inviteEmployee,
  registerEmployee,
  serviceMessage,
  type Enrolment,
  type RegistrationFields,
} from './queries.ts';

interface FormValues extends Omit<RegistrationFields, 'joining_date' | 'has_agreed_to_terms'> {
  joining_date?: Dayjs;
  terms?: boolean;
  invite?: boolean;
}

export function EmployeeCreate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const { data: identity } = useGetIdentity<Identity | null>();
  const permissions = useEmployeePermissions();
  const [form] = Form.useForm<FormValues>();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);

  const { options: departments } = useSelect({
    resource: 'departments',
    optionLabel: 'name',
    optionValue: 'id',
    sorters: [{ field: 'name', order: 'asc' }],
    pagination: { mode: 'off' },
  });
  const { options: sites } = useSelect({
    resource: 'sites',
    optionLabel: 'name',
    optionValue: 'id',
    pagination: { mode: 'off' },
  });
  const departmentOptions = departments.filter((d) => permissions.mayUseDepartment(String(d.value)));
  const roleOptions =
    identity?.role === 'admin'
      ? ['employee', 'manager', 'hr', 'admin']
      : identity?.role === 'hr'
        ? ['employee', 'manager']
        : [];

  const validationError = () =>
    open?.({
      type: 'error',
      message: t('employees.validationTitle'),
      description: t('employees.validation'),
    });

  async function submit(values: FormValues) {
    if (!values.terms || !enrolment || !values.joining_date) {
      validationError();
      return;
    }
    setBusy(true);
    const name = fullName(values);
    try {
      const created = await registerEmployee(
        {
          first_name: values.first_name,
          last_name: values.last_name,
          email: values.email,
          phone: values.phone,
          address: values.address,
          position: values.position,
          department_id: values.department_id,
          site_id: values.site_id,
          salary: values.salary ?? null,
          joining_date: values.joining_date.format('YYYY-MM-DD'),
          employment_type: values.employment_type,
          emergency_contact: values.emergency_contact,
          emergency_phone: values.emergency_phone,
          role: values.role ?? 'employee',
          has_agreed_to_terms: true,
        },
        enrolment,
      );
      open?.({
        type: 'success',
        message: t('employees.registeredTitle'),
        description: t('employees.registered', { name }),
      });
      if (values.invite) {
        try {
          await inviteEmployee(created.id);
          open?.({ type: 'success', message: t('employees.invitationSent', { email: created.email }) });
        } catch (error) {
          open?.({
            type: 'error',
            message: t('employees.saveErrorTitle'),
            description: serviceMessage(error),
          });
        }
      }
      await invalidate({ resource: 'employees', invalidates: ['list'] });
      navigate(identity?.role === 'admin' ? '/dashboard' : '/employee-management');
    } catch (error) {
      const message = serviceMessage(error);
      open?.({
        type: 'error',
        message: t('employees.saveErrorTitle'),
        description: message ? `${t('employees.saveError')} ${message}` : t('employees.saveError'),
      });
    } finally {
      setBusy(false);
    }
  }

  const required = [{ required: true, message: t('employees.required') }];
  return (
    <div style={{ padding: 24 }}>
      <Row justify="space-between" align="middle" gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('employees.registrationTitle')}
          </Typography.Title>
        </Col>
        <Col>
          <Space wrap>
            <Button onClick={() => navigate(-1)}>{t('employees.back')}</Button>
            {identity?.role === 'admin' && (
              <Button onClick={() => navigate('/dashboard')}>{t('employees.dashboard')}</Button>
            )}
            {(identity?.role === 'admin' || identity?.role === 'hr') && (
              <Button onClick={() => navigate('/attendance')}>{t('employees.attendance')}</Button>
            )}
          </Space>
        </Col>
      </Row>
      <Card style={{ maxWidth: 1000 }}>
        <Form<FormValues>
          form={form}
          layout="vertical"
          onFinish={submit}
          onFinishFailed={validationError}
          initialValues={{ employment_type: 'full_time', role: 'employee' }}
        >
          <Row gutter={16}>
            <TextField name="first_name" label={t('employees.firstName')} rules={required} />
            <TextField name="last_name" label={t('employees.lastName')} rules={required} />
            <Col xs={24} md={12}>
              <Form.Item
                name="email"
                label={t('employees.email')}
                rules={[...required, { type: 'email', message: t('employees.invalidEmail') }]}
              >
                <Input maxLength={TEXT_LIMITS.employees.email} />
              </Form.Item>
            </Col>
            <TextField name="phone" label={t('employees.phone')} rules={required} />
            <TextField name="address" label={t('employees.address')} half={false} />
            <TextField name="position" label={t('employees.position')} rules={required} />
            <Col xs={24} md={12}>
              <Form.Item name="department_id" label={t('employees.department')} rules={required}>
                <Select options={departmentOptions} aria-label={t('employees.department')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="site_id" label={t('employees.site')}>
                <Select options={sites} aria-label={t('employees.site')} allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="salary" label={t('employees.salary')}>
                <InputNumber min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="joining_date" label={t('employees.joiningDate')} rules={required}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="employment_type" label={t('employees.employmentType')}>
                <Radio.Group
                  options={EMPLOYMENT_TYPES.map((value) => ({ value, label: t(`employmentTypes.${value}`) }))}
                />
              </Form.Item>
            </Col>
            <TextField name="emergency_contact" label={t('employees.emergencyContact')} />
            <TextField name="emergency_phone" label={t('employees.emergencyPhone')} />
            {roleOptions.length > 0 && (
              <Col xs={24} md={12}>
                <Form.Item name="role" label={t('employees.role')}>
                  <Radio.Group
                    options={roleOptions.map((value) => ({ value, label: t(`roles.${value}`) }))}
                  />
                </Form.Item>
              </Col>
            )}
            <Col xs={24}>
              <Form.Item label={t('employees.setUpBiometric')}>
                <BiometricSetup
                  enrolment={enrolment}
                  onEnrolled={(captured) => {
                    setEnrolment(captured);
                    open?.({ type: 'success', message: t('employees.fingerprintCaptured') });
                  }}
                  onCheckFailed={() =>
                    open?.({
                      type: 'error',
                      message: t('employees.saveErrorTitle'),
                      description: t('employees.checkFailed'),
                    })
                  }
                  onDuplicate={() =>
                    open?.({
                      type: 'error',
                      message: t('employees.duplicateTitle'),
                      description: t('employees.duplicate'),
                    })
                  }
                />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="terms" valuePropName="checked">
                <Checkbox>{t('employees.terms')}</Checkbox>
              </Form.Item>
              <Form.Item name="invite" valuePropName="checked">
                <Checkbox>{t('employees.sendInvitation')}</Checkbox>
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('employees.registerEmployee')}
            </Button>
            {enrolment && <Tag color="green">{t('employees.biometricSet')}</Tag>}
          </Space>
        </Form>
      </Card>
    </div>
  );
}
