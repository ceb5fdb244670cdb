// What the shifts screen reads and writes: shifts with their employees (one select with the
// assignments embedded, through Refine's useList), the counters from SQL, and saving through the
// save_shift RPC.
import { useQuery } from '@tanstack/react-query';
import { rpc, type RpcResult } from '../../data/rpc.ts';
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

export type ShiftCounters = RpcResult<'shift_counters'>[number];

/** The four counters; `version` (when the list last changed, live events included) refreshes them. */
export function useShiftCounters(version: number) {
  return useQuery({
    queryKey: ['shifts', 'counters', version],
    queryFn: async () => (await rpc('shift_counters'))[0] ?? null,
    placeholderData: (previous) => previous,
  });
}

/** A shift as the form saves it: the row's fields, no id when new, the assigned people by id. */
export interface ShiftInput extends Omit<ShiftRow, 'id' | 'employees'> {
  id?: string;
  employee_ids: string[];
}

export function saveShift(input: ShiftInput): Promise<string> {
  return rpc('save_shift', {
    p_name: input.name,
    p_start_time: input.start_time,
    p_end_time: input.end_time,
    p_days_of_week: input.days_of_week,
    p_break_duration: input.break_duration,
    p_employee_ids: input.employee_ids,
    p_site_id: input.site_id ?? undefined,
    p_id: input.id,
  });
}
