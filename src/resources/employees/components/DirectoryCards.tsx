// The directory's four figures (employee_directory_stats, over what the reader may see).
import { Card, Col, Row, Statistic, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DirectoryStats } from '../data.ts';

export function DirectoryCards({ stats, loading }: { stats: DirectoryStats | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const cards = [
    { key: 'total', value: stats?.total },
    { key: 'active', value: stats?.active },
    { key: 'departments', value: stats?.departments },
    { key: 'thisMonth', value: stats?.this_month },
  ] as const;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col xs={12} lg={6} key={card.key}>
          <Card size="small" data-testid={`card-${card.key}`} style={{ height: '100%' }}>
            <Tooltip title={t(`employees.cards.${card.key}Hint`)}>
              <Statistic
                title={t(`employees.cards.${card.key}`)}
                value={card.value ?? '—'}
                loading={loading}
              />
            </Tooltip>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`employees.cards.${card.key}Hint`)}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
