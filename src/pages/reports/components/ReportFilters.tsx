// The report's choice: start and end dates, type, site, department, and Generate Report.
import { Button, Card, Col, DatePicker, Form, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportState } from '../hooks/useReport.ts';
import { REPORT_TYPES } from '../model.ts';

/** The filters of the report's state `report`, and its Generate Report button. */
export function ReportFilters({ report }: { report: ReportState }) {
  const { choice, canGenerate, busy } = report;
  const { t } = useTranslation();
  const dates = [
    { label: 'startDate', value: choice.from, onChange: choice.setFrom, testId: 'start-date' },
    { label: 'endDate', value: choice.to, onChange: choice.setTo, testId: 'end-date' },
  ];
  const scopes = [
    {
      label: 'site',
      all: 'allSites',
      value: choice.siteId,
      onChange: choice.setSiteId,
      options: choice.siteOptions,
      testId: 'report-site',
    },
    {
      label: 'department',
      all: 'allDepartments',
      value: choice.departmentId,
      onChange: choice.setDepartmentId,
      options: choice.departmentOptions,
      testId: 'report-department',
    },
  ];
  return (
    <Card>
      <Form layout="vertical">
        <Row gutter={16} align="bottom">
          {dates.map((date) => (
            <FilterCol key={date.label} label={t(`reports.${date.label}`)}>
              <DatePicker
                style={{ width: '100%' }}
                value={date.value}
                onChange={date.onChange}
                data-testid={date.testId}
                format="YYYY-MM-DD"
              />
            </FilterCol>
          ))}
          <FilterCol label={t('reports.reportType')} xxl={5}>
            <Select
              value={choice.type}
              onChange={choice.setType}
              data-testid="report-type"
              options={REPORT_TYPES.map((v) => ({ value: v, label: t(`reports.types.${v}`) }))}
            />
          </FilterCol>
          {scopes.map((scope) => (
            <FilterCol key={scope.label} label={t(`reports.${scope.label}`)}>
              <Select
                allowClear
                placeholder={t(`reports.${scope.all}`)}
                value={scope.value}
                onChange={scope.onChange}
                options={scope.options}
                data-testid={scope.testId}
              />
            </FilterCol>
          ))}
          <FilterCol xxl={3}>
            <Button
              type="primary"
              block
              disabled={!canGenerate}
              loading={busy}
              onClick={() => void report.generate()}
              data-testid="generate-report"
            >
              {t('reports.generate')}
            </Button>
          </FilterCol>
        </Row>
      </Form>
    </Card>
  );
}

/** One filter in the row: a column that wraps with the screen's width, labelled. */
function FilterCol({ label, xxl = 4, children }: { label?: string; xxl?: number; children: ReactNode }) {
  return (
    <Col xs={24} sm={12} lg={8} xxl={xxl}>
      <Form.Item label={label} style={{ marginBottom: 12 }}>
        {children}
      </Form.Item>
    </Col>
  );
}
