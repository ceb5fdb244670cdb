// The files that pay a processed payroll run (issue 29 item 5), opened from the payroll screen.
export { PaymentFilesDialog, type PaymentFilesRun } from './PaymentFilesDialog.tsx';
