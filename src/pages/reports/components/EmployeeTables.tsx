// The Employee report: the best and the worst attendance, then everyone.
import { Col, Row, Space, Table, Typography } from 'antd';
import { bestAndWorst, type GeneratedReport, type ReportTable } from '../model.ts';
import { DataTable } from './DataTable.tsx';

export function EmployeeTables({ generated, tables }: { generated: GeneratedReport; tables: ReportTable[] }) {
  const rows = generated.report.type === 'employee' ? generated.report.rows : [];
  const { best, worst } = bestAndWorst(rows);
  const [all, bestTable, worstTable] = tables;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Typography.Title level={5}>{bestTable!.name}</Typography.Title>
          <Table
            data-testid="report-best"
            size="small"
            pagination={false}
            rowKey="employee_id"
            dataSource={best}
            columns={[
              { dataIndex: 'rank', title: bestTable!.columns[0]!.title, width: 60 },
              { dataIndex: 'employee_name', title: bestTable!.columns[1]!.title },
              { dataIndex: 'attendance_rate', title: bestTable!.columns[10]!.title, align: 'right' },
              { dataIndex: 'punctuality_rate', title: bestTable!.columns[11]!.title, align: 'right' },
            ]}
          />
        </Col>
        <Col xs={24} xl={12}>
          <Typography.Title level={5}>{worstTable!.name}</Typography.Title>
          <Table
            data-testid="report-worst"
            size="small"
            pagination={false}
            rowKey="employee_id"
            dataSource={worst}
            columns={[
              { dataIndex: 'rank', title: worstTable!.columns[0]!.title, width: 60 },
              { dataIndex: 'employee_name', title: worstTable!.columns[1]!.title },
              { dataIndex: 'attendance_rate', title: worstTable!.columns[10]!.title, align: 'right' },
              { dataIndex: 'punctuality_rate', title: worstTable!.columns[11]!.title, align: 'right' },
            ]}
          />
        </Col>
      </Row>
      <DataTable table={all!} testId="report-table-employee" />
    </Space>
  );
}
