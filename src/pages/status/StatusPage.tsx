// The local stack's /health, for people: which parts of the system are up.
import { Card, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Health = { status: string; parts: Record<string, string> };

export function StatusPage() {
  const { t } = useTranslation();
  const [health, setHealth] = useState<Health | null | undefined>(undefined);
  useEffect(() => {
    fetch('/health')
      .then((r) => r.json() as Promise<Health>)
      .then(setHealth, () => setHealth(null));
  }, []);
  const headline =
    health === undefined
      ? t('common.loading')
      : health === null
        ? t('status.unknown')
        : health.status === 'ok'
          ? t('status.ok')
          : t('status.degraded');
  return (
    <Card style={{ maxWidth: 640, margin: '48px auto' }}>
      <Typography.Title>{t('status.title')}</Typography.Title>
      <Typography.Paragraph data-testid="status-headline">{headline}</Typography.Paragraph>
      {health && (
        <Table
          rowKey="part"
          pagination={false}
          dataSource={Object.entries(health.parts).map(([part, state]) => ({ part, state }))}
          columns={[
            { title: t('status.part'), dataIndex: 'part' },
            {
              title: t('status.state'),
              dataIndex: 'state',
              render: (state: string) => (
                <Tag color={state === 'ok' ? 'green' : state === 'off' ? 'default' : 'red'}>
                  {t(`status.states.${state}`, { defaultValue: t('status.states.down') })}
                </Tag>
              ),
            },
          ]}
        />
      )}
      <Link to="/">{t('common.backHome')}</Link>
    </Card>
  );
}
