// The view drawer: the structure's figures, every computation line, its history (audit log) and notes.
import { Descriptions, Drawer, Table, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, siteDateTime } from '../../../shared/format/index.ts';
import { orderedDeductions } from '../../../domain/payroll/deductions.ts';
import { useHistory, type SalaryStructure } from '../data.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';

export function DetailDrawer({ record, onClose }: { record: SalaryStructure | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const historyQuery = useHistory(record?.id);
  const history = historyQuery.isError ? [] : (historyQuery.data ?? []);
  if (!record) return null;
  const lang = i18n.language;
  const money = (v: unknown) => formatMoney(String(v ?? 0), record.currency, lang);
  const c = record.computation;
  const lines: Array<[string, string]> = [
    [t('salary.preview.basicPay'), money(c.basic_pay)],
    [t('salary.preview.overtimePay'), money(c.overtime_pay)],
    [t('salary.preview.allowances'), money(c.allowances_total)],
    [t('salary.preview.gross'), money(c.gross)],
    ...orderedDeductions(c.deductions).map(
      ([name, amount]) =>
        [t(`salary.deduction.${name}`, { defaultValue: name }), `− ${money(amount)}`] as [string, string],
    ),
    [t('salary.preview.totalDeductions'), money(c.total_deductions)],
    [t('salary.preview.net'), money(c.net)],
  ];
  if (c.iuts_base !== undefined) lines.push([t('salary.preview.iutsBase'), money(c.iuts_base)]);
  return (
    <Drawer
      open
      width={Math.min(560, window.innerWidth)}
      title={t('salary.drawer.title', { name: record.employee_name })}
      onClose={onClose}
      data-testid="salary-drawer"
    >
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('salary.drawer.version')}>{record.version}</Descriptions.Item>
        <Descriptions.Item label={t('salary.drawer.ruleSet')}>
          {t(`salary.ruleSets.${record.rule_set}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('salary.drawer.frequency')}>
          {t(`salary.frequencies.${record.frequency}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('salary.columns.effectiveDate')}>
          {formatDate(record.effective_date, lang)}
        </Descriptions.Item>
        {record.scheduled_release_date && (
          <Descriptions.Item label={t('salary.status.scheduledRelease')}>
            {formatDate(record.scheduled_release_date, lang)}
          </Descriptions.Item>
        )}
        {record.rejection_reason && (
          <Descriptions.Item label={t('salary.drawer.rejectionReason')}>
            {record.rejection_reason}
          </Descriptions.Item>
        )}
        {record.payment_reference && (
          <Descriptions.Item label={t('salary.drawer.reference')}>
            {record.payment_reference}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('salary.drawer.computation')}
      </Typography.Title>
      <Table
        size="small"
        pagination={false}
        showHeader={false}
        rowKey={(r) => r[0]}
        dataSource={lines}
        data-testid="computation-lines"
        columns={[
          { dataIndex: 0, render: (v: string) => v },
          { dataIndex: 1, align: 'right', render: (v: string) => v },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('salary.drawer.history')}
      </Typography.Title>
      {history.length === 0 ? (
        <EmptyState />
      ) : (
        <Timeline
          items={history.map((h) => ({
            children: (
              <>
                <Typography.Text strong>{h.action}</Typography.Text>{' '}
                <Typography.Text type="secondary">{siteDateTime(h.created_at, null, lang)}</Typography.Text>
                <div style={{ fontSize: 12, wordBreak: 'break-word' }}>
                  {Object.entries(h.diff ?? {})
                    .filter(([key]) => key !== 'employee_id')
                    .map(
                      ([key, value]) =>
                        `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
                    )
                    .join(' · ')}
                </div>
              </>
            ),
          }))}
        />
      )}
      <Typography.Title level={5}>{t('salary.drawer.notes')}</Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>
        {record.payment_notes || t('salary.drawer.noNotes')}
      </Typography.Paragraph>
    </Drawer>
  );
}
