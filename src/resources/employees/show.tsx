// The employee card (/employee-view/:id): the spec's read-only fields, the enrolled fingers
// (never a template), the current shift and the recent attendance.
import { useList, useNotification, useShow } from '@refinedev/core';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Popconfirm,
  Row,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { intlLocale, weekdayList } from '../../components/daily/weekdays.ts';
import { AuditHistoryLink } from '../../pages/audit-log/AuditHistoryLink.tsx';
import { useEmployeePermissions } from './components/permissions.ts';
import { BiometricSetup } from './components/BiometricSetup.tsx';
import { StatusTag } from './components/StatusTag.tsx';
import {
  EMPLOYEE_SELECT,
  enrolFinger,
  fullName,
  inviteEmployee,
  serviceMessage,
  useEnrolledFingers,
  type Employee,
} from './queries.ts';

interface AttendanceRow {
  id: string;
  date: string;
  check_in: string;
  check_out: string | null;
  total_hours: number | null;
  punctuality: 'on_time' | 'late';
}

interface AssignmentRow {
  shift_id: string;
  shifts: {
    name: string;
    start_time: string;
    end_time: string;
    days_of_week: string[];
    break_duration: number;
  } | null;
}

export function formatMoney(value: Employee['salary'], currency: string | undefined, language: string) {
  if (value === null || value === undefined || value === '') return '—';
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: currency ?? 'USD',
    maximumFractionDigits: currency === 'XOF' ? 0 : 2,
  }).format(Number(value));
}

/** 'Error / Employee not found' once, then back to the directory. */
export function useNotFoundRedirect(notFound: boolean) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const navigate = useNavigate();
  useEffect(() => {
    if (!notFound) return;
    open?.({
      type: 'error',
      message: t('employees.notFoundTitle'),
      description: t('employees.notFound'),
      key: 'employee-not-found',
    });
    navigate('/employee-management', { replace: true });
  }, [notFound]); // once, whatever the identity of `open`, `t` and `navigate`
}

