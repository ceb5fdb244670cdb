// The salary form: the back office's create / edit / revise and a manager's proposal, one form.
export { SalaryFormDialog, type FormMode } from './SalaryFormDialog.tsx';
export type { EmployeeOption, SalaryStructure } from './data.ts';
