// The team today: members, present (rate and count), late, absent.
import { Card, Col, Row, Statistic, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Summary } from '../../../features/attendance-overview/index.ts';

export function TeamStats({ today }: { today: Summary | undefined }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} lg={6}>
        <Card data-testid="team-members" style={{ height: '100%' }}>
          <Statistic
            title={t('manager.stats.members')}
            value={today?.total_employees ?? '—'}
            loading={!today}
          />
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card data-testid="team-present" style={{ height: '100%' }}>
          <Statistic
            title={
              <Tooltip title={t('manager.stats.presentHelp')}>
                <span style={{ cursor: 'help', borderBottom: '1px dotted #999' }}>
                  {t('manager.stats.present')}
                </span>
              </Tooltip>
            }
            value={today ? `${today.attendance_rate}%` : '—'}
            valueStyle={{ color: '#52c41a' }}
            loading={!today}
          />
          {today && (
            <Typography.Text type="secondary" data-testid="team-present-count">
              {today.present}
            </Typography.Text>
          )}
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card data-testid="team-late" style={{ height: '100%' }}>
          <Statistic
            title={t('manager.stats.late')}
            value={today?.late ?? '—'}
            valueStyle={{ color: '#faad14' }}
            loading={!today}
          />
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card data-testid="team-absent" style={{ height: '100%' }}>
          <Statistic
            title={t('manager.stats.absent')}
            value={today?.absent ?? '—'}
            valueStyle={{ color: '#ff4d4f' }}
            loading={!today}
          />
        </Card>
      </Col>
    </Row>
  );
}