export function EmployeeShow() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const permissions = useEmployeePermissions();
  const { open } = useNotification();
  const { query, result: employee } = useShow<Employee>({
    resource: 'employees',
    id,
    meta: { select: EMPLOYEE_SELECT },
    errorNotification: false,
  });
  useNotFoundRedirect(query.isError || (query.isSuccess && !employee));
  const fingers = useEnrolledFingers(employee?.id);
  const { result: attendance, query: attendanceQuery } = useList<AttendanceRow>({
    resource: 'attendances',
    filters: [{ field: 'employee_id', operator: 'eq', value: id }],
    sorters: [{ field: 'check_in', order: 'desc' }],
    pagination: { currentPage: 1, pageSize: 10 },
    queryOptions: { enabled: Boolean(employee) },
  });
  const { result: assignments } = useList<AssignmentRow>({
    resource: 'shift_assignments',
    filters: [{ field: 'employee_id', operator: 'eq', value: id }],
    meta: { select: 'shift_id, shifts(name, start_time, end_time, days_of_week, break_duration)' },
    pagination: { mode: 'off' },
    queryOptions: { enabled: Boolean(employee) },
  });

  if (!employee) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }

  const time = (value: string | null) => (value ? dayjs(value).format('HH:mm') : '—');
  const dash = (value: string | null | undefined) => (value ? value : '—');
  return (
    <div style={{ padding: 24 }}>
      <Row justify="space-between" align="middle" style={{ marginBottom: 16 }} gutter={[16, 16]}>
        <Col>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('employees.detailsTitle')}
          </Typography.Title>
        </Col>
        <Col>
          <Space>
            <Button onClick={() => navigate('/employee-management')}>{t('employees.back')}</Button>
            {/* The audit log is admin and HR's (the route table and the audit view agree). */}
            {permissions.isStaff && <AuditHistoryLink entity="employees" id={employee.id} />}
            {permissions.mayManage(employee) && employee.status === 'active' && !employee.user_id && (
              <Popconfirm
                title={t('users.confirmInvite', { email: employee.email })}
                onConfirm={async () => {
                  try {
                    await inviteEmployee(employee.id);
                    open?.({
                      type: 'success',
                      message: t('employees.invitationSent', { email: employee.email }),
                    });
                  } catch (error) {
                    open?.({ type: 'error', message: t('users.failed'), description: serviceMessage(error) });
                  }
                }}
              >
                <Button>{t('employees.sendInvitation')}</Button>
              </Popconfirm>
            )}
            {permissions.mayManage(employee) && employee.status !== 'terminated' && (
              <Button type="primary" onClick={() => navigate(`/employee-edit/${employee.id}`)}>
                {t('employees.edit')}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card
            title={
              <Space>
                <span data-testid="employee-name">{fullName(employee)}</span>
                <StatusTag status={employee.status} />
              </Space>
            }
          >
            {/* Two columns at most: the card is a little over half the page beside the fingers from xl,
                the whole width below; three columns wrapped the values letter by letter. */}
            <Descriptions column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }} size="small" bordered>
              <Descriptions.Item label={t('employees.email')} span="filled">
                {employee.email}
              </Descriptions.Item>
              <Descriptions.Item label={t('employees.phone')}>{dash(employee.phone)}</Descriptions.Item>
              <Descriptions.Item label={t('employees.position')}>{dash(employee.position)}</Descriptions.Item>
              <Descriptions.Item label={t('employees.department')}>
                {dash(employee.departments?.name)}
              </Descriptions.Item>
              <Descriptions.Item label={t('employees.site')}>{dash(employee.sites?.name)}</Descriptions.Item>
              <Descriptions.Item label={t('employees.salary')}>
                {formatMoney(employee.salary, employee.sites?.currency, i18n.language)}
              </Descriptions.Item>
              <Descriptions.Item label={t('employees.joiningDate')}>
                {dash(employee.joining_date)}
              </Descriptions.Item>
              <Descriptions.Item label={t('employees.employmentType')}>
                {t(`employmentTypes.${employee.employment_type}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('employees.role')}>{t(`roles.${employee.role}`)}</Descriptions.Item>
              <Descriptions.Item label={t('employees.columns.status')}>
                <StatusTag status={employee.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('employees.address')} span="filled">
                {dash(employee.address)}
              </Descriptions.Item>
              <Descriptions.Item label={t('employees.emergencyContact')}>
                {dash(employee.emergency_contact)}
              </Descriptions.Item>
              <Descriptions.Item label={t('employees.emergencyPhone')}>
                {dash(employee.emergency_phone)}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Space direction="vertical" style={{ width: '100%' }} size={16}>
            <Card title={t('employees.fingers')} size="small" data-testid="enrolled-fingers">
              {fingers.data && fingers.data.length > 0 ? (
                <Table
                  size="small"
                  pagination={false}
                  rowKey="finger"
                  dataSource={fingers.data}
                  columns={[
                    {
                      title: t('employees.finger'),
                      dataIndex: 'finger',
                      render: (finger: string) => t(`employees.fingerNames.${finger}`),
                    },
                    { title: t('employees.quality'), dataIndex: 'quality' },
                    {
                      title: t('employees.consentDate'),
                      dataIndex: 'consent_at',
                      render: (value: string) => dayjs(value).format('YYYY-MM-DD'),
                    },
                  ]}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('employees.noFingers')} />
              )}
              {permissions.mayManage(employee) && employee.status === 'active' && (
                <div style={{ marginTop: 12 }}>
                  {fingers.data?.length === 1 && (
                    <Typography.Paragraph type="secondary" data-testid="second-finger-hint">
                      {t('employees.secondFingerHint')}
                    </Typography.Paragraph>
                  )}
                  <BiometricSetup
                    enrolment={null}
                    person={{ id: employee.id, name: fullName(employee) }}
                    label={t('employees.enrolFinger')}
                    onEnrolled={async (captured) => {
                      try {
                        await enrolFinger(employee.id, captured);
                        open?.({ type: 'success', message: t('employees.fingerprintCaptured') });
                        await fingers.refetch();
                      } catch (error) {
                        open?.({
                          type: 'error',
                          message: t('employees.saveErrorTitle'),
                          description: serviceMessage(error),
                        });
                      }
                    }}
                    onDuplicate={() =>
                      open?.({
                        type: 'error',
                        message: t('employees.duplicateTitle'),
                        description: t('employees.duplicate'),
                      })
                    }
                    onCheckFailed={() =>
                      open?.({
                        type: 'error',
                        message: t('employees.saveErrorTitle'),
                        description: t('employees.checkFailed'),
                      })
                    }
                  />
                </div>
              )}
            </Card>
            <Card title={t('employees.currentShift')} size="small" data-testid="current-shift">
              {assignments?.data?.length ? (
                assignments.data.map((a) =>
                  a.shifts ? (
                    <div key={a.shift_id}>
                      <Typography.Text strong>{a.shifts.name}</Typography.Text>{' '}
                      <Typography.Text>
                        {a.shifts.start_time.slice(0, 5)}–{a.shifts.end_time.slice(0, 5)}
                      </Typography.Text>{' '}
                      <Typography.Text type="secondary">
                        {weekdayList(a.shifts.days_of_week, intlLocale(i18n.language))}
                      </Typography.Text>
                    </div>
                  ) : null,
                )
              ) : (
                <Typography.Text type="secondary">{t('employees.noShift')}</Typography.Text>
              )}
            </Card>
          </Space>
        </Col>
        <Col xs={24}>
          <Card title={t('employees.recentAttendance')} size="small" data-testid="recent-attendance">
            <Table<AttendanceRow>
              size="small"
              rowKey="id"
              loading={attendanceQuery.isLoading}
              pagination={false}
              dataSource={attendance?.data ?? []}
              locale={{ emptyText: t('employees.noAttendance') }}
              scroll={{ x: 500 }}
              columns={[
                { title: t('employees.date'), dataIndex: 'date' },
                { title: t('employees.checkIn'), dataIndex: 'check_in', render: time },
                { title: t('employees.checkOut'), dataIndex: 'check_out', render: time },
                {
                  title: t('employees.hours'),
                  dataIndex: 'total_hours',
                  render: (h: number | null) => h ?? '—',
                },
                {
                  title: t('employees.columns.status'),
                  dataIndex: 'punctuality',
                  render: (p: AttendanceRow['punctuality']) => (
                    <Tag color={p === 'late' ? 'orange' : 'green'}>{t(`employees.punctuality.${p}`)}</Tag>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
