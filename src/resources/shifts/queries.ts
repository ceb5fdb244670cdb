// What the shifts screen reads and writes: shifts with their employees (one select with the
// assignments embedded), the counters from SQL, and saving through the save_shift RPC.
import { legacySupabase as supabase } from '../../data/client.ts';
import type { ShiftRow } from './week.ts';

export const SHIFT_SELECT =
  'id, name, site_id, start_time, end_time, break_duration, days_of_week, shift_assignments(employees(id, first_name, last_name))';

export interface ShiftRecord extends Omit<ShiftRow, 'employees'> {
  shift_assignments: { employees: { id: string; first_name: string; last_name: string } | null }[];
}

export const toShiftRow = (r: ShiftRecord): ShiftRow => ({
  ...r,
  employees: r.shift_assignments
    .flatMap((a) =>
      a.employees
        ? [{ id: a.employees.id, name: `${a.employees.first_name} ${a.employees.last_name}`.trim() }]
        : [],
    )
    .sort((a, b) => a.name.localeCompare(b.name)),
});

export interface ShiftCounters {
  total_shifts: number;
  total_employees: number;
  assigned: number;
  unassigned: number;
}

export async function loadCounters(): Promise<ShiftCounters> {
  const { data, error } = await supabase().rpc('shift_counters').single<ShiftCounters>();
  if (error) throw error;
  return data;
}

export interface ShiftInput {
  id?: string;
  name: string;
  site_id: string | null;
  start_time: string;
  end_time: string;
  break_duration: number;
  days_of_week: string[];
  employee_ids: string[];
}

export async function saveShift(input: ShiftInput): Promise<string> {
  const { data, error } = await supabase().rpc('save_shift', {
    p_name: input.name,
    p_start_time: input.start_time,
    p_end_time: input.end_time,
    p_days_of_week: input.days_of_week,
    p_break_duration: input.break_duration,
    p_employee_ids: input.employee_ids,
    p_site_id: input.site_id,
    p_id: input.id ?? null,
  });
  if (error) throw error;
  return data as string;
}
