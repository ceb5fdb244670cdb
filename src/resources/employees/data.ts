// The employees resource's data: the tables through Refine's data provider (useTable / useShow /
// useForm / useList in the screens), the workflow steps and figures through the database's RPCs.
// Registration is src/features/employee-form (shared with the manager's dialog).
import { useInvalidate, useList } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Database } from '../../data/database.types.ts';
import { rpc, type RpcResult } from '../../data/rpc.ts';
import type { Enrolment } from '../../features/employee-form/index.ts';
import { useFeedback } from '../../shared/feedback/index.ts';

export type EmployeeStatus = Database['public']['Enums']['employee_status'];

/** A row as the directory and the card read it (EMPLOYEE_SELECT: plus department and site names). */
export type Employee = Database['public']['Tables']['employees']['Row'] & {
  departments?: { name: string } | null;
  sites?: { name: string; currency: string } | null;
};

export const EMPLOYEE_SELECT = '*, departments!employees_department_id_fkey(name), sites(name, currency)';

export const fullName = (e: Pick<Employee, 'first_name' | 'last_name'>) =>
  `${e.first_name} ${e.last_name}`.trim();

export type DirectoryStats = RpcResult<'employee_directory_stats'>[number];

export const STATS_KEY = ['employees', 'directory-stats'] as const;

/** The four cards, computed by employee_directory_stats() over what the caller may read. */
export function useDirectoryStats() {
  return useQuery({
    queryKey: STATS_KEY,
    queryFn: async (): Promise<DirectoryStats> =>
      (await rpc('employee_directory_stats'))[0] ?? { total: 0, active: 0, departments: 0, this_month: 0 },
  });
}

export function useRefreshStats() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: STATS_KEY });
}

/** Deletes a person without history, archives one with history: the answer says which. */
export const deleteEmployee = async (id: string) =>
  (await rpc('delete_employee', { p_employee_id: id })) as 'deleted' | 'archived';

export const restoreEmployee = (id: string) => rpc('restore_employee', { p_employee_id: id });

export type EnrolledFinger = RpcResult<'enrolled_fingers'>[number];

/** The enrolled fingers of a person: finger, quality and consent date, never the template. */
export function useEnrolledFingers(id: string | undefined) {
  return useQuery({
    queryKey: ['employees', 'fingers', id],
    enabled: Boolean(id),
    queryFn: () => rpc('enrolled_fingers', { p_employee_id: id! }),
  });
}

/** Enrols a finger of an existing person (with the consent the scanner page recorded). */
export function enrolFinger(employeeId: string, enrolment: Enrolment) {
  const bytes = Uint8Array.from(atob(enrolment.template), (c) => c.charCodeAt(0));
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return rpc('enrol_fingerprint', {
    p_employee_id: employeeId,
    p_finger: enrolment.finger,
    p_template: `\\x${hex}`,
    p_quality: enrolment.quality,
    p_consent_text_version: enrolment.consentVersion,
    p_template_format: enrolment.format,
  });
}

type Tables = Database['public']['Tables'];
export type AttendanceRow = Pick<
  Tables['attendances']['Row'],
  'id' | 'date' | 'check_in' | 'check_out' | 'total_hours' | 'punctuality'
> & { sites: Pick<Tables['sites']['Row'], 'name' | 'time_zone'> | null };

/** The person's ten latest attendance records (Refine's data provider, live). */
export function useRecentAttendance(employeeId: string) {
  const { result, query } = useList<AttendanceRow>({
    resource: 'attendances',
    filters: [{ field: 'employee_id', operator: 'eq', value: employeeId }],
    sorters: [{ field: 'check_in', order: 'desc' }],
    pagination: { currentPage: 1, pageSize: 10 },
    // Times are read in the site's clock (src/shared/format).
    meta: { select: 'id, date, check_in, check_out, total_hours, punctuality, sites(name, time_zone)' },
  });
  return { rows: result?.data ?? [], isLoading: query.isLoading };
}

interface AssignmentRow {
  shift_id: string;
  shifts: Pick<
    Tables['shifts']['Row'],
    'name' | 'start_time' | 'end_time' | 'days_of_week' | 'break_duration'
  > | null;
}

/** The person's shifts, with each shift's hours and days. */
export function useShiftAssignments(employeeId: string) {
  const { result } = useList<AssignmentRow>({
    resource: 'shift_assignments',
    filters: [{ field: 'employee_id', operator: 'eq', value: employeeId }],
    meta: { select: 'shift_id, shifts(name, start_time, end_time, days_of_week, break_duration)' },
    pagination: { mode: 'off' },
  });
  return result?.data;
}

/**
 * Delete (or archive) and restore from the directory: the RPC, the toast, then the lists and the
 * cards refreshed. `busy` is the row being changed.
 */
export function useDirectoryActions() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const invalidate = useInvalidate();
  const refreshStats = useRefreshStats();
  const [busy, setBusy] = useState<string | null>(null);

  async function act(row: Employee, change: () => Promise<unknown>, done: string, failed: string) {
    setBusy(row.id);
    try {
      await change();
      feedback.success(t(`employees.${done}Title`), t(`employees.${done}`, { name: fullName(row) }));
      await invalidate({ resource: 'employees', invalidates: ['list', 'detail'] });
      await refreshStats();
    } catch (error) {
      feedback.failure(error, t(`employees.${failed}`));
    } finally {
      setBusy(null);
    }
  }
  return {
    busy,
    remove: (row: Employee) => act(row, () => deleteEmployee(row.id), 'deleted', 'deleteFailed'),
    restore: (row: Employee) => act(row, () => restoreEmployee(row.id), 'restored', 'restoreFailed'),
  };
}
