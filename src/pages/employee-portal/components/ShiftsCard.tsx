// Upcoming shifts: the person's shifts with their hours, days and break.
import { List } from 'antd';
import { useTranslation } from 'react-i18next';
import { weekdayList } from '../../../components/daily/weekdays.ts';
import type { MyShift } from '../data.ts';
import { PortalListCard } from './PortalListCard.tsx';

export function ShiftsCard({
  shifts,
  loading,
  locale,
}: {
  shifts: MyShift[];
  loading: boolean;
  locale: string;
}) {
  const { t } = useTranslation();
  return (
    <PortalListCard
      name="shifts"
      items={shifts}
      loading={loading}
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
  );
}
