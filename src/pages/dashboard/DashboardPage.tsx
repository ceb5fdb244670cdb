// The admin dashboard (/dashboard): every figure from the database (attendance_summary,
// performance_week, today_status), lists short and live. Calendar and Analytics open on demand;
// the charts library loads only with Analytics.
import {
  BarChartOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  DollarOutlined,
  FileTextOutlined,
  SettingOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useGetIdentity, useLogout, useNotification } from '@refinedev/core';
import {
  Button,
  Card,
  Col,
  Empty,
  Input,
  List,
  Modal,
  Progress,
  Row,
  Space,
  Spin,
  Statistic,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { changePercent, errorMessage, formatChange, siteTime, useLoad } from '../../components/daily/data.ts';
import { LiveClock } from '../../components/daily/LiveClock.tsx';
import { NotificationsCard } from '../../components/daily/NotificationsCard.tsx';
import type { Identity } from '../../providers/identity.ts';
import { supabase } from '../../providers/supabase.ts';
import {
  loadFigures,
  loadQuickAttendance,
  loadRecentActivities,
  searchEmployees,
  type Activity,
  type Figures,
} from './queries.ts';

const CalendarView = lazy(() => import('./CalendarView.tsx'));
const AnalyticsView = lazy(() => import('./AnalyticsView.tsx'));

const NAV = [
  { key: 'users', path: '/users-management', icon: <UserOutlined /> },
  { key: 'employees', path: '/employee-management', icon: <TeamOutlined /> },
  { key: 'shifts', path: '/shifts-management', icon: <ClockCircleOutlined /> },
  { key: 'salary', path: '/salary-management', icon: <DollarOutlined /> },
  { key: 'attendance', path: '/attendance', icon: <CalendarOutlined /> },
  { key: 'reports', path: '/reports', icon: <BarChartOutlined /> },
  { key: 'settings', path: '/settings', icon: <SettingOutlined /> },
] as const;

export function DashboardPage() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity | null>();
  const { mutate: logout } = useLogout();
  const figures = useLoad(() => loadFigures(), [], ['attendances', 'employees']);
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
              <Button onClick={() => logout()}>{t('common.logout')}</Button>
            </Space>
          </Col>
        </Row>
      </Card>

      <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))' }}>
        {NAV.map((n) => (
          <div key={n.key}>
            <Link to={n.path} style={{ display: 'block', height: '100%' }}>
              <Card hoverable size="small" style={{ textAlign: 'center', height: '100%' }}>
                <div style={{ fontSize: 22, color: '#1677ff' }}>{n.icon}</div>
                <Typography.Text strong>{t(`dashboard.nav.${n.key}`)}</Typography.Text>
              </Card>
            </Link>
          </div>
        ))}
      </div>

      <StatCards figures={figures.data} />
      <SummaryStrip figures={figures.data} />

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <RecentActivities />
        </Col>
        <Col xs={24} lg={12}>
          <TodaySummary figures={figures.data} />
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <EmployeeSearch />
        </Col>
        <Col xs={24} lg={8}>
          <QuickActions onOpen={setOpen} />
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('dashboard.clock.title')} style={{ height: '100%' }}>
            <LiveClock />
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <QuickAttendance />
        </Col>
        <Col xs={24} lg={12}>
          <NotificationsCard employeeId={identity?.employeeId} />
        </Col>
      </Row>

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

function Help({ text, children }: { text: string; children: ReactNode }) {
  return (
    <Tooltip title={text}>
      <span style={{ cursor: 'help', borderBottom: '1px dotted #999' }}>{children}</span>
    </Tooltip>
  );
}

