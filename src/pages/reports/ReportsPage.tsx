// /reports: the four reports, computed by the database for the caller's scope (admin and HR
// everyone, a manager their team, an employee themselves), with charts and PDF / Excel exports.
import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useGetIdentity, useList, useNotification } from '@refinedev/core';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Form,
  Row,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Identity } from '../../providers/identity.ts';
import { supabase } from '../../providers/supabase.ts';
import {
  bestAndWorst,
  exportFileName,
  fetchReport,
  formatCell,
  REPORT_TYPES,
  reportTables,
  type GeneratedReport,
  type ReportTable,
  type ReportType,
  type SummaryRow,
} from './model.ts';

const ReportCharts = lazy(() => import('./ReportCharts.tsx'));

const ISO = 'YYYY-MM-DD';

function DataTable({
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

function SummaryCards({ rows }: { rows: SummaryRow[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Row gutter={[16, 16]} data-testid="report-summary">
      {rows.map((r) => {
        const kind = r.measure === 'attendance_rate' ? 'dec1' : r.measure.endsWith('hours') ? 'dec2' : 'int';
        return (
          <Col xs={24} sm={12} lg={6} key={r.measure}>
            <Card size="small" data-testid={`measure-${r.measure}`}>
              <Statistic
                title={t(`reports.measures.${r.measure}`)}
                value={formatCell(r.current_value, kind, lang)}
                suffix={
                  r.measure === 'attendance_rate' && r.current_value >= 90 ? (
                    <Tag color="success" data-testid="rate-badge">
                      {t('reports.highRate')}
                    </Tag>
                  ) : undefined
                }
              />
              <Typography.Text type="secondary">
                {t('reports.previous', { value: formatCell(r.previous_value, kind, lang) })}
                {r.change_percent !== null && (
                  <>
                    {' '}
                    ({r.change_percent > 0 ? '+' : ''}
                    {formatCell(r.change_percent, 'dec1', lang)} %)
                  </>
                )}
              </Typography.Text>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

export function ReportsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { open } = useNotification();
  const { data: identity } = useGetIdentity<Identity>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null]>([dayjs().subtract(30, 'day'), dayjs()]);
  const [type, setType] = useState<ReportType>('summary');
  const [siteId, setSiteId] = useState<string | null>(null);
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState<'pdf' | 'xlsx' | null>(null);
  const [generated, setGenerated] = useState<GeneratedReport | null>(null);
  const [everGenerated, setEverGenerated] = useState(false);

  const sites = useList<{ id: string; name: string }>({
    resource: 'sites',
    pagination: { mode: 'off' },
    sorters: [{ field: 'name', order: 'asc' }],
    meta: { select: 'id, name' },
  });
  const departments = useList<{ id: string; name: string }>({
    resource: 'departments',
    pagination: { mode: 'off' },
    sorters: [{ field: 'name', order: 'asc' }],
    meta: { select: 'id, name' },
  });
  const siteOptions = sites.result.data.map((s) => ({ value: s.id, label: s.name }));
  const departmentOptions = departments.result.data.map((d) => ({ value: d.id, label: d.name }));

  // Changing what is asked makes the shown report stale: it goes, and must be generated again.
  const change =
    <V,>(set: (v: V) => void) =>
    (value: V) => {
      set(value);
      setGenerated(null);
    };

  const [from, to] = range;
  const canGenerate = Boolean(from && to) && !busy;

  async function generate() {
    if (!from || !to) return;
    setBusy(true);
    const params = { type, from: from.format(ISO), to: to.format(ISO), siteId, departmentId };
    try {
      const report = await fetchReport(supabase(), params);
      setGenerated({
        report,
        params,
        filterNames: {
          site: siteOptions.find((o) => o.value === siteId)?.label ?? null,
          department: departmentOptions.find((o) => o.value === departmentId)?.label ?? null,
        },
        generatedAt: new Date(),
        generatedBy: identity?.name || identity?.email || '',
      });
      setEverGenerated(true);
      open?.({ type: 'success', message: t('reports.generated'), key: 'report-generated' });
    } catch (error) {
      open?.({
        type: 'error',
        message: t('reports.failed'),
        description: error instanceof Error ? error.message : String(error),
        key: 'report-failed',
      });
    } finally {
      setBusy(false);
    }
  }

  async function exportAs(kind: 'pdf' | 'xlsx') {
    if (!generated) {
      open?.({
        type: 'error',
        message: t('reports.noReport'),
        description: t('reports.noReportHint'),
        key: 'no-report',
      });
      return;
    }
    setExporting(kind);
    try {
      const { buildPdf, buildXlsx, download } = await import('./exports.ts');
      const data = kind === 'pdf' ? await buildPdf(generated, t, lang) : await buildXlsx(generated, t, lang);
      download(
        data,
        exportFileName(
          t(`reports.types.${generated.report.type}`),
          generated.params.from,
          generated.params.to,
          kind,
        ),
        kind === 'pdf'
          ? 'application/pdf'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
    } catch (error) {
      open?.({
        type: 'error',
        message: t('reports.exportFailed'),
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setExporting(null);
    }
  }

  const tables = useMemo(() => (generated ? reportTables(generated.report, t) : []), [generated, t]);
  const report = generated?.report;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="reports-page">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('routes.reports')}
        </Typography.Title>
        {everGenerated && (
          <Space>
            <Button
              icon={<FileExcelOutlined />}
              onClick={() => void exportAs('xlsx')}
              loading={exporting === 'xlsx'}
              data-testid="export-excel"
            >
              {t('reports.excel')}
            </Button>
            <Button
              icon={<FilePdfOutlined />}
              onClick={() => void exportAs('pdf')}
              loading={exporting === 'pdf'}
              data-testid="export-pdf"
            >
              {t('reports.pdf')}
            </Button>
          </Space>
        )}
      </Flex>

      <Card>
        <Form layout="vertical">
          <Row gutter={16} align="bottom">
            <Col xs={24} sm={12} lg={8} xxl={4}>
              <Form.Item label={t('reports.startDate')} style={{ marginBottom: 12 }}>
                <DatePicker
                  style={{ width: '100%' }}
                  value={from}
                  onChange={change((d: Dayjs | null) => setRange([d, to]))}
                  data-testid="start-date"
                  format="YYYY-MM-DD"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xxl={4}>
              <Form.Item label={t('reports.endDate')} style={{ marginBottom: 12 }}>
                <DatePicker
                  style={{ width: '100%' }}
                  value={to}
                  onChange={change((d: Dayjs | null) => setRange([from, d]))}
                  data-testid="end-date"
                  format="YYYY-MM-DD"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xxl={5}>
              <Form.Item label={t('reports.reportType')} style={{ marginBottom: 12 }}>
                <Select
                  value={type}
                  onChange={change(setType)}
                  data-testid="report-type"
                  options={REPORT_TYPES.map((v) => ({ value: v, label: t(`reports.types.${v}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xxl={4}>
              <Form.Item label={t('reports.site')} style={{ marginBottom: 12 }}>
                <Select
                  allowClear
                  placeholder={t('reports.allSites')}
                  value={siteId}
                  onChange={change((v?: string) => setSiteId(v ?? null))}
                  options={siteOptions}
                  data-testid="report-site"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xxl={4}>
              <Form.Item label={t('reports.department')} style={{ marginBottom: 12 }}>
                <Select
                  allowClear
                  placeholder={t('reports.allDepartments')}
                  value={departmentId}
                  onChange={change((v?: string) => setDepartmentId(v ?? null))}
                  options={departmentOptions}
                  data-testid="report-department"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xxl={3}>
              <Form.Item style={{ marginBottom: 12 }}>
                <Button
                  type="primary"
                  block
                  disabled={!canGenerate}
                  loading={busy}
                  onClick={() => void generate()}
                  data-testid="generate-report"
                >
                  {t('reports.generate')}
                </Button>
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>

      {!report && (
        <>
          <Row gutter={[16, 16]} data-testid="report-type-cards">
            {REPORT_TYPES.map((v) => (
              <Col xs={24} sm={12} lg={6} key={v}>
                <Card
                  hoverable
                  onClick={() => change(setType)(v)}
                  data-testid={`type-card-${v}`}
                  aria-pressed={type === v}
                  style={{
                    height: '100%',
                    borderColor: type === v ? '#1677ff' : undefined,
                    boxShadow: type === v ? '0 0 0 1px #1677ff' : undefined,
                  }}
                >
                  <Card.Meta title={t(`reports.types.${v}`)} description={t(`reports.typeHints.${v}`)} />
                </Card>
              </Col>
            ))}
          </Row>
          <Card data-testid="report-placeholder">
            <Empty description={<Typography.Text strong>{t('reports.ready')}</Typography.Text>}>
              <Typography.Text type="secondary">{t('reports.readyHint')}</Typography.Text>
            </Empty>
          </Card>
        </>
      )}

      {generated && report && (
        <Card
          data-testid="report-result"
          title={t(`reports.types.${report.type}`)}
          extra={
            <Typography.Text type="secondary">
              {formatCell(generated.params.from, 'date', lang)} -{' '}
              {formatCell(generated.params.to, 'date', lang)}
            </Typography.Text>
          }
        >
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            {report.type === 'summary' && <SummaryCards rows={report.rows} />}
            {report.type !== 'summary' && report.rows.length > 0 && (
              <Suspense fallback={<Skeleton active />}>
                <ReportCharts report={report} />
              </Suspense>
            )}
            {report.type === 'employee' ? (
              <EmployeeTables generated={generated} tables={tables} />
            ) : (
              tables.map((table) => (
                <DataTable
                  key={table.name}
                  table={table}
                  testId={`report-table-${report.type}`}
                  sortable={report.type !== 'summary'}
                />
              ))
            )}
            {report.rows.length === 0 && <Empty description={t('reports.empty')} />}
          </Space>
        </Card>
      )}
    </Space>
  );
}

function EmployeeTables({ generated, tables }: { generated: GeneratedReport; tables: ReportTable[] }) {
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
