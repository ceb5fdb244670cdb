// A run's gross-to-net summary (payroll_run_summary in SQL), in the run's currency.
import { Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/index.ts';
import { useRunSummary, type PayrollRun } from '../data.ts';
import { runName } from './status.ts';

export function RunSummary({ run, onClose }: { run: PayrollRun; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lines = useRunSummary(run.id).data ?? [];
  const label = (line: string) =>
    line.startsWith('deduction:')
      ? `− ${t(`salary.deduction.${line.slice(10)}`, { defaultValue: line.slice(10) })}`
      : t(`payroll.lines.${line}`);
  return (
    <Modal
      open
      title={`${t('payroll.summary')} — ${runName(run, i18n.language)}`}
      footer={null}
      onCancel={onClose}
    >
      <Table
        size="small"
        pagination={false}
        showHeader={false}
        rowKey="line"
        data-testid="run-summary"
        dataSource={lines}
        columns={[
          {
            render: (_, r) =>
              ['gross', 'net'].includes(r.line) ? <strong>{label(r.line)}</strong> : label(r.line),
          },
          { align: 'right', render: (_, r) => formatMoney(r.amount, run.currency, i18n.language) },
        ]}
      />
    </Modal>
  );
}
