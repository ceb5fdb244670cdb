// Attendance tracking (/attendance, admin and HR): the clock and a status line, Check In / Check Out
// through the inline scanner, Manual Entry, the alerts of missed punches, and a day's records (the
// site's local day, any day by the date picker) with search, corrections (reason required, audited)
// and each record's history. Live: records of others appear as they punch.
import { useTable } from '@refinedev/antd';
import { useNotification } from '@refinedev/core';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Input,
  List,
  Row,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rpcValue, useLoad } from '../../components/daily/data.ts';
import { LiveClock } from '../../components/daily/LiveClock.tsx';
import { ScannerFrame } from '../../components/scanner/ScannerFrame.tsx';
import type { PunchAction, ScannerMessage } from '../../fingerprint/scanner/protocol.ts';
import { supabase } from '../../providers/supabase.ts';
import { CorrectionDialog, HistoryDialog } from './components/CorrectionDialog.tsx';
import {
  ATTENDANCE_SELECT,
  loadMissedPunches,
  matchingEmployeeIds,
  resolveEmployee,
  type AttendanceRow,
} from './queries.ts';

type StatusKey = 'idle' | 'checkedIn' | 'checkedOut' | 'notRecognized' | 'alreadyIn' | 'noActive';

/** The toast and status line for a refusal of check_in / check_out / manual_entry. */
function refusal(message: string): { toast: string; status: StatusKey } | null {
  if (message === 'Already Checked In') return { toast: 'alreadyIn', status: 'alreadyIn' };
  if (message === 'No Active Check-In' || message === 'Already checked out')
    return { toast: 'noActive', status: 'noActive' };
  if (message === 'Employee not found' || message.includes('invalid input syntax'))
    return { toast: 'notRecognized', status: 'notRecognized' };
  return null;
}

