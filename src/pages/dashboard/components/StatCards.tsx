// The stat cards (Total Employees, Present Today, Absent Today, On Leave, Late Arrivals), each with
// its change from the same weekday last week. People on approved leave are their own card, never absent.
import { Card, Col, Row, Statistic, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Figures } from '../../../features/attendance-overview/index.ts';
import { changePercent, formatChange } from '../change.ts';

export function StatCards({ figures }: { figures: Figures | undefined }) {
  const { t } = useTranslation();
  const cards = [
    { key: 'total', field: 'total_employees', color: '#1677ff' },
    { key: 'present', field: 'present', color: '#52c41a' },
    { key: 'absent', field: 'absent', color: '#ff4d4f' },
    { key: 'onLeave', field: 'on_leave', color: '#0958d9' },
    { key: 'late', field: 'late', color: '#faad14' },
  ] as const;
  return (
    <Row gutter={[16, 16]}>
      {cards.map((c) => {
        const today = figures?.today[c.field];
        const lastWeek = figures?.lastWeek[c.field] ?? 0;
        const change = figures ? formatChange(changePercent(today ?? 0, lastWeek)) : null;
        return (
          <Col key={c.key} xs={12} md={8} xl={{ flex: '20%' }}>
            <Card data-testid={`stat-${c.key}`}>
              <Statistic
                title={t(`dashboard.stats.${c.key}`)}
                value={today ?? '—'}
                valueStyle={{ color: c.color }}
                loading={!figures}
              />
              {figures && (
                <Tooltip title={t('dashboard.stats.badgeHelp', { lastWeek })}>
                  <Tag
                    data-testid={`stat-${c.key}-change`}
                    style={{ cursor: 'help', whiteSpace: 'normal', maxWidth: '100%' }}
                  >
                    {change
                      ? t('dashboard.stats.fromLastWeek', { change })
                      : t('dashboard.stats.noComparison')}
                  </Tag>
                </Tooltip>
              )}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
