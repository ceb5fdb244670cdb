// Before a report is generated: the four types to pick from and what to do next.
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPORT_TYPES, type ReportType } from '../model.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';

export function ReportTypeCards({ type, onType }: { type: ReportType; onType: (type: ReportType) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Row gutter={[16, 16]} data-testid="report-type-cards">
        {REPORT_TYPES.map((v) => (
          <Col xs={24} sm={12} lg={6} key={v}>
            <Card
              hoverable
              onClick={() => onType(v)}
              data-testid={`type-card-${v}`}
              aria-pressed={type === v}
              style={{
                height: '100%',
                borderColor: type === v ? '#1677ff' : undefined,
                boxShadow: type === v ? '0 0 0 1px #1677ff' : undefined,
              }}
            >
              <Card.Meta title={t(`reports.types.${v}`)} description={t(`reports.typeHints.${v}`)} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card data-testid="report-placeholder">
        <EmptyState text={<Typography.Text strong>{t('reports.ready')}</Typography.Text>}>
          <Typography.Text type="secondary">{t('reports.readyHint')}</Typography.Text>
        </EmptyState>
      </Card>
    </>
  );
}
