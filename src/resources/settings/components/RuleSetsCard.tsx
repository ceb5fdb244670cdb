// The payroll rule sets: their parameters and effective dates (read-only here).
import { useList } from '@refinedev/core';
import { Card, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

interface RuleSet {
  rule_set: string;
  effective_from: string;
  params: Record<string, unknown>;
  updated_at: string;
}

export function RuleSetsCard() {
  const { t } = useTranslation();
  const { result, query } = useList<RuleSet>({
    resource: 'payroll_rule_sets',
    pagination: { mode: 'off' },
    sorters: [
      { field: 'rule_set', order: 'asc' },
      { field: 'effective_from', order: 'desc' },
    ],
    meta: { select: 'rule_set, effective_from, params, updated_at' },
  });
  return (
    <Card title={t('settings.ruleSets.title')} data-testid="rule-sets-card">
      <Typography.Paragraph type="secondary">{t('settings.ruleSets.note')}</Typography.Paragraph>
      <Table<RuleSet>
        rowKey={(r) => `${r.rule_set}@${r.effective_from}`}
        size="small"
        pagination={false}
        loading={query.isLoading}
        dataSource={result.data}
        scroll={{ x: 480 }}
        expandable={{
          expandedRowRender: (r) => (
            <pre style={{ margin: 0, maxHeight: 320, overflow: 'auto', fontSize: 12 }}>
              {JSON.stringify(r.params, null, 2)}
            </pre>
          ),
        }}
        columns={[
          { title: t('settings.ruleSets.ruleSet'), dataIndex: 'rule_set' },
          { title: t('settings.ruleSets.effectiveFrom'), dataIndex: 'effective_from' },
          {
            title: t('settings.ruleSets.params'),
            dataIndex: 'params',
            render: (p: Record<string, unknown>) => Object.keys(p).length,
          },
          {
            title: t('settings.ruleSets.updatedAt'),
            dataIndex: 'updated_at',
            render: (v: string) => dayjs(v).format('YYYY-MM-DD'),
          },
        ]}
      />
    </Card>
  );
}
