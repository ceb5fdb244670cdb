// The employee portal (/employee-portal): today's attendance with biometric check-in and check-out
// through the scanner modal (420×560, attendance mode, refusing someone else's finger), Today's
// Summary (figures from my_day_summary), recent attendance, notifications, upcoming shifts, a manual
// check-in for oneself and the payslips. Everything live.
import { useGetIdentity, useNotification } from '@refinedev/core';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Input,
  List,
  Modal,
  Row,
  Space,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteTime, useLoad } from '../../components/daily/data.ts';
import { punchErrorLine } from '../../components/daily/punchErrors.ts';
import { NotificationsCard } from '../../components/daily/NotificationsCard.tsx';
import { PortalHeader } from '../../components/daily/PortalHeader.tsx';
import { dayLabel, weekdayList } from '../../components/daily/weekdays.ts';
import { ScannerFrame } from '../../components/scanner/ScannerFrame.tsx';
import type { PunchAction, ScannerMessage } from '../../fingerprint/scanner/protocol.ts';
import type { Identity } from '../../providers/identity.ts';
import { supabase } from '../../data/client.ts';
import {
  buttonStates,
  downloadMyPayslip,
  isOwnId,
  loadMyPayslips,
  loadMyPortal,
  loadMyShifts,
  looksLikeId,
  OWN_ATTENDANCE_ONLY,
} from './queries.ts';

