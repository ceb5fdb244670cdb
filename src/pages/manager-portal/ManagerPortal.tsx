// The manager portal (/manager-portal): the team today (attendance_summary and performance_week for
// the departments the manager manages), the team overview, recent team activities, the team's
// salary structures and the manager's notifications; dialogs to add/edit a member, notify one and
// propose a salary. Everything scoped by the database and live.
import { BellOutlined, DollarOutlined, UserAddOutlined } from '@ant-design/icons';
import { useGetIdentity, useNotification } from '@refinedev/core';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Col,
  List,
  Modal,
  Row,
  Space,
  Statistic,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLoad } from '../../components/daily/data.ts';
import { NotificationsCard, useUnreadCount } from '../../components/daily/NotificationsCard.tsx';
import { PortalHeader } from '../../components/daily/PortalHeader.tsx';
import { dayLabel } from '../../components/daily/weekdays.ts';
import type { Identity } from '../../providers/identity.ts';
import { supabase } from '../../data/client.ts';
import { ActivityList } from '../dashboard/components/ActivityList.tsx';
import { SummaryStrip } from '../dashboard/components/SummaryStrip.tsx';
import { loadFigures, loadRecentActivities } from '../dashboard/queries.ts';
import { EmployeeDialog } from './components/EmployeeDialog.tsx';
import { NotifyDialog } from './components/NotifyDialog.tsx';
import { loadTeam, loadTeamPayroll, loadTodayStates, type TeamMember } from './queries.ts';
import { SalaryFormDialog } from '../../features/salary-form/index.ts';

