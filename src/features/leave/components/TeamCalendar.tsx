// Who of the team is off which day, over the next two weeks (approved leave the reader may see:
// a manager their team's, HR everyone's). A half day shows as ½.
import { Card, Empty, Table, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLeaveDays, type LeaveRequestRow } from '../data.ts';
import { useLeaveLabels } from '../labels.ts';

const DAYS = 14;

export function TeamCalendar() {
  const { t } = useTranslation();
  const { typeName, locale } = useLeaveLabels();
  const first = dayjs().startOf('day');
  const days = Array.from({ length: DAYS }, (_, i) => first.add(i, 'day'));
  const from = days[0]!.format('YYYY-MM-DD');
  const to = days[DAYS - 1]!.format('YYYY-MM-DD');
  const leave = useLeaveDays(from, to);
  const people = new Map<string, { name: string; requests: LeaveRequestRow[] }>();
  for (const r of leave.data ?? []) {
    const person = people.get(r.employee_id) ?? {
      name: `${r.employee?.first_name ?? ''} ${r.employee?.last_name ?? ''}`.trim(),
      requests: [],
    };
    person.requests.push(r);
    people.set(r.employee_id, person);
  }
  const head = (d: dayjs.Dayjs) =>
    new Intl.DateTimeFormat(locale, { weekday: 'narrow', day: 'numeric' }).format(d.toDate());
  return (
    <Card title={t('leave.portal.calendarTitle')} size="small" data-testid="team-leave-calendar">
      {people.size === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('leave.portal.calendarEmpty')} />
      ) : (
        <Table
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowKey="id"
          dataSource={[...people.entries()].map(([id, p]) => ({ id, ...p }))}
          columns={[
            { key: 'name', title: t('leave.fields.employee'), dataIndex: 'name', fixed: 'left' },
            ...days.map((d) => {
              const iso = d.format('YYYY-MM-DD');
              return {
                key: iso,
                title: head(d),
                align: 'center' as const,
                render: (_: unknown, p: { requests: LeaveRequestRow[] }) => {
                  const r = p.requests.find((x) => x.start_date <= iso && x.end_date >= iso);
                  if (!r) return null;
                  return (
                    <Tooltip title={typeName(r.leave_type)}>
                      <span
                        data-testid="team-leave-day"
                        style={{ display: 'inline-block', width: 20, borderRadius: 4, background: '#91caff' }}
                      >
                        {r.half_day ? '½' : '\u00a0'}
                      </span>
                    </Tooltip>
                  );
                },
              };
            }),
          ]}
        />
      )}
    </Card>
  );
}