export function EmployeePortal() {
  const { t, i18n } = useTranslation();
  const { open } = useNotification();
  const { data: me } = useGetIdentity<Identity | null>();
  const id = me?.employeeId;
  const locale = i18n.language.startsWith('fr') ? 'fr-FR' : 'en-US';
  const portal = useLoad(() => loadMyPortal(id!), [id], ['attendances'], Boolean(id));
  const shifts = useLoad(() => loadMyShifts(id!), [id], ['shift_assignments', 'shifts'], Boolean(id));
  const payslips = useLoad(() => loadMyPayslips(id!), [id], ['paystubs'], Boolean(id));
  const [scanning, setScanning] = useState<PunchAction | null>(null);
  const [manual, setManual] = useState('');

  const records = portal.data?.records ?? [];
  const { canCheckIn, canCheckOut, openSince } = buttonStates(records, portal.data?.today ?? '');
  // The card shows today's record, or the one left open on an earlier day.
  const latest = records.find((r) => r.date === portal.data?.today || (openSince && r.date === openSince));
  const zone = portal.data?.records[0]?.sites?.time_zone;
  const time = (at: string | null | undefined) =>
    at ? siteTime(at, zone, locale) : t('portal.attendance.none');
  const toast = (type: 'success' | 'error', message: string, description?: string) =>
    open?.({ type, message, description });

  const punch = async (action: PunchAction, source: 'fingerprint' | 'manual') => {
    if (!me) return;
    const { error } =
      action === 'check-in'
        ? await supabase().rpc('check_in', {
            p_employee_id: me.employeeId,
            p_source: source,
            p_device: 'employee-portal',
          })
        : await supabase().rpc('check_out', { p_employee_id: me.employeeId });
    if (error) {
      if (error.message === 'punch.already_checked_in') toast('error', t('portal.toast.alreadyIn'));
      else if (error.message === 'punch.already_checked_out') toast('error', t('portal.toast.alreadyOut'));
      else
        toast(
          'error',
          t(action === 'check-in' ? 'portal.toast.failedIn' : 'portal.toast.failedOut'),
          punchErrorLine(t, error),
        );
    } else if (source === 'manual') {
      toast('success', t('portal.manual.done'), t('portal.manual.doneText'));
    } else if (action === 'check-in') {
      toast('success', t('portal.toast.checkedIn'), t('portal.toast.welcome', { name: me.name }));
    } else {
      toast('success', t('portal.toast.checkedOut'), t('portal.toast.goodbye', { name: me.name }));
    }
    portal.refetch();
  };

  const onScanner = (message: ScannerMessage) => {
    if (message.type !== 'fingerprint-attendance' || !me) return;
    setScanning(null);
    if (message.status !== 'matched' || !message.employee) {
      toast('error', t('portal.toast.noMatch'), t('portal.toast.notRecognized'));
      return;
    }
    if (message.employee.id !== me.employeeId) {
      toast('error', t('portal.toast.notYou'), t('portal.toast.notYouText'));
      return;
    }
    void punch(message.action, 'fingerprint');
  };

  const markManual = async () => {
    if (!me) return;
    const typed = manual.trim();
    if (isOwnId(typed, me)) {
      setManual('');
      void punch('check-in', 'manual');
      return;
    }
    if (!looksLikeId(typed)) {
      toast('error', t('portal.manual.invalid'));
      return;
    }
    // Someone else's ID: the database decides (it records nobody's attendance but one's own), and
    // an ID that is nobody's is not a valid one.
    const { error } = await supabase().rpc('check_in', {
      p_employee_id: typed,
      p_source: 'manual',
      p_device: 'employee-portal',
    });
    if (error?.message === OWN_ATTENDANCE_ONLY)
      toast('error', t('portal.toast.notYou'), t('portal.manual.notYouText'));
    else if (error) toast('error', t('portal.manual.invalid'));
    else toast('success', t('portal.manual.done'), t('portal.manual.doneText'));
    portal.refetch();
  };

  const s = portal.data?.summary;
  return (
    <div
      data-testid="employee-portal"
      style={{
        maxWidth: 1200,
        margin: '0 auto',
        padding: 16,
        display: 'flex',
        flexDirection: 'column',
        gap: 16,
      }}
    >
      <PortalHeader title={t('portal.welcome', { name: me?.name ?? '' })} subtitle={t('portal.subtitle')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card
            title={t('portal.attendance.title')}
            data-testid="portal-attendance"
            style={{ height: '100%' }}
          >
            <Descriptions column={2} size="small">
              <Descriptions.Item label={t('portal.attendance.checkInTime')}>
                <span data-testid="portal-check-in">{time(latest?.check_in)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('portal.attendance.checkOutTime')}>
                <span data-testid="portal-check-out">{time(latest?.check_out)}</span>
              </Descriptions.Item>
            </Descriptions>
            {openSince && (
              <Tag color="orange" data-testid="portal-open-since">
                {t('punch.openSince', { day: dayLabel(openSince, locale) })}
              </Tag>
            )}
            <Space wrap style={{ marginTop: 12 }}>
              <Button
                type="primary"
                disabled={!portal.data || !canCheckIn}
                onClick={() => setScanning('check-in')}
              >
                {t('portal.attendance.checkIn')}
              </Button>
              <Button disabled={!portal.data || !canCheckOut} onClick={() => setScanning('check-out')}>
                {t('portal.attendance.checkOut')}
              </Button>
            </Space>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('portal.summary.title')} data-testid="portal-summary" style={{ height: '100%' }}>
            <Row gutter={[16, 16]}>
              <Col span={12}>
                <Statistic
                  title={t('portal.summary.status')}
                  value={s ? (s.present ? t('portal.summary.present') : t('portal.summary.absent')) : '—'}
                  valueStyle={{ color: s?.present ? '#52c41a' : '#ff4d4f', fontSize: 20 }}
                />
              </Col>
              <Col span={12} data-testid="portal-hours-today">
                <Tooltip title={t('portal.summary.hoursTodayHelp')}>
                  <Statistic
                    title={t('portal.summary.hoursToday')}
                    value={s ? Number(s.hours_today).toFixed(2) : '—'}
                    suffix="h"
                    valueStyle={{ fontSize: 20 }}
                  />
                </Tooltip>
              </Col>
              <Col span={12} data-testid="portal-hours-week">
                <Tooltip title={t('portal.summary.weekHelp')}>
                  <Statistic
                    title={t('portal.summary.week')}
                    value={s ? Number(s.hours_week).toFixed(2) : '—'}
                    suffix="h"
                    valueStyle={{ fontSize: 20 }}
                  />
                </Tooltip>
              </Col>
              <Col span={12} data-testid="portal-break">
                <Tooltip title={t('portal.summary.breakHelp')}>
                  <Statistic
                    title={t('portal.summary.breakTime')}
                    value={s ? t('portal.summary.minutes', { count: s.break_minutes }) : '—'}
                    valueStyle={{ fontSize: 20 }}
                  />
                </Tooltip>
              </Col>
            </Row>
          </Card>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('portal.recent.title')} data-testid="portal-recent">
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              loading={portal.loading && !portal.data}
              dataSource={portal.data?.records ?? []}
              locale={{ emptyText: t('portal.recent.empty') }}
              columns={[
                {
                  title: t('portal.recent.date'),
                  dataIndex: 'date',
                  render: (d: string) => dayLabel(d, locale),
                },
                { title: t('portal.recent.in'), render: (_, r) => time(r.check_in) },
                { title: t('portal.recent.out'), render: (_, r) => (r.check_out ? time(r.check_out) : '-') },
                {
                  title: t('portal.recent.hours'),
                  render: (_, r) => (r.total_hours === null ? '-' : Number(r.total_hours).toFixed(2)),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <NotificationsCard employeeId={id} />
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title={t('portal.shifts.title')} data-testid="portal-shifts" style={{ height: '100%' }}>
            <List
              size="small"
              dataSource={shifts.data ?? []}
              loading={shifts.loading && !shifts.data}
              locale={{ emptyText: t('portal.shifts.empty') }}
              renderItem={(a) => (
                <List.Item>
                  <List.Item.Meta
                    title={a.shifts?.name}
                    description={
                      a.shifts && (
                        <>
                          {a.shifts.start_time.slice(0, 5)}–{a.shifts.end_time.slice(0, 5)} ·{' '}
                          {weekdayList(a.shifts.days_of_week, locale)}
                          <br />
                          {t('portal.shifts.breakMinutes', { count: a.shifts.break_duration })}
                        </>
                      )
                    }
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('portal.manual.title')} style={{ height: '100%' }}>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                aria-label={t('portal.manual.placeholder')}
                placeholder={t('portal.manual.placeholder')}
                value={manual}
                onChange={(e) => setManual(e.target.value)}
                onPressEnter={() => void markManual()}
              />
              <Button type="primary" onClick={() => void markManual()}>
                {t('portal.manual.mark')}
              </Button>
            </Space.Compact>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('portal.manual.help')}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('portal.payslips.title')} data-testid="portal-payslips" style={{ height: '100%' }}>
            <List
              size="small"
              dataSource={payslips.data ?? []}
              loading={payslips.loading && !payslips.data}
              locale={{ emptyText: t('portal.payslips.empty') }}
              renderItem={(p) => {
                const money = (v: number) =>
                  new Intl.NumberFormat(locale, { style: 'currency', currency: p.currency }).format(
                    Number(v),
                  );
                const download = () =>
                  downloadMyPayslip(p).catch((e: Error) =>
                    open?.({
                      type: 'error',
                      message: t('portal.payslips.downloadFailed'),
                      description: e.message,
                    }),
                  );
                return (
                  <List.Item
                    actions={
                      p.payroll_record_id || p.salary_structure_id
                        ? [
                            <Button key="pdf" size="small" onClick={download}>
                              {t('portal.payslips.download')}
                            </Button>,
                          ]
                        : []
                    }
                  >
                    <List.Item.Meta
                      title={`${p.period_start ?? ''} → ${p.period_end}`}
                      description={`${t('portal.payslips.gross')} ${money(p.gross)} · ${t('portal.payslips.net')} ${money(p.net)}`}
                    />
                  </List.Item>
                );
              }}
            />
          </Card>
        </Col>
      </Row>

      <Modal
        open={scanning !== null}
        onCancel={() => setScanning(null)}
        footer={<Button onClick={() => setScanning(null)}>{t('portal.scanner.close')}</Button>}
        title={scanning === 'check-out' ? t('portal.scanner.checkOut') : t('portal.scanner.checkIn')}
        width={420}
        destroyOnHidden
        styles={{ body: { height: 560, padding: 0 } }}
      >
        {scanning && me && (
          <ScannerFrame
            mode="attendance"
            action={scanning}
            employees={[{ id: me.employeeId, name: me.name }]}
            onMessage={onScanner}
            height={560}
          />
        )}
      </Modal>
    </div>
  );
}