export function AttendanceList() {
  const { t, i18n } = useTranslation();
  const { open } = useNotification();
  const locale = i18n.language.startsWith('fr') ? 'fr-FR' : 'en-US';
  const [day, setDay] = useState<Dayjs | null>(null);
  const [status, setStatus] = useState<{ key: StatusKey; name?: string }>({ key: 'idle' });
  const [action, setAction] = useState<PunchAction | null>(null);
  const [manualId, setManualId] = useState('');
  const [showAlerts, setShowAlerts] = useState(false);
  const [search, setSearch] = useState('');
  const [ids, setIds] = useState<string[] | null>(null);
  const [correcting, setCorrecting] = useState<AttendanceRow | null>(null);
  const [history, setHistory] = useState<AttendanceRow | null>(null);

  // The site's local day of the signed-in person.
  useEffect(() => {
    void rpcValue<string>('my_local_day').then(
      (d) => setDay(dayjs(typeof d === 'string' ? d : undefined)),
      () => setDay(dayjs()),
    );
  }, []);
  useEffect(() => {
    let cancelled = false;
    void matchingEmployeeIds(search).then(
      (found) => !cancelled && setIds(found),
      () => !cancelled && setIds([]),
    );
    return () => {
      cancelled = true;
    };
  }, [search]);

  const dayText = day?.format('YYYY-MM-DD');
  const { tableProps, tableQuery } = useTable<AttendanceRow>({
    resource: 'attendances',
    syncWithLocation: false,
    meta: { select: ATTENDANCE_SELECT },
    pagination: { pageSize: 20 },
    sorters: { permanent: [{ field: 'check_in', order: 'desc' }] },
    filters: {
      permanent: [
        { field: 'date', operator: 'eq', value: dayText ?? '1970-01-01' },
        ...(ids
          ? [
              {
                field: 'employee_id',
                operator: 'in' as const,
                value: ids.length ? ids : ['00000000-0000-0000-0000-000000000000'],
              },
            ]
          : []),
      ],
    },
    queryOptions: { enabled: Boolean(dayText) },
    liveMode: 'auto',
  });
  const alerts = useLoad(loadMissedPunches, [], ['attendances'], showAlerts);
  const reload = useCallback(() => {
    void tableQuery.refetch();
  }, [tableQuery]);

  const toast = (type: 'success' | 'error', key: string, description?: string) =>
    open?.({ type, message: t(key), description });

  const punch = async (employeeId: string, name: string, what: PunchAction) => {
    const { error } =
      what === 'check-in'
        ? await supabase().rpc('check_in', {
            p_employee_id: employeeId,
            p_source: 'fingerprint',
            p_device: 'attendance-page',
          })
        : await supabase().rpc('check_out', { p_employee_id: employeeId });
    if (error) {
      const r = refusal(error.message);
      setStatus({ key: r?.status ?? 'idle' });
      if (r) toast('error', `attendance.toast.${r.toast}`, t(`attendance.toast.${r.toast}Text`));
      else toast('error', 'attendance.toast.failed', error.message);
      return;
    }
    const key = what === 'check-in' ? 'checkedIn' : 'checkedOut';
    setStatus({ key, name });
    toast('success', `attendance.toast.${key}`, name);
    reload();
  };

  const onScanner = (message: ScannerMessage) => {
    if (message.type !== 'fingerprint-attendance') return;
    if (message.status !== 'matched' || !message.employee) {
      setStatus({ key: 'notRecognized' });
      toast('error', 'attendance.toast.notRecognized', t('attendance.toast.notRecognizedText'));
      return;
    }
    void punch(message.employee.id, message.employee.name, message.action);
  };

  const manualEntry = async () => {
    if (!manualId.trim()) {
      toast('error', 'attendance.manual.missing', t('attendance.manual.missingText'));
      return;
    }
    const person = await resolveEmployee(manualId);
    if (!person) {
      setStatus({ key: 'notRecognized' });
      toast('error', 'attendance.toast.notRecognized', t('attendance.toast.notRecognizedText'));
      return;
    }
    const { error } = await supabase().rpc('manual_entry', { p_employee_id: person.id });
    if (error) {
      const r = refusal(error.message);
      setStatus({ key: r?.status ?? 'idle' });
      if (r) toast('error', `attendance.toast.${r.toast}`, t(`attendance.toast.${r.toast}Text`));
      else toast('error', 'attendance.toast.failed', error.message);
      return;
    }
    setManualId('');
    setStatus({ key: 'checkedIn', name: person.name });
    toast('success', 'attendance.manual.done', t('attendance.manual.doneText', { name: person.name }));
    reload();
  };

  const time = (at: string | null) =>
    at ? new Date(at).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' }) : '-';
  const statusType =
    status.key === 'checkedIn' || status.key === 'checkedOut'
      ? 'success'
      : status.key === 'idle'
        ? 'info'
        : 'error';
  const missedIn = (alerts.data ?? []).filter((a) => a.kind === 'missed_check_in');
  const missedOut = (alerts.data ?? []).filter((a) => a.kind === 'missed_check_out');

  return (
    <div data-testid="attendance-page" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Row justify="space-between" align="middle" gutter={[16, 16]}>
        <Col>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('attendance.title')}
          </Typography.Title>
        </Col>
        <Col>
          <Space size="large" wrap>
            <LiveClock compact />
            <Space>
              <Typography.Text>{t('attendance.alerts.toggle')}</Typography.Text>
              <Switch
                aria-label={t('attendance.alerts.toggle')}
                checked={showAlerts}
                onChange={setShowAlerts}
              />
            </Space>
          </Space>
        </Col>
      </Row>

      <Alert
        data-testid="attendance-status"
        type={statusType}
        showIcon
        message={
          status.key === 'idle'
            ? t('attendance.status.idle')
            : `${t(`attendance.status.${status.key}`)}${status.name ? ` — ${status.name}` : ''}`
        }
      />

      {showAlerts && (
        <Alert
          data-testid="attendance-alerts"
          type="warning"
          message={
            <Row gutter={24}>
              <Col xs={24} md={12}>
                <Typography.Text strong>
                  {t('attendance.alerts.missedIn')} ({missedIn.length})
                </Typography.Text>
                <List
                  size="small"
                  dataSource={missedIn.slice(0, 50)}
                  locale={{ emptyText: t('attendance.alerts.none') }}
                  renderItem={(a) => (
                    <List.Item>
                      {a.employee_name} · {a.shift_name} ·{' '}
                      {t('attendance.alerts.expectedAt', { time: time(a.expected_at) })}
                    </List.Item>
                  )}
                />
              </Col>
              <Col xs={24} md={12}>
                <Typography.Text strong>
                  {t('attendance.alerts.missedOut')} ({missedOut.length})
                </Typography.Text>
                <List
                  size="small"
                  dataSource={missedOut.slice(0, 50)}
                  locale={{ emptyText: t('attendance.alerts.none') }}
                  renderItem={(a) => (
                    <List.Item data-testid="missed-check-out">
                      {a.employee_name} ·{' '}
                      {new Date(new Date(a.expected_at).getTime() - 16 * 3600_000).toLocaleString(locale)}
                    </List.Item>
                  )}
                />
              </Col>
            </Row>
          }
        />
      )}

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card
            title={
              action
                ? t('attendance.scannerFor', {
                    action: t(action === 'check-in' ? 'attendance.checkIn' : 'attendance.checkOut'),
                  })
                : t('attendance.title')
            }
            extra={
              <Space>
                <Button
                  type={action === 'check-in' ? 'primary' : 'default'}
                  onClick={() => setAction('check-in')}
                >
                  {t('attendance.checkIn')}
                </Button>
                <Button
                  type={action === 'check-out' ? 'primary' : 'default'}
                  onClick={() => setAction('check-out')}
                >
                  {t('attendance.checkOut')}
                </Button>
              </Space>
            }
          >
            {action ? (
              <ScannerFrame mode="attendance" action={action} onMessage={onScanner} height={380} />
            ) : (
              <Typography.Text type="secondary">{t('attendance.status.idle')}</Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('attendance.manual.title')}>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                aria-label={t('attendance.manual.placeholder')}
                placeholder={t('attendance.manual.placeholder')}
                value={manualId}
                onChange={(e) => setManualId(e.target.value)}
                onPressEnter={() => void manualEntry()}
              />
              <Button type="primary" onClick={() => void manualEntry()}>
                {t('attendance.manual.submit')}
              </Button>
            </Space.Compact>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('attendance.manual.help')}
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>

      <Card
        title={
          day && dayText === dayjs().format('YYYY-MM-DD')
            ? t('attendance.list.title')
            : t('attendance.list.titleDay', { day: day?.toDate().toLocaleDateString(locale) ?? '' })
        }
        extra={
          <Space wrap>
            <Input.Search
              allowClear
              placeholder={t('attendance.list.search')}
              aria-label={t('attendance.list.search')}
              onSearch={setSearch}
              onChange={(e) => !e.target.value && setSearch('')}
              style={{ width: 240 }}
            />
            <DatePicker
              aria-label={t('attendance.day')}
              value={day}
              allowClear={false}
              onChange={(d) => d && setDay(d)}
            />
          </Space>
        }
      >
        <Table<AttendanceRow>
          {...tableProps}
          rowKey="id"
          size="small"
          data-testid="attendance-table"
          scroll={{ x: 760 }}
        >
          <Table.Column<AttendanceRow>
            title={t('attendance.list.employee')}
            render={(_, r) =>
              r.employees ? `${r.employees.first_name} ${r.employees.last_name}`.trim() : '-'
            }
          />
          <Table.Column<AttendanceRow>
            title={t('attendance.list.checkIn')}
            render={(_, r) => time(r.check_in)}
          />
          <Table.Column<AttendanceRow>
            title={t('attendance.list.checkOut')}
            render={(_, r) => time(r.check_out)}
          />
          <Table.Column<AttendanceRow>
            title={t('attendance.list.hours')}
            render={(_, r) => (r.total_hours === null ? '-' : Number(r.total_hours).toFixed(2))}
          />
          <Table.Column<AttendanceRow>
            title={t('attendance.list.status')}
            render={(_, r) => (
              <Space size={4} wrap>
                <Tag color={r.check_out ? 'blue' : 'green'}>
                  {r.check_out ? t('attendance.list.checkedOut') : t('attendance.list.checkedIn')}
                </Tag>
                {r.punctuality === 'late' && <Tag color="orange">{t('attendance.list.late')}</Tag>}
                {r.corrected_at && <Tag color="purple">{t('attendance.list.corrected')}</Tag>}
              </Space>
            )}
          />
          <Table.Column<AttendanceRow> title={t('attendance.list.source')} dataIndex="source" />
          <Table.Column<AttendanceRow>
            title={t('attendance.list.actions')}
            render={(_, r) => (
              <Space>
                <Button size="small" onClick={() => setCorrecting(r)}>
                  {t('attendance.list.correct')}
                </Button>
                <Button size="small" type="link" onClick={() => setHistory(r)}>
                  {t('attendance.list.history')}
                </Button>
              </Space>
            )}
          />
        </Table>
      </Card>

      <CorrectionDialog
        record={correcting}
        onClose={() => setCorrecting(null)}
        onSaved={() => {
          setCorrecting(null);
          reload();
        }}
      />
      <HistoryDialog record={history} onClose={() => setHistory(null)} />
    </div>
  );
}
