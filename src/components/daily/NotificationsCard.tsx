// A person's own notifications: the latest 10, 'New' on unread, Mark read, and the unread count
// (counted by the database). Live: a notification for this person appears without a reload.
import { Badge, Button, Card, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { supabase } from '../../data/client.ts';
import { notificationText } from '../../shared/notifications/index.ts';
import { useLoad } from './data.ts';

export interface NotificationRow {
  id: string;
  code: string | null;
  params: unknown;
  title: string | null;
  message: string | null;
  read: boolean;
  created_at: string;
}

/** The unread count of a person's notifications (a count in the database, no rows fetched). */
export function useUnreadCount(employeeId: string | undefined) {
  return useLoad(
    async () => {
      const { count, error } = await supabase()
        .from('notifications')
        .select('id', { count: 'exact', head: true })
        .eq('employee_id', employeeId!)
        .eq('read', false);
      if (error) throw new Error(error.message);
      return count ?? 0;
    },
    [employeeId],
    ['notifications'],
    Boolean(employeeId),
  );
}

export function NotificationsCard({
  employeeId,
  limit = 10,
}: {
  employeeId: string | undefined;
  limit?: number;
}) {
  const { t, i18n } = useTranslation();
  // The rows and the unread count in one load, refreshed together on any change of the table.
  const list = useLoad(
    async () => {
      const [rows, unread] = await Promise.all([
        supabase()
          .from('notifications')
          .select('id, code, params, title, message, read, created_at')
          .eq('employee_id', employeeId!)
          .order('created_at', { ascending: false })
          .limit(limit),
        supabase()
          .from('notifications')
          .select('id', { count: 'exact', head: true })
          .eq('employee_id', employeeId!)
          .eq('read', false),
      ]);
      if (rows.error) throw new Error(rows.error.message);
      if (unread.error) throw new Error(unread.error.message);
      return { rows: rows.data as NotificationRow[], unread: unread.count ?? 0 };
    },
    [employeeId, limit],
    ['notifications'],
    Boolean(employeeId),
  );
  const markRead = async (id: string) => {
    const { error } = await supabase().from('notifications').update({ read: true }).eq('id', id);
    if (!error) list.refetch();
  };
  const locale = i18n.language.startsWith('fr') ? 'fr-FR' : 'en-US';
  return (
    <Card
      data-testid="notifications-card"
      title={
        <span>
          {t('dashboard.notifications.title')}{' '}
          <span data-testid="notifications-unread" data-count={list.data?.unread ?? ''}>
            <Badge count={list.data?.unread ?? 0} showZero color="#1677ff" />
          </span>
        </span>
      }
    >
      <List
        size="small"
        loading={list.loading && !list.data}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: t('dashboard.notifications.empty') }}
        renderItem={(n) => {
          const text = notificationText(t, n);
          return (
            <List.Item
              data-testid="notification-item"
              actions={
                n.read
                  ? []
                  : [
                      <Button key="read" size="small" onClick={() => void markRead(n.id)}>
                        {t('dashboard.notifications.markRead')}
                      </Button>,
                    ]
              }
            >
              <List.Item.Meta
                title={
                  <Space size={6}>
                    {text.title && <span>{text.title}</span>}
                    {!n.read && <Tag color="blue">{t('dashboard.notifications.new')}</Tag>}
                  </Space>
                }
                description={
                  <>
                    <Typography.Text>{text.message}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {new Date(n.created_at).toLocaleString(locale)}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
