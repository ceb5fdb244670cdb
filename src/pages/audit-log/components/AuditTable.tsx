// The audit log's rows, newest first, paged by the server: when, who, what record, which action,
// and the changes.
import { Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { siteDateTime } from '../../../shared/format/index.ts';
import { PAGE_SIZE, type AuditEntry } from '../data.ts';
import { Diff } from '../../../features/audit-diff/index.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';

export function AuditTable({
  rows,
  total,
  loading,
  page,
  setPage,
}: {
  rows: AuditEntry[];
  total: number;
  loading: boolean;
  page: number;
  setPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table<AuditEntry>
      data-testid="audit-table"
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <EmptyState text={t('audit.empty')} /> }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total,
        showSizeChanger: false,
        showTotal: (count) => t('audit.total', { count }),
        onChange: setPage,
      }}
      columns={[
        {
          key: 'when',
          title: t('audit.when'),
          dataIndex: 'created_at',
          render: (v: string) => siteDateTime(v, null, i18n.language, { seconds: true }),
          width: 180,
        },
        {
          key: 'who',
          title: t('audit.who'),
          dataIndex: 'actor_name',
          render: (v: string) => v || <Typography.Text type="secondary">{t('audit.system')}</Typography.Text>,
        },
        {
          key: 'entity',
          title: t('audit.entity'),
          render: (_: unknown, r) => (
            <Space direction="vertical" size={0}>
              <Typography.Text>{t(`audit.entities.${r.entity}`, { defaultValue: r.entity })}</Typography.Text>
              {r.entity === 'employees' ? (
                <Link to={`/employee-view/${r.entity_id}`}>{r.subject_name ?? r.entity_id}</Link>
              ) : (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.subject_name ?? r.entity_id}
                </Typography.Text>
              )}
            </Space>
          ),
        },
        {
          key: 'action',
          title: t('audit.action'),
          dataIndex: 'action',
          render: (v: string) => <Tag>{t(`audit.actions.${v}`, { defaultValue: v })}</Tag>,
        },
        {
          key: 'diff',
          title: t('audit.changes'),
          dataIndex: 'diff',
          render: (v: unknown) => <Diff diff={v} />,
        },
      ]}
    />
  );
}
