// Employee registration (/employee-registration): every field of the spec, site and department
// from the tables, the fingerprint through the scanner page in register mode, and one RPC that
// saves the person and their enrolment together or not at all (src/features/employee-form, which
// the manager's 'Add Employee' dialog shares).
import { useGetIdentity } from '@refinedev/core';
import { Button, Card, Col, Form, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { grantableRoles, mayOpen, ruleFor } from '../../domain/access/roles.ts';
import {
  BiometricSetup,
  inviteEmployee,
  RegistrationFields,
  toRegistration,
  useRegisterEmployee,
  type Enrolment,
  type RegistrationValues,
} from '../../features/employee-form/index.ts';
import type { Identity } from '../../providers/identity.ts';
import { useFeedback } from '../../shared/feedback/index.ts';
import { usePlacementOptions } from './components/options.ts';
import { useEmployeePermissions } from './components/permissions.ts';
import { fullName } from './data.ts';

export function EmployeeCreate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { data: identity } = useGetIdentity<Identity | null>();
  const permissions = useEmployeePermissions();
  const register = useRegisterEmployee();
  const [form] = Form.useForm<RegistrationValues>();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const may = (path: string) => mayOpen(ruleFor(path)!, identity?.role);

  const { departments: departmentOptions, sites } = usePlacementOptions(permissions);

  const validationError = () =>
    feedback.failure(null, t('employees.validationTitle'), t('employees.validation'));

  async function submit(values: RegistrationValues) {
    const fields = toRegistration(values);
    if (!fields || !enrolment) {
      validationError();
      return;
    }
    try {
      const created = await register.mutateAsync({ fields, enrolment });
      feedback.success(t('employees.registeredTitle'), t('employees.registered', { name: fullName(fields) }));
      if (values.invite) {
        try {
          await inviteEmployee(created.id);
          feedback.success(t('employees.invitationSent', { email: created.email }));
        } catch (error) {
          feedback.failure(error, t('employees.saveErrorTitle'));
        }
      }
      navigate(may('/dashboard') ? '/dashboard' : '/employee-management');
    } catch (error) {
      feedback.failure(error, t('employees.saveErrorTitle'));
    }
  }

  return (
    <div>
      <ScreenHeader
        title={t('employees.registrationTitle')}
        actions={
          <>
            <Button onClick={() => navigate(-1)}>{t('employees.back')}</Button>
            {may('/dashboard') && (
              <Button onClick={() => navigate('/dashboard')}>{t('employees.dashboard')}</Button>
            )}
            {may('/attendance') && (
              <Button onClick={() => navigate('/attendance')}>{t('employees.attendance')}</Button>
            )}
          </>
        }
      />
      <Card style={{ maxWidth: 1000 }}>
        <Form<RegistrationValues>
          form={form}
          layout="vertical"
          onFinish={submit}
          onFinishFailed={validationError}
          initialValues={{ employment_type: 'full_time', role: 'employee' }}
        >
          <RegistrationFields
            scope="full"
            departments={departmentOptions}
            sites={sites}
            roles={grantableRoles(identity?.role)}
            invite
          >
            <Col xs={24}>
              <Form.Item label={t('employees.setUpBiometric')}>
                <BiometricSetup
                  enrolment={enrolment}
                  onEnrolled={(captured) => {
                    setEnrolment(captured);
                    feedback.success(t('employees.fingerprintCaptured'));
                  }}
                  onCheckFailed={() =>
                    feedback.failure(null, t('employees.saveErrorTitle'), t('employees.checkFailed'))
                  }
                  onDuplicate={() =>
                    feedback.failure(null, t('employees.duplicateTitle'), t('employees.duplicate'))
                  }
                />
              </Form.Item>
            </Col>
          </RegistrationFields>
          <Space>
            <Button type="primary" htmlType="submit" loading={register.isPending}>
              {t('employees.registerEmployee')}
            </Button>
            {enrolment && <Tag color="green">{t('employees.biometricSet')}</Tag>}
          </Space>
        </Form>
      </Card>
    </div>
  );
}
