// The payroll cards, one per currency, from payroll_summary() with the screen's filters (live).
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatisticRow } from '../../../components/StatisticRow.tsx';
import { formatMoney } from '../../../shared/format/index.ts';
import { usePayrollSummary, type PayrollStatus } from '../data.ts';

export function PayrollCards({
  month,
  status,
  search,
}: {
  month?: number;
  status?: PayrollStatus;
  search: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const query = usePayrollSummary(month, status, search);
  const summary = query.isError ? [] : (query.data ?? []);

  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }} data-testid="payroll-summary">
      {summary.length === 0 && (
        <Col span={24}>
          <Typography.Text type="secondary">{t('payroll.cards.none')}</Typography.Text>
        </Col>
      )}
      {summary.map((s) => (
        <Col xs={24} lg={12} key={s.currency}>
          <Card size="small" title={s.currency} data-testid={`payroll-card-${s.currency}`}>
            <StatisticRow
              fontSize={18}
              items={[
                { title: t('payroll.cards.totalRecords'), value: s.total_records },
                {
                  title: t('payroll.cards.totalPaid', { currency: s.currency }),
                  value: formatMoney(s.total_paid, s.currency, lang),
                },
                { title: t('payroll.cards.pending'), value: s.pending },
                {
                  title: t('payroll.cards.averagePay', { currency: s.currency }),
                  value: s.average_pay === null ? '—' : formatMoney(s.average_pay, s.currency, lang),
                },
              ]}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