export function ManagerPortal() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.startsWith('fr') ? 'fr-FR' : 'en-US';
  const { open } = useNotification();
  const navigate = useNavigate();
  const { data: me } = useGetIdentity<Identity | null>();
  const id = me?.employeeId;
  // The overview shows 5; the dialogs' pickers load the team (≤ 200) only once a dialog opens.
  const team = useLoad(() => loadTeam(id!, 5), [id], ['employees'], Boolean(id));
  const departmentIds = team.data?.departments.map((d) => d.id);
  const figures = useLoad(
    () => loadFigures(departmentIds),
    [departmentIds?.join(',')],
    ['attendances', 'employees'],
    Boolean(departmentIds),
  );
  const overview = team.data?.members ?? [];
  const states = useLoad(
    () => loadTodayStates(overview.map((m) => m.id)),
    [overview.map((m) => m.id).join(',')],
    ['attendances'],
    Boolean(team.data),
  );
  const activities = useLoad(() => loadRecentActivities(6), [], ['attendances']);
  const payroll = useLoad(loadTeamPayroll, [], ['salary_structures']);
  const unread = useUnreadCount(id);
  const [editing, setEditing] = useState<TeamMember | 'new' | null>(null);
  const [notifying, setNotifying] = useState(false);
  const [salary, setSalary] = useState(false);
  const picker = useLoad(() => loadTeam(id!, 200), [id], ['employees'], Boolean(id) && (notifying || salary));

  const archive = (m: TeamMember) => {
    const name = `${m.first_name} ${m.last_name}`.trim();
    Modal.confirm({
      title: t('manager.overview.confirmDelete', { name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        const { error } = await supabase().rpc('archive_employee', { p_employee_id: m.id });
        if (error)
          open?.({ type: 'error', message: t('manager.overview.deleteFailed'), description: error.message });
        else {
          open?.({ type: 'success', message: t('manager.overview.deleted'), description: name });
          team.refetch();
        }
      },
    });
  };

  const today = figures.data?.today;
  const stateOf = (memberId: string) => states.data?.find((s) => s.employee_id === memberId);
  const money = (v: number, currency: string) => `${Number(v).toLocaleString()} ${currency}`;

  return (
    <div
      data-testid="manager-portal"
      style={{
        maxWidth: 1280,
        margin: '0 auto',
        padding: 16,
        display: 'flex',
        flexDirection: 'column',
        gap: 16,
      }}
    >
      <PortalHeader title={t('manager.welcome', { name: me?.name ?? '' })} subtitle={t('manager.subtitle')} />

      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card data-testid="team-members" style={{ height: '100%' }}>
            <Statistic
              title={t('manager.stats.members')}
              value={today?.total_employees ?? '—'}
              loading={!today}
            />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card data-testid="team-present" style={{ height: '100%' }}>
            <Statistic
              title={
                <Tooltip title={t('manager.stats.presentHelp')}>
                  <span style={{ cursor: 'help', borderBottom: '1px dotted #999' }}>
                    {t('manager.stats.present')}
                  </span>
                </Tooltip>
              }
              value={today ? `${today.attendance_rate}%` : '—'}
              valueStyle={{ color: '#52c41a' }}
              loading={!today}
            />
            {today && (
              <Typography.Text type="secondary" data-testid="team-present-count">
                {today.present}
              </Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card data-testid="team-late" style={{ height: '100%' }}>
            <Statistic
              title={t('manager.stats.late')}
              value={today?.late ?? '—'}
              valueStyle={{ color: '#faad14' }}
              loading={!today}
            />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card data-testid="team-absent" style={{ height: '100%' }}>
            <Statistic
              title={t('manager.stats.absent')}
              value={today?.absent ?? '—'}
              valueStyle={{ color: '#ff4d4f' }}
              loading={!today}
            />
          </Card>
        </Col>
      </Row>

      <div>
        <Typography.Title level={5}>{t('manager.performance')}</Typography.Title>
        <SummaryStrip figures={figures.data} testPrefix="team-performance" />
      </div>

      <Space wrap>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setEditing('new')}>
          {t('manager.buttons.addEmployee')}
        </Button>
        <Badge count={unread.data ?? 0} data-testid="manager-unread">
          <Button icon={<BellOutlined />} onClick={() => setNotifying(true)}>
            {t('manager.buttons.notifications')}
          </Button>
        </Badge>
        <Button icon={<DollarOutlined />} onClick={() => setSalary(true)}>
          {t('manager.buttons.addSalary')}
        </Button>
      </Space>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('manager.overview.title')} data-testid="team-overview" style={{ height: '100%' }}>
            <List
              loading={team.loading && !team.data}
              dataSource={overview}
              locale={{ emptyText: t('manager.overview.empty') }}
              renderItem={(m) => {
                const s = stateOf(m.id);
                const badge = !s ? null : s.state === 'absent' ? (
                  <Tag color="red">{t('manager.overview.absent')}</Tag>
                ) : s.open_since ? (
                  <Tag color="orange" data-testid="team-open-since">
                    {t('punch.openSince', { day: dayLabel(s.open_since, locale) })}
                  </Tag>
                ) : s.late ? (
                  <Tag color="orange">{t('manager.overview.late')}</Tag>
                ) : (
                  <Tag color="green">{t('manager.overview.present')}</Tag>
                );
                return (
                  <List.Item
                    data-testid="team-member"
                    actions={[
                      <Button
                        key="v"
                        size="small"
                        type="link"
                        onClick={() => navigate(`/employee-view/${m.id}`)}
                      >
                        {t('manager.overview.view')}
                      </Button>,
                      <Button key="e" size="small" type="link" onClick={() => setEditing(m)}>
                        {t('manager.overview.edit')}
                      </Button>,
                      <Button key="d" size="small" type="link" danger onClick={() => archive(m)}>
                        {t('manager.overview.delete')}
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta
                      avatar={
                        <Avatar style={{ background: '#1677ff' }}>
                          {`${m.first_name[0] ?? ''}${m.last_name[0] ?? ''}`.toUpperCase()}
                        </Avatar>
                      }
                      title={
                        <Space size={6}>
                          {`${m.first_name} ${m.last_name}`.trim()}
                          {badge}
                        </Space>
                      }
                      description={m.position ?? '-'}
                    />
                  </List.Item>
                );
              }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('manager.activities')} data-testid="team-activities" style={{ height: '100%' }}>
            <ActivityList rows={activities.data} loading={activities.loading} />
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card
            title={t('manager.payroll.title')}
            extra={<Typography.Text type="secondary">{t('manager.payroll.recent')}</Typography.Text>}
            data-testid="team-payroll"
            style={{ height: '100%' }}
          >
            <List
              size="small"
              loading={payroll.loading && !payroll.data}
              dataSource={payroll.data ?? []}
              locale={{ emptyText: t('manager.payroll.empty') }}
              renderItem={(s) => (
                <List.Item>
                  <List.Item.Meta
                    title={s.employees ? `${s.employees.first_name} ${s.employees.last_name}`.trim() : '-'}
                    description={t('manager.payroll.effective', { date: s.effective_date })}
                  />
                  <Space>
                    <Typography.Text>{money(s.net_salary, s.currency)}</Typography.Text>
                    <Tag
                      color={
                        s.approval_status === 'approved'
                          ? 'green'
                          : s.approval_status === 'rejected'
                            ? 'red'
                            : 'gold'
                      }
                    >
                      {s.payment_status === 'paid'
                        ? t('manager.payroll.paid')
                        : t(`manager.payroll.${s.approval_status}`)}
                    </Tag>
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <NotificationsCard employeeId={id} />
        </Col>
      </Row>

      <EmployeeDialog
        open={editing !== null}
        member={editing === 'new' ? null : editing}
        departments={team.data?.departments ?? []}
        siteId={team.data?.siteId ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          team.refetch();
        }}
      />
      <NotifyDialog
        open={notifying}
        members={picker.data?.members ?? []}
        onClose={() => setNotifying(false)}
      />
      {salary && (
        <SalaryFormDialog
          mode="propose"
          employees={(picker.data?.members ?? []).map((m) => ({ ...m, sites: null }))}
          onClose={(saved) => {
            setSalary(false);
            if (saved) payroll.refetch();
          }}
        />
      )}
    </div>
  );
}
