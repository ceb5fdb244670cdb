// A run's gross-to-net summary (payroll_run_summary in SQL), in the run's currency.
import { Modal, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supabase } from '../../../data/client.ts';
import { formatMoney } from '../../../shared/format/index.ts';
import { runName, type PayrollRun } from '../types.ts';

export function RunSummary({ run, onClose }: { run: PayrollRun; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [lines, setLines] = useState<Array<{ line: string; amount: number }>>([]);
  useEffect(() => {
    void supabase()
      .rpc('payroll_run_summary', { p_run_id: run.id })
      .then(({ data }) => setLines((data ?? []) as Array<{ line: string; amount: number }>));
  }, [run.id]);
  const label = (line: string) =>
    line.startsWith('deduction:')
      ? `− ${t(`salary.deduction.${line.slice(10)}`, { defaultValue: line.slice(10) })}`
      : t(`payroll.lines.${line}`);
  return (
    <Modal open title={`${t('payroll.summary')} — ${runName(run)}`} footer={null} onCancel={onClose}>
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
