// The Summary report's measures: this period, the previous one and the change.
import { Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SummaryRow } from '../data.ts';
import { formatCell } from '../model.ts';

export function SummaryCards({ rows }: { rows: SummaryRow[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Row gutter={[16, 16]} data-testid="report-summary">
      {rows.map((r) => {
        const kind = r.measure === 'attendance_rate' ? 'dec1' : r.measure.endsWith('hours') ? 'dec2' : 'int';
        return (
          <Col xs={24} sm={12} lg={6} key={r.measure}>
            <Card size="small" data-testid={`measure-${r.measure}`}>
              <Statistic
                title={t(`reports.measures.${r.measure}`)}
                value={formatCell(r.current_value, kind, lang)}
                suffix={
                  r.measure === 'attendance_rate' && r.current_value >= 90 ? (
                    <Tag color="success" data-testid="rate-badge">
                      {t('reports.highRate')}
                    </Tag>
                  ) : undefined
                }
              />
              <Typography.Text type="secondary">
                {t('reports.previous', { value: formatCell(r.previous_value, kind, lang) })}
                {r.change_percent !== null && (
                  <>
                    {' '}
                    ({r.change_percent > 0 ? '+' : ''}
                    {formatCell(r.change_percent, 'dec1', lang)} %)
                  </>
                )}
              </Typography.Text>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
