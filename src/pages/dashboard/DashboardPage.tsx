// The admin dashboard (/dashboard): every figure from the database (attendance_summary,
// performance_week, today_status), lists short and live. Calendar and Analytics open on demand;
// the charts library loads only with Analytics. Each widget is in components/, the reads in data.ts and the attendance-overview feature.
import { useGetIdentity } from '@refinedev/core';
import { Card, Col, Modal, Row, Space, Spin, Typography } from 'antd';
import { Children, lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveClock } from '../../components/daily/LiveClock.tsx';
import { NotificationsCard } from '../../components/daily/NotificationsCard.tsx';
import { RecentActivitiesCard, SummaryStrip, useFigures } from '../../features/attendance-overview/index.ts';
import type { Identity } from '../../providers/identity.ts';
import { EmployeeSearch } from './components/EmployeeSearch.tsx';
import { NavCards } from './components/NavCards.tsx';
import { QuickActions } from './components/QuickActions.tsx';
import { QuickAttendance } from './components/QuickAttendance.tsx';
import { StatCards } from './components/StatCards.tsx';
import { TodaySummary } from './components/TodaySummary.tsx';

const CalendarView = lazy(() => import('./CalendarView.tsx'));
const AnalyticsView = lazy(() => import('./AnalyticsView.tsx'));

export function DashboardPage() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity | null>();
  const figures = useFigures();
  const [open, setOpen] = useState<'calendar' | 'analytics' | null>(null);

  return (
    <div data-testid="dashboard" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card>
        <Row align="middle" justify="space-between" gutter={[16, 16]}>
          <Col>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="dashboard-welcome">
              {t('dashboard.welcome', { name: identity?.name ?? '' })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('dashboard.subtitle')}</Typography.Text>
          </Col>
          <Col>
            <Space size="large">
              <LiveClock compact />
            </Space>
          </Col>
        </Row>
      </Card>

      <NavCards />

      <StatCards figures={figures.data} />
      <SummaryStrip figures={figures.data} />

      <EqualColumns>
        <RecentActivitiesCard title={t('dashboard.recent.title')} testId="recent-activities" limit={5} />
        <TodaySummary figures={figures.data} />
      </EqualColumns>

      <EqualColumns>
        <EmployeeSearch />
        <QuickActions onOpen={setOpen} />
        <Card title={t('dashboard.clock.title')} style={{ height: '100%' }}>
          <LiveClock />
        </Card>
      </EqualColumns>

      <EqualColumns>
        <QuickAttendance />
        <NotificationsCard employeeId={identity?.employeeId} />
      </EqualColumns>

      <Modal
        open={open !== null}
        onCancel={() => setOpen(null)}
        footer={null}
        width={open === 'analytics' ? 1000 : 1100}
        title={open ? t(`dashboard.${open}.title`) : ''}
        destroyOnHidden
      >
        <Suspense fallback={<Spin />}>
          {open === 'calendar' && <CalendarView />}
          {open === 'analytics' && <AnalyticsView />}
        </Suspense>
      </Modal>
    </div>
  );
}

/** A row of cards of equal width, side by side on a wide screen, stacked on a narrow one. */
function EqualColumns({ children }: { children: ReactNode }) {
  const cards = Children.toArray(children);
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card, i) => (
        <Col key={i} xs={24} lg={24 / cards.length}>
          {card}
        </Col>
      ))}
    </Row>
  );
}
