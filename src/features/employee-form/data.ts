// Registering a person: one RPC (register_employee) saves the record and, from the back office, the
// finger enrolled on the scanner page, together or not at all. The database decides who may register
// whom: admin and HR anyone they may grant, a manager employees of their own departments.
import { useInvalidate } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import type { Database } from '../../data/database.types.ts';
import { rpc } from '../../data/rpc.ts';
import type { Finger } from '../../fingerprint/scanner/protocol.ts';
import type { Role } from '../../domain/access/roles.ts';
import { EMPLOYMENT_TYPES as KINDS } from '../../domain/people.ts';

export type EmploymentType = Database['public']['Enums']['employment_type'];
/** The database's kinds of employment, as the forms list them. */
export const EMPLOYMENT_TYPES = KINDS satisfies readonly EmploymentType[];

/** The scanner's enrolment, as register_employee() takes it. */
export interface Enrolment {
  finger: Finger;
  /** base64 of what is stored, in `format` (the scanner's impressions as one set). */
  template: string;
  format: string;
  quality: number;
  consentVersion: string;
  /** The scanner simulator's finger (demo systems), linked to the person once registered. */
  simulatorSeed?: number;
}

/** register_employee()'s p_employee. */
export interface RegistrationFields {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address?: string;
  position: string;
  department_id: string;
  site_id?: string | null;
  salary?: number | null;
  joining_date: string;
  employment_type?: EmploymentType;
  emergency_contact?: string;
  emergency_phone?: string;
  role?: Role;
  has_agreed_to_terms: boolean;
}

/**
 * The employee row and the enrolment, saved together or not at all. A finger the simulator made is
 * then linked to the new person, so the simulator presses that finger for them from then on.
 */
export async function registerEmployee(fields: RegistrationFields, enrolment: Enrolment | null = null) {
  const { simulatorSeed, ...stored } = enrolment ?? {};
  const employee = await rpc('register_employee', {
    p_employee: { ...fields },
    p_fingerprint: enrolment ? { ...stored } : null,
  });
  if (simulatorSeed !== undefined)
    await rpc('link_simulated_finger', { p_employee_id: employee.id, p_seed: simulatorSeed });
  return employee;
}

/** Sends the person the link to create their account. */
export function inviteEmployee(employeeId: string) {
  return rpc('invite_employee', { p_employee_id: employeeId });
}

/** Registers, then refreshes Refine's employee lists (the directory, the users page). */
export function useRegisterEmployee() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ fields, enrolment }: { fields: RegistrationFields; enrolment?: Enrolment | null }) =>
      registerEmployee(fields, enrolment ?? null),
    onSuccess: () => invalidate({ resource: 'employees', invalidates: ['list'] }),
  });
}
