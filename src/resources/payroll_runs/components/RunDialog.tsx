// 'Run Payroll': site, period and frequency → generate_payroll_run, then who was included and who
// was skipped and why. The period follows the frequency (a week, two weeks, half a month, a month).
import { Alert, Button, DatePicker, Form, List, Modal, Progress, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { payPeriod } from '../../../domain/payroll/pay-period.ts';
import type { Frequency } from '../../../domain/payroll/types.ts';
import { formatMoney } from '../../../shared/format/index.ts';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { useGenerateRun, useSites } from '../data.ts';

interface Values {
  site_id: string;
  period: [Dayjs, Dayjs];
  frequency: string;
}

export function RunDialog({ onClose }: { onClose: (created: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<Values>();
  const sites = useSites().data ?? [];
  const generate = useGenerateRun();
  const busy = generate.isPending;
  const result = generate.data ?? null;

  async function run() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      feedback.refused(t('payroll.dialog.required'));
      return;
    }
    try {
      await generate.mutateAsync({
        siteId: v.site_id,
        start: v.period[0].format('YYYY-MM-DD'),
        end: v.period[1].format('YYYY-MM-DD'),
        frequency: v.frequency as Frequency,
      });
    } catch (error) {
      feedback.failure(error, t('payroll.dialog.failed'));
    }
  }

  // The period always fits the frequency (the database refuses any other): its start anchors it.
  function fitPeriod(changed: Partial<Values>, all: Values) {
    const start = all.period?.[0];
    if (!start || !('period' in changed || 'frequency' in changed)) return;
    const fit = payPeriod(all.frequency as Frequency, start.format('YYYY-MM-DD'));
    if (fit.start !== start.format('YYYY-MM-DD') || fit.end !== all.period[1]?.format('YYYY-MM-DD'))
      form.setFieldsValue({ period: [dayjs(fit.start), dayjs(fit.end)] });
  }

  const lastMonth = dayjs().subtract(1, 'month');
  return (
    <Modal
      open
      title={t('payroll.dialog.title')}
      onCancel={() => onClose(result !== null)}
      footer={
        result ? (
          <Button key="close" type="primary" onClick={() => onClose(true)} data-testid="close-run">
            {t('payroll.dialog.close')}
          </Button>
        ) : (
          <Button
            key="run"
            type="primary"
            loading={busy}
            onClick={() => void run()}
            data-testid="generate-run"
          >
            {t('payroll.dialog.run')}
          </Button>
        )
      }
    >
      {!result ? (
        <Form<Values>
          form={form}
          layout="vertical"
          onValuesChange={fitPeriod}
          initialValues={{
            period: [lastMonth.startOf('month'), lastMonth.endOf('month')],
            frequency: 'monthly',
          }}
        >
          <Form.Item
            name="site_id"
            label={t('payroll.dialog.site')}
            rules={[{ required: true, message: t('payroll.dialog.required') }]}
          >
            <Select options={sites.map((s) => ({ value: s.id, label: `${s.name} (${s.currency})` }))} />
          </Form.Item>
          <Form.Item
            name="period"
            label={t('payroll.dialog.period')}
            rules={[{ required: true, message: t('payroll.dialog.required') }]}
          >
            <DatePicker.RangePicker style={{ width: '100%' }} allowClear={false} />
          </Form.Item>
          <Form.Item name="frequency" label={t('payroll.dialog.frequency')}>
            <Select
              options={(['weekly', 'biweekly', 'semimonthly', 'monthly'] as const).map((f) => ({
                value: f,
                label: t(`salary.frequencies.${f}`),
              }))}
            />
          </Form.Item>
          {busy && (
            <>
              <Progress percent={99} status="active" showInfo={false} />
              <Typography.Text type="secondary">{t('payroll.dialog.running')}</Typography.Text>
            </>
          )}
        </Form>
      ) : (
        <div data-testid="run-result">
          <Alert
            type="success"
            showIcon
            message={t('payroll.dialog.done', { count: result.employee_count })}
            description={t('common.labelled', {
              label: t('payroll.columns.net'),
              value: formatMoney(result.total_net, result.currency, i18n.language),
            })}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('payroll.dialog.skipped', { count: result.skipped.length })}
          </Typography.Title>
          {result.skipped.length === 0 ? (
            <Typography.Text type="secondary">{t('payroll.dialog.noneSkipped')}</Typography.Text>
          ) : (
            <List
              size="small"
              bordered
              style={{ maxHeight: 260, overflow: 'auto' }}
              dataSource={result.skipped}
              renderItem={(s) => (
                <List.Item>
                  <Typography.Text strong>{s.name}</Typography.Text>
                  <Typography.Text type="secondary">
                    {s.reason === 'no approved salary structure' ? t('payroll.dialog.noStructure') : s.reason}
                  </Typography.Text>
                </List.Item>
              )}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
