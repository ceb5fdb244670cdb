// Registering a person and the fields of their record: the back office's registration and edit
// screens and the manager's 'Add Employee' dialog use the same fields and the same RPC.
export { BiometricSetup } from './BiometricSetup.tsx';
export {
  EMPLOYMENT_TYPES,
  inviteEmployee,
  useRegisterEmployee,
  type EmploymentType,
  type Enrolment,
  type RegisteredEmployee,
  type RegistrationFields as RegistrationRecord,
} from './data.ts';
export { RegistrationFields } from './RegistrationFields.tsx';
export { TextField } from './TextField.tsx';
export { toRegistration, type RegistrationValues } from './values.ts';
