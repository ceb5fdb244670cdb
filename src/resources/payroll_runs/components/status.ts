// How the payroll screen names a run and colours a status.
import { formatPeriod } from '../../../shared/format/index.ts';
import type { PayrollRun, PayrollStatus } from '../data.ts';

export const STATUS_COLOR: Record<PayrollStatus, string> = {
  draft: 'default',
  processed: 'blue',
  paid: 'green',
  cancelled: 'red',
};

export const runName = (run: PayrollRun, language: string) =>
  `${run.sites?.name ?? ''} ${formatPeriod(run.period_start, run.period_end, language)}`.trim();
