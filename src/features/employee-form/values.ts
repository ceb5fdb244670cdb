// The registration form's values as register_employee() takes them (the back office's form and the
// manager's 'Add Employee' dialog fill the same fields).
import type { Dayjs } from 'dayjs';
import type { Role } from '../../domain/access/roles.ts';
import type { EmploymentType, RegistrationFields } from './data.ts';

export interface RegistrationValues {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  address?: string;
  position?: string;
  department_id?: string;
  site_id?: string;
  salary?: number | null;
  joining_date?: Dayjs;
  employment_type?: EmploymentType;
  emergency_contact?: string;
  emergency_phone?: string;
  role?: Role;
  terms?: boolean;
  invite?: boolean;
}

/** The RPC's fields, or null while the terms are not agreed or the joining date is missing. */
export function toRegistration(
  values: RegistrationValues,
  overrides: Partial<RegistrationFields> = {},
): RegistrationFields | null {
  if (!values.terms || !values.joining_date) return null;
  return {
    first_name: values.first_name ?? '',
    last_name: values.last_name ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    address: values.address,
    position: values.position ?? '',
    department_id: values.department_id ?? '',
    site_id: values.site_id,
    salary: values.salary ?? null,
    joining_date: values.joining_date.format('YYYY-MM-DD'),
    employment_type: values.employment_type,
    emergency_contact: values.emergency_contact,
    emergency_phone: values.emergency_phone,
    role: values.role ?? 'employee',
    has_agreed_to_terms: true,
    ...overrides,
  };
}
