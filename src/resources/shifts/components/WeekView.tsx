// Who works when, per site: Mon–Sun columns; a night shift shows in the evening of its day and
// (marked as continued) in the morning of the next.
import { Tabs, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DAYS, weekSegments, type ShiftRow } from '../week.ts';
import type { Option } from './ShiftForm.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { TONE } from '../../../theme.ts';

export function WeekView({ shifts, sites }: { shifts: ShiftRow[]; sites: Option[] }) {
  const { t } = useTranslation();
  const groups = [
    ...sites.map((s) => ({
      key: s.value,
      label: s.label,
      shifts: shifts.filter((x) => x.site_id === s.value),
    })),
    { key: 'none', label: t('shifts.week.noSite'), shifts: shifts.filter((x) => !x.site_id) },
  ].filter((g) => g.key !== 'none' || g.shifts.length > 0);
  return (
    <Tabs
      items={groups.map((g) => ({
        key: g.key,
        label: g.label,
        children: g.shifts.length ? <Week shifts={g.shifts} /> : <EmptyState text={t('shifts.week.empty')} />,
      }))}
    />
  );
}

function Week({ shifts }: { shifts: ShiftRow[] }) {
  const { t } = useTranslation();
  const week = weekSegments(shifts);
  return (
    <div style={{ overflowX: 'auto' }}>
      <div
        data-testid="week-view"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(7, minmax(120px, 1fr))',
          gap: 8,
          minWidth: 860,
        }}
      >
        {DAYS.map((day) => (
          <div
            key={day}
            data-day={day}
            style={{ background: '#fafafa', borderRadius: 8, padding: 8, minHeight: 120 }}
          >
            <Typography.Text strong>{t(`shifts.days.${day}`)}</Typography.Text>
            {week[day].map((seg) => (
              <Tooltip
                key={`${seg.shift.id}-${seg.continued}`}
                title={seg.shift.employees.map((e) => e.name).join(', ') || t('shifts.card.noEmployees')}
              >
                <div
                  style={{
                    marginTop: 8,
                    padding: 6,
                    borderRadius: 6,
                    background: seg.continued ? '#f0e6ff' : '#e6f4ff',
                    borderLeft: `3px solid ${seg.continued ? TONE.accent : TONE.primary}`,
                  }}
                >
                  <div style={{ fontSize: 12, fontWeight: 600 }}>
                    {seg.continued ? '↪ ' : ''}
                    {seg.shift.name}
                  </div>
                  <div style={{ fontSize: 12 }}>
                    {seg.from}–{seg.to}
                  </div>
                  <div style={{ fontSize: 11, color: '#595959' }}>
                    {seg.shift.employees
                      .slice(0, 3)
                      .map((e) => e.name)
                      .join(', ')}
                    {seg.shift.employees.length > 3 && ` +${seg.shift.employees.length - 3}`}
                  </div>
                </div>
              </Tooltip>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
