// A screen's main table over Refine's useTable (its pages, sorting and loading): rows keyed by id,
// as wide as its columns (it scrolls sideways on a narrow screen), its column keyed 'actions'
// pinned right where the screen is wide (fixedActions.ts), and what it says when empty.
import { Table, type TableProps } from 'antd';
import { EmptyState } from '../EmptyState.tsx';
import { useFixedActions } from './fixedActions.ts';

export function ScreenTable<Row extends object>({
  tableProps,
  columns,
  empty,
  testId,
}: {
  tableProps: TableProps<Row>;
  columns: TableProps<Row>['columns'];
  /** What the table says when it has no row. */
  empty: string;
  testId?: string;
}) {
  const fixed = useFixedActions();
  return (
    <Table<Row>
      {...tableProps}
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <EmptyState text={empty} /> }}
      data-testid={testId}
      columns={columns?.map((column) => (column.key === 'actions' ? { ...column, fixed } : column))}
    />
  );
}
