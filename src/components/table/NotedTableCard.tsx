// A card of reference rows, as the settings screens show them: a title, a line saying what the rows
// are for, and a small table without pages (rows keyed by id). Whatever belongs to the card (its
// editor dialog) comes as children, after the table.
import { Card, Table, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';

type Props<Row> = Omit<TableProps<Row>, 'title' | 'children'> & {
  title: ReactNode;
  note: ReactNode;
  testId: string;
  children?: ReactNode;
};

export function NotedTableCard<Row extends object>({ title, note, testId, children, ...table }: Props<Row>) {
  return (
    <Card title={title} data-testid={testId}>
      <Typography.Paragraph type="secondary">{note}</Typography.Paragraph>
      <Table<Row> rowKey="id" size="small" pagination={false} {...table} />
      {children}
    </Card>
  );
}
