// The dashboard's calendar: a month per site-local day — people scheduled by their shifts, present,
// absent, late, hours — and the public holidays (attendance_calendar, computed in SQL).
import { Calendar, Select, Space, Spin, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendar, useSites } from './data.ts';

export default function CalendarView() {
  const { t } = useTranslation();
  const [month, setMonth] = useState<Dayjs>(() => dayjs());
  const [site, setSite] = useState<string | null>(null);
  const sites = useSites();
  const days = useCalendar(month.startOf('month').format('YYYY-MM-DD'), site);
  const byDay = new Map((days.data ?? []).map((d) => [d.day, d]));
  return (
    <div data-testid="calendar-view">
      <Space style={{ marginBottom: 8 }} wrap>
        <Select
          style={{ minWidth: 200 }}
          value={site ?? ''}
          onChange={(v) => setSite(v || null)}
          options={[
            { value: '', label: t('dashboard.calendar.allSites') },
            ...(sites.data ?? []).map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
        <Typography.Text type="secondary">{t('dashboard.calendar.legend')}</Typography.Text>
      </Space>
      <Spin spinning={days.isFetching}>
        <Calendar
          value={month}
          onPanelChange={(value) => setMonth(value)}
          onSelect={(value) => setMonth(value)}
          cellRender={(value, info) => {
            if (info.type !== 'date') return info.originNode;
            // A day of the month before or after: its number is already in the cell's corner.
            if (!value.isSame(month, 'month')) return null;
            const d = byDay.get(value.format('YYYY-MM-DD'));
            if (!d) return null;
            return (
              <div data-testid={`calendar-${d.day}`} style={{ fontSize: 11, lineHeight: 1.4 }}>
                {d.holidays.map((h) => (
                  <Tag key={h} color="purple" style={{ fontSize: 10, whiteSpace: 'normal' }}>
                    {h}
                  </Tag>
                ))}
                {d.expected > 0 && (
                  <div>
                    {t('dashboard.calendar.expected')}: {d.expected}
                  </div>
                )}
                {d.present > 0 && (
                  <div style={{ color: '#389e0d' }}>
                    {t('dashboard.calendar.present')}: {d.present}
                  </div>
                )}
                {d.absent > 0 && (
                  <div style={{ color: '#cf1322' }}>
                    {t('dashboard.calendar.absent')}: {d.absent}
                  </div>
                )}
                {d.on_leave > 0 && (
                  <div style={{ color: '#0958d9' }} data-testid="calendar-on-leave">
                    {t('leave.measure.onLeave', { count: d.on_leave })}
                  </div>
                )}
                {d.late > 0 && (
                  <div style={{ color: '#d48806' }}>
                    {t('dashboard.calendar.late')}: {d.late}
                  </div>
                )}
              </div>
            );
          }}
        />
      </Spin>
    </div>
  );
}
