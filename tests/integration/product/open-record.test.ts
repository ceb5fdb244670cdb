// A check-in left open on an earlier day (migration 20261123016000): today_status still says the
// person is in, with the open record's site-local day, to those who may read their attendance;
// check_in refuses 'punch.already_checked_in'; check_out closes that very record when it lies within the
// maximum attendance duration (20261126020300), and otherwise refuses until a manager corrects it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;
let openId: string;
let openDay: string;
beforeAll(async () => {
  org = await createOrg();
  // The employee checked in three site-local days ago at 08:00 and never checked out.
  const row = (
    await org.db.query<{ id: string; date: string }>(
      `insert into public.attendances (employee_id, site_id, date, check_in, status, punctuality, source)
       select $1, s.id, (app.now() at time zone s.time_zone)::date - 3,
         ((app.now() at time zone s.time_zone)::date - 3 + time '08:00') at time zone s.time_zone,
         'checked_in', 'late', 'manual'
       from public.sites s where s.id = $2
       returning id, date::text`,
      [org.employee.employeeId, org.sites.us],
    )
  ).rows[0]!;
  openId = row.id;
  openDay = row.date;
});
afterAll(() => org?.stop());

type State = { employee_id: string; state: string; late: boolean; open_since: string | null };

describe('a check-in left open on an earlier day', () => {
  it('shows as present since that day to admin, HR, the manager and the person, and to nobody else', async () => {
    const ids = [org.employee.employeeId, org.outsider.employeeId];
    for (const who of [org.admin, org.hr, org.manager, org.employee]) {
      const { data, error } = await who.supabase.rpc('today_status', { p_employee_ids: ids });
      expect(error).toBeNull();
      const mine = (data as State[]).find((r) => r.employee_id === org.employee.employeeId);
      expect(mine).toMatchObject({ state: 'present', late: true, open_since: openDay });
    }
    const asAdmin = (await org.admin.supabase.rpc('today_status', { p_employee_ids: ids })).data as State[];
    expect(asAdmin.find((r) => r.employee_id === org.outsider.employeeId)).toMatchObject({
      state: 'absent',
      open_since: null,
    });
    // The outsider may not read the employee's attendance: no row for them.
    const asOutsider = await org.outsider.supabase.rpc('today_status', { p_employee_ids: ids });
    expect((asOutsider.data as State[]).map((r) => r.employee_id)).toEqual([org.outsider.employeeId]);
    const anon = await org.anon.rpc('today_status', { p_employee_ids: ids });
    expect(anon.error).not.toBeNull();
  });

  it("counts the person as present in their own portal's summary", async () => {
    const { data, error } = await org.employee.supabase.rpc('my_day_summary');
    expect(error).toBeNull();
    expect((data as Array<{ present: boolean }>)[0]).toMatchObject({ present: true });
  });

  it('refuses a check-in, and a check-out that would make it days long; a correction closes it', async () => {
    const again = await org.admin.supabase.rpc('check_in', {
      p_employee_id: org.employee.employeeId,
      p_source: 'manual',
      p_device: 'dashboard',
    });
    expect(again.error).toMatchObject({ message: 'punch.already_checked_in' });
    // Three days open is more than the maximum attendance duration (24 h): a punch cannot close it
    // (issue 23); the refusal says what to do and changes nothing.
    const out = await org.admin.supabase.rpc('check_out', { p_employee_id: org.employee.employeeId });
    expect(out.error).toMatchObject({ code: 'P0001', hint: 'attendance_open_too_long' });
    expect(out.error).toMatchObject({ message: 'punch.open_too_long' });
    expect(JSON.parse(out.error!.details)).toEqual({ day: openDay, hours: 24 });
    const open = await org.db.query<{ check_in: Date; check_out: string | null; status: string }>(
      'select check_in, check_out, status from public.attendances where id = $1',
      [openId],
    );
    expect(open.rows[0]).toMatchObject({ status: 'checked_in', check_out: null });
    // The manager corrects it with the real check-out time (8 h later).
    const fixed = await org.manager.supabase.rpc('correct_attendance', {
      p_employee_id: org.employee.employeeId,
      p_attendance_id: openId,
      p_check_in: open.rows[0]!.check_in.toISOString(),
      p_check_out: new Date(open.rows[0]!.check_in.getTime() + 8 * 3600_000).toISOString(),
      p_reason: 'Forgot to check out',
    });
    expect(fixed.error).toBeNull();
    const stored = await org.db.query<{ check_out: string | null; status: string; total_hours: string }>(
      'select check_out, status, total_hours from public.attendances where id = $1',
      [openId],
    );
    expect(stored.rows[0]).toMatchObject({ status: 'checked_out', total_hours: '8.00' });
    const { data } = await org.admin.supabase.rpc('today_status', {
      p_employee_ids: [org.employee.employeeId],
    });
    expect((data as State[])[0]).toMatchObject({ state: 'absent', open_since: null });
    const summary = await org.employee.supabase.rpc('my_day_summary');
    expect((summary.data as Array<{ present: boolean }>)[0]).toMatchObject({ present: false });
    const none = await org.admin.supabase.rpc('check_out', { p_employee_id: org.employee.employeeId });
    expect(none.error).toMatchObject({ message: 'punch.no_active_check_in' });
  });

  it('closes on check-out a record left open over a night, within the maximum', async () => {
    const night = (
      await org.db.query<{ id: string }>(
        `insert into public.attendances (employee_id, site_id, date, check_in, source)
         values ($1, $2, (app.now() - interval '10 hours')::date, app.now() - interval '10 hours', 'manual')
         returning id`,
        [org.outsider.employeeId, org.sites.us],
      )
    ).rows[0]!.id;
    const out = await org.admin.supabase.rpc('check_out', { p_employee_id: org.outsider.employeeId });
    expect(out.error).toBeNull();
    expect(out.data as { id: string; status: string }).toMatchObject({ id: night, status: 'checked_out' });
  });

  it('keeps a check-in of today as present with no open_since', async () => {
    const { error } = await org.employee.supabase.rpc('check_in', {
      p_employee_id: org.employee.employeeId,
      p_source: 'manual',
    });
    expect(error).toBeNull();
    const { data } = await org.manager.supabase.rpc('today_status', {
      p_employee_ids: [org.employee.employeeId],
    });
    expect((data as State[])[0]).toMatchObject({ state: 'present', open_since: null });
  });
});
