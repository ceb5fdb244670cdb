// The day's records: search by name or id, a date picker, the table, and per record a correction
// (reason required, audited) and its history.
import type { useTable } from '@refinedev/antd';
import { Button, Card, DatePicker, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, siteTime } from '../../../shared/format/index.ts';
import { intlLocale } from '../../../components/daily/weekdays.ts';
import type { AttendanceRow } from '../data.ts';
import { CorrectionDialog, HistoryDialog } from './CorrectionDialog.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';

export function DayRecords({
  day,
  onDay,
  onSearch,
  tableProps,
  onChanged,
}: {
  day: Dayjs | null;
  onDay: (day: Dayjs) => void;
  onSearch: (text: string) => void;
  tableProps: ReturnType<typeof useTable<AttendanceRow>>['tableProps'];
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const [correcting, setCorrecting] = useState<AttendanceRow | null>(null);
  const [history, setHistory] = useState<AttendanceRow | null>(null);
  return (
    <>
      <Card
        title={
          day && day.format('YYYY-MM-DD') === dayjs().format('YYYY-MM-DD')
            ? t('attendance.list.title')
            : t('attendance.list.titleDay', { day: day ? formatDate(day, locale) : '' })
        }
        extra={
          <Space wrap>
            <SearchBox
              label={t('attendance.list.search')}
              width={240}
              onSearch={onSearch}
              onChange={(e) => !e.target.value && onSearch('')}
            />
            <DatePicker
              aria-label={t('attendance.day')}
              value={day}
              allowClear={false}
              onChange={(d) => d && onDay(d)}
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
            render={(_, r) => siteTime(r.check_in, r.sites?.time_zone, locale)}
          />
          <Table.Column<AttendanceRow>
            title={t('attendance.list.checkOut')}
            render={(_, r) => siteTime(r.check_out, r.sites?.time_zone, locale)}
          />
          <Table.Column<AttendanceRow>
            title={t('attendance.list.hours')}
            render={(_, r) => formatNumber(r.total_hours, locale)}
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
          <Table.Column<AttendanceRow>
            title={t('attendance.list.source')}
            render={(_, r) => t(`attendance.list.sources.${r.source}`, { defaultValue: r.source })}
          />
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
          onChanged();
        }}
      />
      <HistoryDialog record={history} onClose={() => setHistory(null)} />
    </>
  );
}
