// A check-in left open on an earlier day (migration 20261123016000): today_status still says the
// person is in, with the open record's site-local day, to those who may read their attendance;
// check_in refuses 'Already Checked In' and check_out closes that very record.
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
       select $1, s.id, (now() at time zone s.time_zone)::date - 3,
         ((now() at time zone s.time_zone)::date - 3 + time '08:00') at time zone s.time_zone,
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

  it('refuses a check-in, and closes that record on check-out; then the person is absent today', async () => {
    const again = await org.admin.supabase.rpc('check_in', {
      p_employee_id: org.employee.employeeId,
      p_source: 'manual',
      p_device: 'dashboard',
    });
    expect(again.error).toMatchObject({ message: 'Already Checked In' });
    const out = await org.admin.supabase.rpc('check_out', { p_employee_id: org.employee.employeeId });
    expect(out.error).toBeNull();
    expect((out.data as { id: string }).id).toBe(openId);
    const stored = await org.db.query<{ check_out: string | null; status: string }>(
      'select check_out, status from public.attendances where id = $1',
      [openId],
    );
    expect(stored.rows[0]).toMatchObject({ status: 'checked_out' });
    expect(stored.rows[0]!.check_out).not.toBeNull();
    const { data } = await org.admin.supabase.rpc('today_status', {
      p_employee_ids: [org.employee.employeeId],
    });
    expect((data as State[])[0]).toMatchObject({ state: 'absent', open_since: null });
    const summary = await org.employee.supabase.rpc('my_day_summary');
    expect((summary.data as Array<{ present: boolean }>)[0]).toMatchObject({ present: false });
    const none = await org.admin.supabase.rpc('check_out', { p_employee_id: org.employee.employeeId });
    expect(none.error).toMatchObject({ message: 'No Active Check-In' });
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
