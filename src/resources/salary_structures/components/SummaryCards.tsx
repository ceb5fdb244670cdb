// The six summary cards, one row per currency, computed by salary_summary() in SQL (live).
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatisticRow } from '../../../components/StatisticRow.tsx';
import { formatMoney } from '../../../shared/format/index.ts';
import { useSalarySummary, type SalaryFilters } from '../data.ts';

export function SummaryCards({ filters }: { filters: SalaryFilters }) {
  const { t, i18n } = useTranslation();
  const summary = useSalarySummary(filters);
  const rows = summary.isError ? [] : (summary.data ?? []);

  const lang = i18n.language;
  const total = (key: 'total' | 'pending_approval' | 'approved' | 'pending_payment') =>
    rows.reduce((n, r) => n + r[key], 0);
  return (
    <div data-testid="salary-summary" style={{ marginBottom: 16 }}>
      <Row gutter={[12, 12]}>
        {(
          [
            ['total', 'salary.cards.total'],
            ['pending_approval', 'salary.cards.pendingApproval'],
            ['approved', 'salary.cards.approved'],
            ['pending_payment', 'salary.cards.pendingPayment'],
          ] as const
        ).map(([key, label]) => (
          <Col xs={12} md={6} key={key}>
            <Card size="small">
              <Statistic title={t(label)} value={total(key)} valueStyle={{ fontSize: 22 }} />
            </Card>
          </Col>
        ))}
        {rows.map((r) => (
          <Col xs={24} md={12} key={r.currency}>
            <Card size="small" data-testid={`salary-card-${r.currency}`}>
              <StatisticRow
                fontSize={20}
                items={[
                  {
                    title: t('salary.cards.totalPayroll', { currency: r.currency }),
                    value: formatMoney(r.total_net_approved, r.currency, lang),
                  },
                  {
                    title: t('salary.cards.averageGross', { currency: r.currency }),
                    value: formatMoney(r.average_gross, r.currency, lang),
                  },
                ]}
              />
            </Card>
          </Col>
        ))}
      </Row>
      {rows.length > 1 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('salary.cards.perCurrency')}
        </Typography.Text>
      )}
    </div>
  );
}
