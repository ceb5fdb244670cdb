// The sites with their country, time zone and currency.
import { useList } from '@refinedev/core';
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

interface Site {
  id: string;
  name: string;
  country: 'US' | 'BF';
  time_zone: string;
  currency: string;
}

export function SitesCard() {
  const { t } = useTranslation();
  const { result, query } = useList<Site>({
    resource: 'sites',
    pagination: { mode: 'off' },
    sorters: [{ field: 'name', order: 'asc' }],
  });
  return (
    <Card title={t('settings.sites.title')} data-testid="sites-card">
      <Table<Site>
        rowKey="id"
        size="small"
        pagination={false}
        loading={query.isLoading}
        dataSource={result.data}
        scroll={{ x: 480 }}
        columns={[
          { title: t('settings.sites.name'), dataIndex: 'name' },
          {
            title: t('settings.sites.country'),
            dataIndex: 'country',
            render: (c: Site['country']) => t(`settings.countries.${c}`),
          },
          { title: t('settings.sites.timeZone'), dataIndex: 'time_zone' },
          {
            title: t('settings.sites.currency'),
            dataIndex: 'currency',
            render: (c: string) => <Tag>{c}</Tag>,
          },
        ]}
      />
    </Card>
  );
}
