// Total Shifts, Total Employees, Assigned, Unassigned: figures from shift_counters() (SQL).
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { figureKey } from '../../../components/FigureCards.tsx';
import type { ShiftCounters } from '../data.ts';

const COUNTERS = ['total_shifts', 'total_employees', 'assigned', 'unassigned'] as const;

export function Counters({ counters }: { counters: ShiftCounters | null }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      {COUNTERS.map((column) => (
        <Col key={column} xs={12} md={6}>
          <Card size="small" data-testid={`counter-${figureKey(column)}`}>
            <Statistic
              title={t(`shifts.counters.${figureKey(column)}`)}
              value={counters?.[column] ?? '—'}
              loading={counters === null}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
