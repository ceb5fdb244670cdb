// A person's own notifications: the latest 10, 'New' on unread, Mark read, and the unread count
// (counted by the database). Live: a notification for this person appears without a reload.
import { Badge, Button, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { siteDateTime } from '../../shared/format/index.ts';
import { notificationText } from '../../shared/notifications/index.ts';
import { useMarkNotificationRead, useNotifications } from './data.ts';
import { ListCard } from './ListCard.tsx';
import { TONE } from '../../theme.ts';

export function NotificationsCard({
  employeeId,
  limit = 10,
}: {
  employeeId: string | undefined;
  limit?: number;
}) {
  const { t, i18n } = useTranslation();
  // The rows and the unread count in one read, refreshed together on any change of the table.
  const list = useNotifications(employeeId, limit);
  const markRead = useMarkNotificationRead();
  const locale = i18n.language.startsWith('fr') ? 'fr-FR' : 'en-US';
  return (
    <ListCard
      testId="notifications-card"
      fullHeight={false}
      title={
        <span>
          {t('dashboard.notifications.title')}{' '}
          <span data-testid="notifications-unread" data-count={list.data?.unread ?? ''}>
            <Badge count={list.data?.unread ?? 0} showZero color={TONE.primary} />
          </span>
        </span>
      }
      items={list.data?.rows ?? []}
      loading={list.isLoading}
      empty={t('dashboard.notifications.empty')}
      renderItem={(n) => {
        const text = notificationText(t, n, i18n.language);
        return (
          <List.Item
            data-testid="notification-item"
            actions={
              n.read
                ? []
                : [
                    <Button key="read" size="small" onClick={() => markRead.mutate(n.id)}>
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
                    {n.sender_name && (
                      <span data-testid="notification-sender">
                        {t('proposals.from', { name: n.sender_name })} ·{' '}
                      </span>
                    )}
                    {siteDateTime(n.created_at, null, locale)}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        );
      }}
    />
  );
}
