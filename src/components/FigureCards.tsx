// A row of small figure cards (a screen's counters): each a title, its value ('—' until known), a
// line saying what it counts, and anything a card adds below.
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface FigureCard {
  /** The card's test id. */
  id: string;
  title: string;
  value: number | string | null | undefined;
  hint: string;
  extra?: ReactNode;
}

/** The text key of a figure named by its SQL column: this_month → thisMonth. */
export const figureKey = (column: string) =>
  column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

export function FigureCards({ cards, loading }: { cards: FigureCard[]; loading: boolean }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((card) => (
        <Col xs={12} lg={6} key={card.id}>
          <Card size="small" data-testid={card.id} style={{ height: '100%' }}>
            <Statistic title={card.title} value={card.value ?? '—'} loading={loading} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {card.hint}
            </Typography.Text>
            {card.extra}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
