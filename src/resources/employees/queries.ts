// The employees resource's reads and workflow calls. Tables go through Refine's data provider
// (useTable / useShow / useForm / useList); workflow steps and figures are the database's RPCs.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { legacySupabase as supabase } from '../../data/client.ts';
import type { Finger } from '../../fingerprint/scanner/protocol.ts';

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'intern'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export type EmployeeStatus = 'active' | 'inactive' | 'terminated';

export interface Employee {
  id: string;
  user_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  address: string | null;
  position: string | null;
  department_id: string | null;
  site_id: string | null;
  salary: number | string | null;
  joining_date: string | null;
  employment_type: EmploymentType;
  emergency_contact: string | null;
  emergency_phone: string | null;
  role: 'admin' | 'hr' | 'manager' | 'employee' | 'kiosk';
  status: EmployeeStatus;
  departments?: { name: string } | null;
  sites?: { name: string; currency: string } | null;
}

/** What the directory and the card read (the row plus its department and site names). */
export const EMPLOYEE_SELECT = '*, departments!employees_department_id_fkey(name), sites(name, currency)';

export const fullName = (e: Pick<Employee, 'first_name' | 'last_name'>) =>
  `${e.first_name} ${e.last_name}`.trim();

/** The RPC's error as the service said it (PostgREST's message), or the fallback. */
export function serviceMessage(error: unknown, fallback = ''): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const message = String((error as { message: unknown }).message ?? '');
    if (message) return message;
  }
  return fallback;
}

async function rpc<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await supabase().rpc(name, args);
  if (error) throw new Error(error.message);
  return data as T;
}

export interface DirectoryStats {
  total: number;
  active: number;
  departments: number;
  this_month: number;
}

export const STATS_KEY = ['employees', 'directory-stats'] as const;

/** The four cards, computed by employee_directory_stats() over what the caller may read. */
export function useDirectoryStats() {
  return useQuery({
    queryKey: STATS_KEY,
    queryFn: async () => {
      const rows = await rpc<DirectoryStats[]>('employee_directory_stats');
      return rows[0] ?? { total: 0, active: 0, departments: 0, this_month: 0 };
    },
  });
}

export function useRefreshStats() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: STATS_KEY });
}

/** Deletes a person without history, archives one with history: the answer says which. */
export const deleteEmployee = (id: string) =>
  rpc<'deleted' | 'archived'>('delete_employee', { p_employee_id: id });

export const restoreEmployee = (id: string) => rpc<Employee>('restore_employee', { p_employee_id: id });

export interface EnrolledFinger {
  finger: Finger;
  quality: number;
  consent_at: string;
}

/** The enrolled fingers of a person: finger, quality and consent date, never the template. */
export function useEnrolledFingers(id: string | undefined) {
  return useQuery({
    queryKey: ['employees', 'fingers', id],
    enabled: Boolean(id),
    queryFn: () => rpc<EnrolledFinger[]>('enrolled_fingers', { p_employee_id: id }),
  });
}

/** The scanner's enrolment, as register_employee() takes it. */
export interface Enrolment {
  finger: Finger;
  /** base64 of what is stored, in `format` (the scanner's impressions as one set). */
  template: string;
  format: string;
  quality: number;
  consentVersion: string;
}

export interface RegistrationFields {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address?: string;
  position: string;
  department_id: string;
  site_id?: string;
  salary?: number | null;
  joining_date: string;
  employment_type: EmploymentType;
  emergency_contact?: string;
  emergency_phone?: string;
  role?: string;
  has_agreed_to_terms: boolean;
}

/** The employee row and the enrolment, saved together or not at all. */
export const registerEmployee = (fields: RegistrationFields, enrolment: Enrolment | null) =>
  rpc<Employee>('register_employee', {
    p_employee: fields,
    p_fingerprint: enrolment
      ? {
          finger: enrolment.finger,
          template: enrolment.template,
          format: enrolment.format,
          quality: enrolment.quality,
          consentVersion: enrolment.consentVersion,
        }
      : null,
  });

export const inviteEmployee = (id: string) => rpc<unknown>('invite_employee', { p_employee_id: id });

/** Enrols a finger of an existing person (with the consent the scanner page recorded). */
export function enrolFinger(employeeId: string, enrolment: Enrolment) {
  const bytes = Uint8Array.from(atob(enrolment.template), (c) => c.charCodeAt(0));
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return rpc<string>('enrol_fingerprint', {
    p_employee_id: employeeId,
    p_finger: enrolment.finger,
    p_template: `\\x${hex}`,
    p_quality: enrolment.quality,
    p_consent_text_version: enrolment.consentVersion,
    p_template_format: enrolment.format,
  });
}
