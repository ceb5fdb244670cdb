// Live attendance for the people allowed to see it, and the dashboard figures computed from data.
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Account, type Org } from './org.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
  // The dashboard figures below are for ordinary working days. A public holiday in the last two weeks
  // (US Thanksgiving at the end of November) is expected of nobody and changes every rate.
  await org.db.query('delete from public.holidays where date between app.today() - 15 and app.today() + 1');
});
afterAll(() => org?.stop());

type Row = { employee_id: string; status: string };

async function follow(account: Account) {
  const events: RealtimePostgresChangesPayload<Row>[] = [];
  await account.supabase.realtime.setAuth(
    (await account.supabase.auth.getSession()).data.session!.access_token,
  );
  const channel = account.supabase
    .channel(`attendances-${account.email}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'attendances' }, (p) =>
      events.push(p as RealtimePostgresChangesPayload<Row>),
    );
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) =>
      status === 'SUBSCRIBED'
        ? resolve()
        : status === 'CHANNEL_ERROR' || status === 'TIMED_OUT'
          ? reject(error ?? new Error(status))
          : undefined,
    ),
  );
  return events;
}

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('live attendance', () => {
  it("shows an admin a kiosk's check-in, and never shows an employee someone else's", async () => {
    const adminEvents = await follow(org.admin);
    const employeeEvents = await follow(org.employee);
    const { error } = await org.kioskUs.supabase.rpc('check_in', {
      p_employee_id: org.outsider.employeeId,
      p_source: 'fingerprint',
    });
    expect(error).toBeNull();
    await until(
      () => adminEvents.some((e) => (e.new as Row).employee_id === org.outsider.employeeId),
      "the admin's event",
    );
    // The employee's own check-in commits after; events arrive in commit order.
    await org.employee.supabase.rpc('check_in', {
      p_employee_id: org.employee.employeeId,
      p_source: 'fingerprint',
    });
    await until(() => employeeEvents.length >= 1, "the employee's own event");
    expect(employeeEvents.map((e) => (e.new as Row).employee_id)).toEqual([org.employee.employeeId]);
  });
});

describe('dashboard figures', () => {
  it("counts today's present, absent and late per site-local day, and scopes a manager to the team", async () => {
    // Start from a clean day: nobody has a record today.
    await org.db.query('delete from public.attendances');
    await org.admin.supabase.rpc('check_in', { p_employee_id: org.employee.employeeId });
    await org.admin.supabase.rpc('check_in', { p_employee_id: org.bfEmployee.employeeId });
    await org.db.query(`update public.attendances set punctuality = 'late' where employee_id = $1`, [
      org.bfEmployee.employeeId,
    ]);

    const all = await org.admin.supabase.rpc('attendance_summary');
    // Employees: admin, hr, manager, employee, outsider, bfEmployee (kiosks are not staff).
    expect(all.data).toEqual([
      {
        total_employees: 6,
        present: 2,
        absent: 4,
        late: 1,
        checked_out: 0,
        attendance_rate: 33.3,
        on_time_rate: 50,
        // The rate's own counts (2 of 6 expected), and nobody on leave.
        expected: 6,
        present_expected: 2,
        on_leave: 0,
      },
    ]);
    const team = await org.manager.supabase.rpc('attendance_summary');
    // The manager's department (Engineering): manager, employee, bfEmployee.
    expect(team.data).toEqual([
      {
        total_employees: 3,
        present: 2,
        absent: 1,
        late: 1,
        checked_out: 0,
        attendance_rate: 66.7,
        on_time_rate: 50,
        expected: 3,
        present_expected: 2,
        on_leave: 0,
      },
    ]);
    const own = await org.employee.supabase.rpc('attendance_summary');
    expect(own.data![0]).toMatchObject({ total_employees: 1, present: 1 });
  });

  it('expects nobody at a site whose country has a public holiday today: they are not absent', async () => {
    await org.db.query('delete from public.attendances');
    await org.admin.supabase.rpc('check_in', { p_employee_id: org.employee.employeeId });
    await org.admin.supabase.rpc('check_in', { p_employee_id: org.bfEmployee.employeeId });
    const usDay = "(app.now() at time zone 'America/Chicago')::date";
    await org.db.query(
      `insert into public.holidays (country, date, name) values ('US', ${usDay}, 'Test holiday')`,
    );
    try {
      const { data } = await org.admin.supabase.rpc('attendance_summary');
      // The four US staff who did not come are not absent; the one who came anyway is present. Only the
      // Ouagadougou employee was expected, and came.
      expect(data![0]).toMatchObject({ total_employees: 6, present: 2, absent: 0, attendance_rate: 100 });
    } finally {
      await org.db.query(`delete from public.holidays where country = 'US' and date = ${usDay}`);
    }
    const { data } = await org.admin.supabase.rpc('attendance_summary');
    expect(data![0]).toMatchObject({ present: 2, absent: 4 });
  });

  it('compares this week with last week from the records', async () => {
    await org.db.query('delete from public.attendances');
    // Two days of presence last week, one this week, for one employee.
    await org.db.query(
      `insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, source)
       select $1, $2, d, d + time '08:00', d + time '16:00', 'checked_out', 'manual'
       from (values ((app.now() at time zone 'America/Chicago')::date - 8), ((app.now() at time zone 'America/Chicago')::date - 9),
                    ((app.now() at time zone 'America/Chicago')::date - 1)) as v(d)`,
      [org.employee.employeeId, org.sites.us],
    );
    const { data, error } = await org.admin.supabase.rpc('attendance_week_comparison');
    expect(error).toBeNull();
    const present = data!.find((m: { measure: string }) => m.measure === 'present_days');
    expect(present).toEqual({ measure: 'present_days', this_week: 1, last_week: 2, change_percent: -50 });
  });

  it('lists missed check-ins and check-outs', async () => {
    await org.db.query('delete from public.attendances');
    // A shift that started two minutes ago, with no grace: already missed.
    await org.db.query(`update public.system_settings set late_threshold = 0`);
    const { rows } = await org.db.query(
      `select to_char(app.now() at time zone 'America/Chicago' - interval '2 minutes', 'HH24:MI') as start,
              to_char(app.now() at time zone 'America/Chicago' + interval '3 hours', 'HH24:MI') as finish,
              to_char(app.now() at time zone 'America/Chicago', 'Dy') as day`,
    );
    await org.admin.supabase.rpc('save_shift', {
      p_name: 'Now',
      p_start_time: rows[0].start,
      p_end_time: rows[0].finish,
      p_days_of_week: [rows[0].day],
      p_employee_ids: [org.outsider.employeeId],
    });
    // Yesterday's record never closed.
    await org.db.query(
      `insert into public.attendances (employee_id, site_id, date, check_in, source)
       values ($1, $2, (app.now() at time zone 'America/Chicago')::date - 1, app.now() - interval '30 hours', 'fingerprint')`,
      [org.employee.employeeId, org.sites.us],
    );
    const { data } = await org.hr.supabase.rpc('missed_punches');
    expect(data!.map((m: { kind: string; employee_id: string }) => [m.kind, m.employee_id])).toEqual([
      ['missed_check_in', org.outsider.employeeId],
      ['missed_check_out', org.employee.employeeId],
    ]);
    await org.db.query(`update public.system_settings set late_threshold = 15`);
  });
});
