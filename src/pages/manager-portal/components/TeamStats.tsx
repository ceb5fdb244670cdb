// The team today: members, present (rate and count), late, absent.
import { Card, Col, Row, Statistic, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Summary } from '../../../features/attendance-overview/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { TONE } from '../../../theme.ts';

const counts = [
  { key: 'late', color: TONE.warning },
  { key: 'absent', color: TONE.error },
] as const;

export function TeamStats({ today }: { today: Summary | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
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
            value={today ? f.percent(today.attendance_rate) : '—'}
            valueStyle={{ color: TONE.success }}
            loading={!today}
          />
          {today && (
            <Typography.Text type="secondary" data-testid="team-present-count">
              {today.present}
            </Typography.Text>
          )}
          {today && (
            // The rate's own counts (present among the expected), and who is on leave (not expected).
            <div>
              <Typography.Text
                type="secondary"
                style={{ fontSize: 12 }}
                data-testid="team-present-of-expected"
              >
                {t('leave.measure.ofExpected', { present: today.present_expected, expected: today.expected })}
                {today.on_leave > 0 && ` · ${t('leave.measure.onLeave', { count: today.on_leave })}`}
              </Typography.Text>
            </div>
          )}
        </Card>
      </Col>
      {counts.map((c) => (
        <Col key={c.key} xs={12} lg={6}>
          <Card data-testid={`team-${c.key}`} style={{ height: '100%' }}>
            <Statistic
              title={t(`manager.stats.${c.key}`)}
              value={today?.[c.key] ?? '—'}
              valueStyle={{ color: c.color }}
              loading={!today}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
