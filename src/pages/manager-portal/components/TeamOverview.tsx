// Team overview: the first members with their state today (read here, live), and View / Edit /
// Delete (archive).
import { Avatar, Button, Card, List, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dayLabel, intlLocale } from '../../../components/daily/weekdays.ts';
import { useTodayStates, type TeamMember, type useTeam } from '../data.ts';
import { isOffState, PresenceTag } from '../../../features/leave/index.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { TONE } from '../../../theme.ts';

export function TeamOverview({
  team,
  onEdit,
  onArchive,
}: {
  /** The team as the portal loads it (its first members). */
  team: ReturnType<typeof useTeam>;
  onEdit: (member: TeamMember) => void;
  onArchive: (member: TeamMember) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const members = team.data?.members ?? [];
  const states = useTodayStates(
    members.map((m) => m.id),
    Boolean(team.data),
  ).data;
  const navigate = useNavigate();
  const stateOf = (memberId: string) => states?.find((s) => s.employee_id === memberId);
  return (
    <Card title={t('manager.overview.title')} data-testid="team-overview" style={{ height: '100%' }}>
      <List
        loading={team.isLoading}
        dataSource={members}
        locale={{ emptyText: <EmptyState text={t('manager.overview.empty')} /> }}
        renderItem={(m) => {
          const s = stateOf(m.id);
          const badge = !s ? null : isOffState(s.state) ? (
            <PresenceTag state={s.state} leaveType={s.leave_type} holidayName={s.holiday_name} />
          ) : s.state === 'absent' ? (
            <Tag color="red">{t('manager.overview.absent')}</Tag>
          ) : s.open_since ? (
            <Tag color="orange" data-testid="team-open-since">
              {t('punch.openSince', { day: dayLabel(s.open_since, locale) })}
            </Tag>
          ) : s.late ? (
            <Tag color="orange">{t('manager.overview.late')}</Tag>
          ) : (
            <Tag color="green">{t('manager.overview.present')}</Tag>
          );
          return (
            <List.Item
              data-testid="team-member"
              actions={[
                <Button key="v" size="small" type="link" onClick={() => navigate(`/employee-view/${m.id}`)}>
                  {t('manager.overview.view')}
                </Button>,
                <Button key="e" size="small" type="link" onClick={() => onEdit(m)}>
                  {t('manager.overview.edit')}
                </Button>,
                <Button key="d" size="small" type="link" danger onClick={() => onArchive(m)}>
                  {t('manager.overview.delete')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={
                  <Avatar style={{ background: TONE.primary }}>
                    {`${m.first_name[0] ?? ''}${m.last_name[0] ?? ''}`.toUpperCase()}
                  </Avatar>
                }
                title={
                  <Space size={6}>
                    {`${m.first_name} ${m.last_name}`.trim()}
                    {badge}
                  </Space>
                }
                description={m.position ?? '-'}
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