export function StatCards({
  figures,
  testPrefix = 'stat',
}: {
  figures: Figures | undefined;
  testPrefix?: string;
}) {
  const { t } = useTranslation();
  const cards = [
    { key: 'total', field: 'total_employees', color: '#1677ff' },
    { key: 'present', field: 'present', color: '#52c41a' },
    { key: 'absent', field: 'absent', color: '#ff4d4f' },
    { key: 'late', field: 'late', color: '#faad14' },
  ] as const;
  return (
    <Row gutter={[16, 16]}>
      {cards.map((c) => {
        const today = figures?.today[c.field];
        const lastWeek = figures?.lastWeek[c.field] ?? 0;
        const change = figures ? formatChange(changePercent(today ?? 0, lastWeek)) : null;
        return (
          <Col key={c.key} xs={12} lg={6}>
            <Card data-testid={`${testPrefix}-${c.key}`}>
              <Statistic
                title={t(`dashboard.stats.${c.key}`)}
                value={today ?? '—'}
                valueStyle={{ color: c.color }}
                loading={!figures}
              />
              {figures && (
                <Tooltip title={t('dashboard.stats.badgeHelp', { lastWeek })}>
                  <Tag data-testid={`${testPrefix}-${c.key}-change`} style={{ cursor: 'help' }}>
                    {change
                      ? t('dashboard.stats.fromLastWeek', { change })
                      : t('dashboard.stats.noComparison')}
                  </Tag>
                </Tooltip>
              )}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

export function SummaryStrip({
  figures,
  testPrefix = 'summary',
}: {
  figures: Figures | undefined;
  testPrefix?: string;
}) {
  const { t } = useTranslation();
  const items = [
    { key: 'weekly', field: 'attendance_rate' },
    { key: 'productivity', field: 'productivity' },
    { key: 'onTime', field: 'on_time_rate' },
  ] as const;
  return (
    <Card>
      <Row gutter={[16, 16]}>
        {items.map((i) => (
          <Col key={i.key} xs={24} md={8} data-testid={`${testPrefix}-${i.key}`}>
            <Statistic
              title={
                <Help text={t(`dashboard.summary.${i.key}Help`)}>{t(`dashboard.summary.${i.key}`)}</Help>
              }
              value={figures ? figures.performance[i.field] : '—'}
              suffix={figures ? '%' : undefined}
              loading={!figures}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`dashboard.summary.${i.key}Help`)}
            </Typography.Text>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

export function ActivityList({ rows, loading }: { rows: Activity[] | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language.startsWith('fr') ? 'fr-FR' : 'en-US';
  return (
    <List
      size="small"
      loading={loading && !rows}
      dataSource={rows ?? []}
      locale={{ emptyText: t('dashboard.recent.empty') }}
      renderItem={(a) => {
        const out = a.check_out !== null;
        const color = out ? '#1677ff' : a.punctuality === 'late' ? '#faad14' : '#52c41a';
        const name = a.employees ? `${a.employees.first_name} ${a.employees.last_name}`.trim() : '-';
        return (
          <List.Item
            data-testid="activity-item"
            style={{ borderLeft: `4px solid ${color}`, paddingLeft: 12 }}
          >
            <List.Item.Meta
              title={name}
              description={
                <Space size={4}>
                  <Tag color={out ? 'blue' : 'green'}>
                    {out ? t('dashboard.recent.checkedOut') : t('dashboard.recent.checkedIn')}
                  </Tag>
                  {a.punctuality === 'late' && <Tag color="orange">{t('dashboard.recent.late')}</Tag>}
                </Space>
              }
            />
            <Typography.Text type="secondary">
              {siteTime(a.check_out ?? a.check_in, a.sites?.time_zone, locale)}
            </Typography.Text>
          </List.Item>
        );
      }}
    />
  );
}

function RecentActivities() {
  const { t } = useTranslation();
  const recent = useLoad(() => loadRecentActivities(5), [], ['attendances']);
  return (
    <Card title={t('dashboard.recent.title')} data-testid="recent-activities" style={{ height: '100%' }}>
      <ActivityList rows={recent.data} loading={recent.loading} />
    </Card>
  );
}

function TodaySummary({ figures }: { figures: Figures | undefined }) {
  const { t } = useTranslation();
  const rate = figures?.today.attendance_rate ?? 0;
  return (
    <Card title={t('dashboard.today.title')} data-testid="today-summary" style={{ height: '100%' }}>
      <Spin spinning={!figures}>
        <Typography.Text>
          <Help text={t('dashboard.today.rateHelp')}>{t('dashboard.today.rate')}</Help>
        </Typography.Text>
        <Typography.Title level={2} style={{ margin: '4px 0' }} data-testid="today-rate">
          {rate.toFixed(1)}%
        </Typography.Title>
        <Progress percent={rate} showInfo={false} />
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col span={12}>
            <Statistic
              title={t('dashboard.today.present')}
              value={figures?.today.present ?? 0}
              valueStyle={{ color: '#52c41a' }}
            />
          </Col>
          <Col span={12}>
            <Statistic
              title={t('dashboard.today.absent')}
              value={figures?.today.absent ?? 0}
              valueStyle={{ color: '#ff4d4f' }}
            />
          </Col>
        </Row>
      </Spin>
    </Card>
  );
}

function EmployeeSearch() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const results = useLoad(() => searchEmployees(text), [text], [], text.trim() !== '');
  return (
    <Card title={t('dashboard.search.title')} style={{ height: '100%' }}>
      <Input.Search
        allowClear
        placeholder={t('dashboard.search.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label={t('dashboard.search.placeholder')}
      />
      {text.trim() !== '' && (
        <div style={{ maxHeight: 260, overflowY: 'auto', marginTop: 8 }} data-testid="search-results">
          <List
            size="small"
            loading={results.loading}
            dataSource={results.data ?? []}
            locale={{ emptyText: t('dashboard.search.empty') }}
            renderItem={(e) => (
              <List.Item>
                <List.Item.Meta
                  title={`${e.first_name ?? ''} ${e.last_name ?? ''}`.trim() || t('dashboard.search.unnamed')}
                  description={
                    <>
                      {e.position || '-'} · {e.email || t('dashboard.search.noEmail')} ·{' '}
                      {e.departments?.name || t('dashboard.search.noDept')}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </div>
      )}
    </Card>
  );
}

function QuickActions({ onOpen }: { onOpen: (what: 'calendar' | 'analytics') => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = [
    { key: 'addEmployee', icon: <UserAddOutlined />, run: () => navigate('/employee-registration') },
    { key: 'markAttendance', icon: <ClockCircleOutlined />, run: () => navigate('/attendance') },
    { key: 'generateReport', icon: <FileTextOutlined />, run: () => navigate('/reports') },
    { key: 'calendar', icon: <CalendarOutlined />, run: () => onOpen('calendar') },
    { key: 'analytics', icon: <BarChartOutlined />, run: () => onOpen('analytics') },
    { key: 'settings', icon: <SettingOutlined />, run: () => navigate('/settings') },
  ];
  return (
    <Card title={t('dashboard.actions.title')} style={{ height: '100%' }}>
      <Row gutter={[8, 8]}>
        {actions.map((a) => (
          <Col span={12} key={a.key}>
            <Button block icon={a.icon} onClick={a.run}>
              {t(`dashboard.actions.${a.key}`)}
            </Button>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

function QuickAttendance() {
  const { t } = useTranslation();
  const { open } = useNotification();
  const people = useLoad(loadQuickAttendance, [], ['attendances']);
  const [busy, setBusy] = useState<string | null>(null);
  const punch = async (id: string, name: string, action: 'in' | 'out') => {
    setBusy(id);
    const { error } =
      action === 'in'
        ? await supabase().rpc('check_in', { p_employee_id: id, p_source: 'manual', p_device: 'dashboard' })
        : await supabase().rpc('check_out', { p_employee_id: id });
    setBusy(null);
    if (error) open?.({ type: 'error', message: errorMessage(error, 'Error') });
    else
      open?.({
        type: 'success',
        message: t(action === 'in' ? 'dashboard.quick.checkedIn' : 'dashboard.quick.checkedOut'),
        description: name,
      });
    people.refetch();
  };
  const color = { absent: 'red', present: 'green', completed: 'blue' } as const;
  return (
    <Card title={t('dashboard.quick.title')} data-testid="quick-attendance" style={{ height: '100%' }}>
      <List
        size="small"
        loading={people.loading && !people.data}
        dataSource={people.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        renderItem={(p) => (
          <List.Item
            data-testid="quick-person"
            actions={[
              p.state === 'absent' ? (
                <Button
                  key="in"
                  size="small"
                  type="primary"
                  loading={busy === p.id}
                  onClick={() => void punch(p.id, `${p.first_name} ${p.last_name}`.trim(), 'in')}
                >
                  {t('dashboard.quick.checkIn')}
                </Button>
              ) : p.state === 'present' ? (
                <Button
                  key="out"
                  size="small"
                  loading={busy === p.id}
                  onClick={() => void punch(p.id, `${p.first_name} ${p.last_name}`.trim(), 'out')}
                >
                  {t('dashboard.quick.checkOut')}
                </Button>
              ) : null,
            ].filter(Boolean)}
          >
            <List.Item.Meta
              title={`${p.first_name} ${p.last_name}`.trim()}
              description={p.departments?.name ?? t('dashboard.search.noDept')}
            />
            <Tag color={color[p.state]}>{t(`dashboard.quick.${p.state}`)}</Tag>
          </List.Item>
        )}
      />
    </Card>
  );
}
