// The team's latest salary structures: net salary and approval or payment state.
import { Card, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/index.ts';
import type { TeamSalary } from '../data.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';

export function TeamPayrollCard({ rows, loading }: { rows: TeamSalary[]; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language.startsWith('fr') ? 'fr' : 'en';
  return (
    <Card
      title={t('manager.payroll.title')}
      extra={<Typography.Text type="secondary">{t('manager.payroll.recent')}</Typography.Text>}
      data-testid="team-payroll"
      style={{ height: '100%' }}
    >
      <List
        size="small"
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: <EmptyState text={t('manager.payroll.empty')} /> }}
        renderItem={(s) => (
          <List.Item>
            <List.Item.Meta
              title={s.employees ? `${s.employees.first_name} ${s.employees.last_name}`.trim() : '-'}
              description={t('manager.payroll.effective', { date: s.effective_date })}
            />
            <Space>
              <Typography.Text>{formatMoney(s.net_salary, s.currency, language)}</Typography.Text>
              <Tag
                color={
                  s.approval_status === 'approved'
                    ? 'green'
                    : s.approval_status === 'rejected'
                      ? 'red'
                      : 'gold'
                }
              >
                {s.payment_status === 'paid'
                  ? t('manager.payroll.paid')
                  : t(`manager.payroll.${s.approval_status}`)}
              </Tag>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
