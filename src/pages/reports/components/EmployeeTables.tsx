// The Employee report: the best and the worst attendance, then everyone.
import { Col, Row, Space, Table, Typography } from 'antd';
import type { EmployeeRow } from '../data.ts';
import { bestAndWorst, type GeneratedReport, type ReportTable } from '../model.ts';
import { DataTable } from './DataTable.tsx';

export function EmployeeTables({ generated, tables }: { generated: GeneratedReport; tables: ReportTable[] }) {
  const rows = generated.report.type === 'employee' ? generated.report.rows : [];
  const { best, worst } = bestAndWorst(rows);
  const [all, bestTable, worstTable] = tables;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Ranking table={bestTable!} rows={best} testId="report-best" />
        <Ranking table={worstTable!} rows={worst} testId="report-worst" />
      </Row>
      <DataTable table={all!} testId="report-table-employee" />
    </Space>
  );
}

/** The best or the worst: rank, name and the two rates, titled as in the full table. */
function Ranking({ table, rows, testId }: { table: ReportTable; rows: EmployeeRow[]; testId: string }) {
  const title = (key: string) => table.columns.find((column) => column.key === key)?.title;
  return (
    <Col xs={24} xl={12}>
      <Typography.Title level={5}>{table.name}</Typography.Title>
      <Table
        data-testid={testId}
        size="small"
        pagination={false}
        rowKey="employee_id"
        dataSource={rows}
        columns={[
          { dataIndex: 'rank', title: title('rank'), width: 60 },
          { dataIndex: 'employee_name', title: title('employee_name') },
          ...['attendance_rate', 'punctuality_rate'].map((key) => ({
            dataIndex: key,
            title: title(key),
            align: 'right' as const,
          })),
        ]}
      />
    </Col>
  );
}
