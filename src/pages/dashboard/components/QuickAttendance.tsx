// Quick Attendance: the first 5 employees with their state today (absent, present, completed) and
// Check In / Check Out / nothing, recorded as a manual punch from the dashboard. Someone whose check-in
// of an earlier day is still open shows 'Checked in since {day}' with Check Out (which closes it).
import { Button, Card, List, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayLabel, intlLocale } from '../../../components/daily/weekdays.ts';
import { isOffState, PresenceTag } from '../../../features/leave/index.ts';
import { punch, punchFailureToast, type PunchAction } from '../../../features/punch/index.ts';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { useQuickAttendance } from '../data.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';

/** What a person can be punched for now: in when absent, out when present, nothing once done. */
const nextPunch = (state: string): PunchAction[] =>
  state === 'absent' ? ['check-in'] : state === 'present' ? ['check-out'] : [];

export function QuickAttendance() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const feedback = useFeedback();
  const people = useQuickAttendance();
  const [busy, setBusy] = useState<string | null>(null);
  // A manual punch recorded from the dashboard.
  const record = async (id: string, name: string, action: PunchAction) => {
    setBusy(id);
    try {
      await punch(action, id, { source: 'manual', device: 'dashboard' });
      feedback.success(
        t(action === 'check-in' ? 'dashboard.quick.checkedIn' : 'dashboard.quick.checkedOut'),
        name,
      );
    } catch (error) {
      const toast = punchFailureToast(t, error);
      feedback.refused(toast.message, toast.description);
    } finally {
      setBusy(null);
    }
    void people.refetch();
  };
  const color = { absent: 'red', present: 'green', completed: 'blue' } as const;
  return (
    <Card title={t('dashboard.quick.title')} data-testid="quick-attendance" style={{ height: '100%' }}>
      <List
        size="small"
        loading={people.isLoading}
        dataSource={people.data ?? []}
        locale={{ emptyText: <EmptyState /> }}
        renderItem={(p) => (
          <List.Item
            data-testid="quick-person"
            actions={nextPunch(p.state).map((action) => (
              <Button
                key={action}
                size="small"
                type={action === 'check-in' ? 'primary' : 'default'}
                loading={busy === p.id}
                onClick={() => void record(p.id, `${p.first_name} ${p.last_name}`.trim(), action)}
              >
                {t(action === 'check-in' ? 'dashboard.quick.checkIn' : 'dashboard.quick.checkOut')}
              </Button>
            ))}
          >
            <List.Item.Meta
              title={`${p.first_name} ${p.last_name}`.trim()}
              description={p.departments?.name ?? t('dashboard.search.noDept')}
            />
            {p.open_since ? (
              <Tooltip title={t('punch.openSinceHelp', { day: dayLabel(p.open_since, locale) })}>
                <Tag color="orange" data-testid="quick-open-since">
                  {t('punch.openSince', { day: dayLabel(p.open_since, locale) })}
                </Tag>
              </Tooltip>
            ) : isOffState(p.state) ? (
              <PresenceTag state={p.state} leaveType={p.leave_type} holidayName={p.holiday_name} />
            ) : (
              <Tag color={color[p.state]}>{t(`dashboard.quick.${p.state}`)}</Tag>
            )}
          </List.Item>
        )}
      />
    </Card>
  );
}
