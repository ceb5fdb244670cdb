// Total Shifts, Total Employees, Assigned, Unassigned: figures from shift_counters() (SQL).
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShiftCounters } from '../data.ts';

export function Counters({ counters }: { counters: ShiftCounters | null }) {
  const { t } = useTranslation();
  const items = [
    ['totalShifts', counters?.total_shifts],
    ['totalEmployees', counters?.total_employees],
    ['assigned', counters?.assigned],
    ['unassigned', counters?.unassigned],
  ] as const;
  return (
    <Row gutter={[16, 16]}>
      {items.map(([key, value]) => (
        <Col key={key} xs={12} md={6}>
          <Card size="small" data-testid={`counter-${key}`}>
            <Statistic title={t(`shifts.counters.${key}`)} value={value ?? '—'} loading={counters === null} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
