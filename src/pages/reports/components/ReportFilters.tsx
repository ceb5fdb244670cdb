// The report's choice: start and end dates, type, site, department, and Generate Report.
import { Button, Card, Col, DatePicker, Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportChoice } from '../hooks/useReport.ts';
import { REPORT_TYPES } from '../model.ts';

export function ReportFilters({
  choice,
  canGenerate,
  busy,
  onGenerate,
}: {
  choice: ReportChoice;
  canGenerate: boolean;
  busy: boolean;
  onGenerate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <Form layout="vertical">
        <Row gutter={16} align="bottom">
          <Col xs={24} sm={12} lg={8} xxl={4}>
            <Form.Item label={t('reports.startDate')} style={{ marginBottom: 12 }}>
              <DatePicker
                style={{ width: '100%' }}
                value={choice.from}
                onChange={choice.setFrom}
                data-testid="start-date"
                format="YYYY-MM-DD"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8} xxl={4}>
            <Form.Item label={t('reports.endDate')} style={{ marginBottom: 12 }}>
              <DatePicker
                style={{ width: '100%' }}
                value={choice.to}
                onChange={choice.setTo}
                data-testid="end-date"
                format="YYYY-MM-DD"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8} xxl={5}>
            <Form.Item label={t('reports.reportType')} style={{ marginBottom: 12 }}>
              <Select
                value={choice.type}
                onChange={choice.setType}
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
                value={choice.siteId}
                onChange={choice.setSiteId}
                options={choice.siteOptions}
                data-testid="report-site"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8} xxl={4}>
            <Form.Item label={t('reports.department')} style={{ marginBottom: 12 }}>
              <Select
                allowClear
                placeholder={t('reports.allDepartments')}
                value={choice.departmentId}
                onChange={choice.setDepartmentId}
                options={choice.departmentOptions}
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
                onClick={onGenerate}
                data-testid="generate-report"
              >
                {t('reports.generate')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
