// The employee card (/employee-view/:id): the spec's read-only fields, the enrolled fingers
// (never a template), the current shift and the recent attendance.
import { useShow } from '@refinedev/core';
import { Button, Col, Row, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { AuditHistoryLink } from '../../components/AuditHistoryLink.tsx';
import { mayDo } from '../../domain/access/roles.ts';
import { PaymentAccountCard } from '../../features/payment-account/index.ts';
import { EmployeePinCard } from '../../features/pin/index.ts';
import { CurrentShiftCard } from './components/CurrentShiftCard.tsx';
import { EmployeeDetails } from './components/EmployeeDetails.tsx';
import { FingersCard } from './components/FingersCard.tsx';
import { InviteButton } from './components/InviteButton.tsx';
import { useEmployeePermissions } from './components/permissions.ts';
import { RecentAttendance } from './components/RecentAttendance.tsx';
import { useNotFoundRedirect } from './components/useNotFoundRedirect.ts';
import { EMPLOYEE_SELECT, type Employee } from './data.ts';

export function EmployeeShow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const permissions = useEmployeePermissions();
  const { query, result: employee } = useShow<Employee>({
    resource: 'employees',
    id,
    meta: { select: EMPLOYEE_SELECT },
    errorNotification: false,
  });
  useNotFoundRedirect(query.isError || (query.isSuccess && !employee));

  if (!employee) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }

  const manage = permissions.mayManage(employee);
  // Bank details: admin and HR, and the person their own; managers never (docs/product.md).
  const paysPeople = mayDo('salary.pay', permissions.identity?.role);
  const ownCard = permissions.identity?.employeeId === employee.id;
  return (
    <div>
      <ScreenHeader
        title={t('employees.detailsTitle')}
        actions={
          <>
            <Button onClick={() => navigate('/employee-management')}>{t('employees.back')}</Button>
            {/* The audit log is admin and HR's (the route table and the audit view agree). */}
            {mayDo('audit.read', permissions.identity?.role) && (
              <AuditHistoryLink entity="employees" id={employee.id} />
            )}
            {manage && employee.status === 'active' && !employee.user_id && (
              <InviteButton employee={employee} />
            )}
            {manage && employee.status !== 'terminated' && (
              <Button type="primary" onClick={() => navigate(`/employee-edit/${employee.id}`)}>
                {t('employees.edit')}
              </Button>
            )}
          </>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <EmployeeDetails employee={employee} />
        </Col>
        <Col xs={24} xl={10}>
          <Space direction="vertical" style={{ width: '100%' }} size={16}>
            <FingersCard employee={employee} mayEnrol={manage && employee.status === 'active'} />
            <CurrentShiftCard employeeId={employee.id} />
            {permissions.mayChangeEmployment && employee.role !== 'kiosk' && (
              <EmployeePinCard employeeId={employee.id} mayEdit={employee.status === 'active'} />
            )}
            {(paysPeople || ownCard) && employee.role !== 'kiosk' && (
              <PaymentAccountCard
                employeeId={employee.id}
                employeeName={`${employee.first_name} ${employee.last_name}`.trim()}
                mayEdit={paysPeople && employee.status !== 'terminated'}
              />
            )}
          </Space>
        </Col>
        <Col xs={24}>
          <RecentAttendance employeeId={employee.id} />
        </Col>
      </Row>
    </div>
  );
}
