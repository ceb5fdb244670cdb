// How the payroll screen names a run and colours a status.
import dayjs from 'dayjs';
import type { PayrollRun, PayrollStatus } from '../data.ts';

export const STATUS_COLOR: Record<PayrollStatus, string> = {
  draft: 'default',
  processed: 'blue',
  paid: 'green',
  cancelled: 'red',
};

export const runName = (run: PayrollRun) =>
  `${run.sites?.name ?? ''} ${dayjs(run.period_start).format('MMM DD')} – ${dayjs(run.period_end).format('MMM DD, YYYY')}`.trim();
