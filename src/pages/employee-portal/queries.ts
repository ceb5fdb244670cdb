// The employee portal's reads: the person's own rows only (RLS), short lists, figures from SQL.
import { rpcRow, rpcValue } from '../../components/daily/data.ts';
import { supabase } from '../../data/client.ts';

export interface MyRecord {
  id: string;
  date: string;
  check_in: string;
  check_out: string | null;
  total_hours: number | null;
  punctuality: 'on_time' | 'late';
  source: string;
  sites?: { time_zone: string } | null;
}

export interface MyDay {
  present: boolean;
  hours_today: number;
  hours_week: number;
  break_minutes: number;
  shift_names: string[];
}

export interface MyPortal {
  today: string;
  records: MyRecord[];
  summary: MyDay | undefined;
}

/** Today's (site-local) date, the last 10 records and Today's Summary. */
export async function loadMyPortal(employeeId: string): Promise<MyPortal> {
  const [today, records, summary] = await Promise.all([
    rpcValue<string>('my_local_day'),
    supabase()
      .from('attendances')
      .select('id, date, check_in, check_out, total_hours, punctuality, source, sites(time_zone)')
      .eq('employee_id', employeeId)
      .order('check_in', { ascending: false })
      .limit(10),
    rpcRow<MyDay>('my_day_summary'),
  ]);
  if (records.error) throw new Error(records.error.message);
  return { today: String(today ?? ''), records: records.data as unknown as MyRecord[], summary };
}

export interface MyShift {
  shift_id: string;
  shifts: {
    name: string;
    start_time: string;
    end_time: string;
    days_of_week: string[];
    break_duration: number;
  } | null;
}

export async function loadMyShifts(employeeId: string): Promise<MyShift[]> {
  const { data, error } = await supabase()
    .from('shift_assignments')
    .select('shift_id, shifts(name, start_time, end_time, days_of_week, break_duration)')
    .eq('employee_id', employeeId)
    .limit(20);
  if (error) throw new Error(error.message);
  return data as unknown as MyShift[];
}

export interface Payslip {
  id: string;
  payroll_record_id: string | null;
  salary_structure_id: string | null;
  period_start: string | null;
  period_end: string;
  gross: number;
  net: number;
  currency: string;
}

export async function loadMyPayslips(employeeId: string): Promise<Payslip[]> {
  const { data, error } = await supabase()
    .from('paystubs')
    .select('id, payroll_record_id, salary_structure_id, period_start, period_end, gross, net, currency')
    .eq('employee_id', employeeId)
    .order('period_end', { ascending: false })
    .limit(12);
  if (error) throw new Error(error.message);
  return data as Payslip[];
}

/** The employee portal's button rules (the spec): Check In disabled once there is a check-in today;
 * Check Out disabled until there is a check-in and after a check-out. A check-in left open on an
 * earlier day still counts as checked in: Check Out closes it, Check In would be refused. */
export function buttonStates(
  records: MyRecord[],
  today: string,
): { canCheckIn: boolean; canCheckOut: boolean; openSince: string | null } {
  const open = records.find((r) => !r.check_out);
  if (open) return { canCheckIn: false, canCheckOut: true, openSince: open.date < today ? open.date : null };
  const latestToday = records.find((r) => r.date === today);
  return { canCheckIn: !latestToday, canCheckOut: false, openSince: null };
}

/** The database's refusal code when a person records someone else's attendance (app.assert_may_punch). */
export const OWN_ATTENDANCE_ONLY = 'punch.own_only';

/** The Manual Attendance box: one's own employee ID or e-mail (any case, spaces around ignored). */
export function isOwnId(typed: string, me: { employeeId: string; email: string }): boolean {
  const value = typed.trim().toLowerCase();
  return value !== '' && (value === me.employeeId.toLowerCase() || value === me.email.toLowerCase());
}

/** An employee ID's shape (a UUID): what the box sends to the database when it is not one's own. */
export function looksLikeId(typed: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(typed.trim());
}

/** The payslip PDF of a paystub: from its payroll record, else from its paid salary structure. The PDF
 * builder (jspdf) loads only when a person asks for one. */
export async function downloadMyPayslip(p: Payslip): Promise<void> {
  const pdf = await import('../../features/payslip/index.ts');
  if (p.payroll_record_id) await pdf.downloadPayslip(p.payroll_record_id);
  else if (p.salary_structure_id) await pdf.downloadStructurePayslip(p.salary_structure_id);
}
