// A card of reference rows, as the settings screens show them: a title (and its action on the
// right), a line saying what the rows are for, the card's own controls (a country switch), and a
// small table without pages (rows keyed by id). Whatever belongs to the card (its editor dialog)
// comes as children, after the table.
import { Card, Space, Table, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props<Row> = Omit<TableProps<Row>, 'title' | 'children'> & {
  /** Where the card's texts are: its `title` and its `note` (e.g. 'settings.sites'). */
  texts: string;
  testId: string;
  /** On the title's line, right: e.g. the card's Add button. */
  extra?: ReactNode;
  /** Between the note and the table. */
  controls?: ReactNode;
  children?: ReactNode;
};

export function NotedTableCard<Row extends object>({
  texts,
  testId,
  extra,
  controls,
  children,
  ...table
}: Props<Row>) {
  const { t } = useTranslation();
  return (
    <Card title={t(`${texts}.title`)} data-testid={testId} extra={extra}>
      <Typography.Paragraph type="secondary">{t(`${texts}.note`)}</Typography.Paragraph>
      {controls && (
        <Space wrap style={{ marginBottom: 12 }}>
          {controls}
        </Space>
      )}
      <Table<Row> rowKey="id" size="small" pagination={false} {...table} />
      {children}
    </Card>
  );
}
