// Figures side by side in equal columns inside a card (a currency's totals, averages, counts).
import { Col, Row, Statistic } from 'antd';

export interface StatisticItem {
  title: string;
  value: number | string;
}

export function StatisticRow({ items, fontSize }: { items: StatisticItem[]; fontSize: number }) {
  return (
    <Row gutter={12}>
      {items.map((item) => (
        <Col span={24 / items.length} key={item.title}>
          <Statistic title={item.title} value={item.value} valueStyle={{ fontSize }} />
        </Col>
      ))}
    </Row>
  );
}
