// The manager portal (/manager-portal): the team today (attendance_summary and performance_week for
// the departments the manager manages), the team overview, recent team activities, the team's
// salary structures and the manager's notifications; dialogs to add/edit a member, notify one and
// propose a salary. Everything scoped by the database and live. Reads and writes in data.ts.
import { BellOutlined, DollarOutlined, UserAddOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { Badge, Button, Col, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../../components/daily/data.ts';
import { NotificationsCard } from '../../components/daily/NotificationsCard.tsx';
import { PortalPage } from '../../components/daily/PortalPage.tsx';
import { RecentActivitiesCard, SummaryStrip, useFigures } from '../../features/attendance-overview/index.ts';
import type { Identity } from '../../providers/identity.ts';
import { useConfirmedAction } from '../../shared/feedback/index.ts';
import { EmployeeDialog } from './components/EmployeeDialog.tsx';
import { NotifyDialog } from './components/NotifyDialog.tsx';
import { SalaryFormDialog } from '../../features/salary-form/index.ts';
import { TeamOverview } from './components/TeamOverview.tsx';
import { TeamPayrollCard } from './components/TeamPayrollCard.tsx';
import { TeamStats } from './components/TeamStats.tsx';
import { useArchiveEmployee, useTeam, useTeamPayroll, type TeamMember, type TeamSalary } from './data.ts';
import { ManagerLeaveCard } from '../../features/leave/index.ts';
import { PinReviewCard } from '../../features/pin/index.ts';

export function ManagerPortal() {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<Identity | null>();
  const id = me?.employeeId;
  // The overview shows 5; the dialogs' pickers load the team (≤ 200) only once a dialog opens.
  const team = useTeam(id, 5);
  const departmentIds = team.data?.departments.map((d) => d.id);
  const figures = useFigures(departmentIds, Boolean(departmentIds));
  const payroll = useTeamPayroll();
  const unread = useUnreadCount(id);
  const archive = useArchiveEmployee();
  const confirmAction = useConfirmedAction();
  const [editing, setEditing] = useState<TeamMember | 'new' | null>(null);
  const [notifying, setNotifying] = useState(false);
  const [salary, setSalary] = useState(false);
  const [amending, setAmending] = useState<TeamSalary | null>(null);
  const picker = useTeam(id, 200, notifying || salary || amending !== null);
  const pickable = (picker.data?.members ?? []).map((m) => ({ ...m, sites: null }));

  const confirmArchive = (m: TeamMember) => {
    const name = `${m.first_name} ${m.last_name}`.trim();
    confirmAction({
      title: t('manager.overview.confirmDelete', { name }),
      danger: true,
      run: () => archive.mutateAsync(m.id),
      done: t('manager.overview.deleted'),
      doneDetail: name,
      failed: t('manager.overview.deleteFailed'),
      then: () => void team.refetch(),
    });
  };

  return (
    <PortalPage testId="manager-portal" texts="manager" name={me?.name} maxWidth={1280}>
      <TeamStats today={figures.data?.today} />

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
          <TeamOverview team={team} onEdit={setEditing} onArchive={confirmArchive} />
        </Col>
        <Col xs={24} lg={12}>
          <RecentActivitiesCard title={t('manager.activities')} testId="team-activities" limit={6} />
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <TeamPayrollCard
            rows={payroll.data ?? []}
            loading={payroll.isLoading}
            myId={id}
            onEdit={setAmending}
          />
        </Col>
        <Col xs={24} lg={12}>
          <NotificationsCard employeeId={id} />
        </Col>
      </Row>

      <ManagerLeaveCard />
      <PinReviewCard />

      <EmployeeDialog
        open={editing !== null}
        member={editing === 'new' ? null : editing}
        departments={team.data?.departments ?? []}
        siteId={team.data?.siteId ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void team.refetch();
        }}
      />
      <NotifyDialog
        open={notifying}
        members={picker.data?.members ?? []}
        departments={team.data?.departments ?? []}
        onClose={() => setNotifying(false)}
      />
      {(salary || amending) && (
        <SalaryFormDialog
          mode={amending ? 'amend' : 'propose'}
          {...(amending && { record: amending })}
          employees={pickable}
          onClose={(saved) => {
            setSalary(false);
            setAmending(null);
            if (saved) void payroll.refetch();
          }}
        />
      )}
    </PortalPage>
  );
}
