// A report's table as the screen shows it: sortable columns, formatted cells, a totals row.
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCell, type ReportTable } from '../model.ts';

export function DataTable({
  table,
  testId,
  sortable = true,
}: {
  table: ReportTable;
  testId: string;
  sortable?: boolean;
}) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Table
      data-testid={testId}
      size="small"
      scroll={{ x: 'max-content' }}
      rowKey={(row) =>
        String(row.employee_id ?? row.day ?? `${row.month}-${row.department_name}`) + (row.rank ?? '')
      }
      dataSource={table.rows}
      pagination={table.rows.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
      columns={table.columns.map((col) => ({
        key: col.key,
        dataIndex: col.key,
        title: col.title,
        align: col.kind === 'text' ? ('left' as const) : ('right' as const),
        render: (value: string | number | null) => formatCell(value, col.kind, lang),
        sorter: sortable
          ? (a: Record<string, unknown>, b: Record<string, unknown>) => {
              const x = a[col.key];
              const y = b[col.key];
              return typeof x === 'number' && typeof y === 'number'
                ? x - y
                : String(x ?? '').localeCompare(String(y ?? ''));
            }
          : undefined,
      }))}
      summary={
        table.totals
          ? () => (
              <Table.Summary.Row data-testid="report-totals">
                {table.columns.map((col, i) => (
                  <Table.Summary.Cell
                    key={col.key}
                    index={i}
                    align={col.kind === 'text' || i === 0 ? 'left' : 'right'}
                  >
                    <strong>
                      {formatCell(table.totals![col.key] ?? null, i === 0 ? 'text' : col.kind, lang)}
                    </strong>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )
          : undefined
      }
    />
  );
}
