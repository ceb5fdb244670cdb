// Registering a person and the fields of their record: the back office's registration and edit
// screens and the manager's 'Add Employee' dialog use the same fields and the same RPC.
export { BiometricSetup } from './BiometricSetup.tsx';
export { inviteEmployee, useRegisterEmployee, type Enrolment } from './data.ts';
export { RegistrationFields } from './RegistrationFields.tsx';
export { DepartmentField, EmailField } from './SharedFields.tsx';
export { TextField } from './TextField.tsx';
export { toRegistration, type RegistrationValues } from './values.ts';
