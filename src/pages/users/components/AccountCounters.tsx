// The four counters (total, active, admins, inactive), computed by account_counters().
import { Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccountCounters } from '../data.ts';

export function AccountCounters() {
  const { t } = useTranslation();
  const counters = useAccountCounters();
  const cards = [
    { key: 'total', value: counters.data?.total },
    { key: 'active', value: counters.data?.active },
    { key: 'admins', value: counters.data?.admins },
    { key: 'inactive', value: counters.data?.inactive },
  ] as const;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col xs={12} lg={6} key={card.key}>
          <Card size="small" data-testid={`counter-${card.key}`} style={{ height: '100%' }}>
            <Statistic
              title={t(`users.counters.${card.key}`)}
              value={card.value ?? '—'}
              loading={counters.isLoading}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`users.counters.${card.key}Hint`)}
            </Typography.Text>
            {card.key === 'total' && Boolean(counters.data?.invited) && (
              <div>
                <Tag color="cyan">{t('users.counters.invited', { count: counters.data?.invited })}</Tag>
              </div>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
