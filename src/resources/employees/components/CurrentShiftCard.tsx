// The person's current shifts: name, hours and days.
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { intlLocale, weekdayList } from '../../../components/daily/weekdays.ts';
import { useShiftAssignments } from '../data.ts';

export function CurrentShiftCard({ employeeId }: { employeeId: string }) {
  const { t, i18n } = useTranslation();
  const assignments = useShiftAssignments(employeeId);
  return (
    <Card title={t('employees.currentShift')} size="small" data-testid="current-shift">
      {assignments?.length ? (
        assignments.map((a) =>
          a.shifts ? (
            <div key={a.shift_id}>
              <Typography.Text strong>{a.shifts.name}</Typography.Text>{' '}
              <Typography.Text>
                {a.shifts.start_time.slice(0, 5)}–{a.shifts.end_time.slice(0, 5)}
              </Typography.Text>{' '}
              <Typography.Text type="secondary">
                {weekdayList(a.shifts.days_of_week, intlLocale(i18n.language))}
              </Typography.Text>
            </div>
          ) : null,
        )
      ) : (
        <Typography.Text type="secondary">{t('employees.noShift')}</Typography.Text>
      )}
    </Card>
  );
}
