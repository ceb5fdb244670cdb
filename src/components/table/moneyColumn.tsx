// A table column of money: right-aligned, in the row's currency, formatted for the reader's
// language by the one money formatter (src/shared/format). Used by every table that lists pay.
import type { ColumnType } from 'antd/es/table';
import { formatMoney } from '../../shared/format/index.ts';

type Amount = number | string | null;

export function moneyColumn<Row extends { currency: string }>(
  title: string,
  amount: (row: Row) => Amount,
  lang: string,
  testId?: string,
): ColumnType<Row> {
  return {
    title,
    align: 'right',
    render: (_: unknown, row: Row) => {
      const text = formatMoney(amount(row) ?? 0, row.currency, lang);
      return testId ? <span data-testid={testId}>{text}</span> : text;
    },
  };
}
