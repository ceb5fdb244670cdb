// The daily screens' database functions (migration 20261123003000), as each role, refused ones
// included: the week's performance, Today's Summary of the employee portal, who is in today, a
// record's correction history, and the settings toggle that silences the workflows' notifications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;
let shiftId: string;
beforeAll(async () => {
  org = await createOrg();
  const db = org.db;
  await db.query(`update public.employees set joining_date = app.today() - 30 where role <> 'kiosk'`);
  // The figures below are for ordinary working days. A public holiday in the last two weeks (US
  // Thanksgiving at the end of November) is expected of nobody and changes every rate.
  await db.query('delete from public.holidays where date between app.today() - 15 and app.today() + 1');
  // The employee works a shift every day with a 40-minute break, 8 h 20 min long: 7 h 40 planned.
  shiftId = (
    await db.query<{ id: string }>(
      `insert into public.shifts (name, site_id, start_time, end_time, break_duration, days_of_week)
       values ('Daily fixture', $1, '00:00', '08:20', 40, array['Mon','Tue','Wed','Thu','Fri','Sat','Sun']) returning id`,
      [org.sites.us],
    )
  ).rows[0]!.id;
  await db.query('insert into public.shift_assignments (shift_id, employee_id) values ($1, $2)', [
    shiftId,
    org.employee.employeeId,
  ]);
  // Two closed days in the last week for the employee (one late), one for the outsider.
  const record = (employee: string, daysAgo: number, hours: number, late: boolean) =>
    db.query(
      `insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, punctuality, source)
       select $1, s.id, (app.now() at time zone s.time_zone)::date - $2::int,
         ((app.now() at time zone s.time_zone)::date - $2::int + time '00:05') at time zone s.time_zone,
         ((app.now() at time zone s.time_zone)::date - $2::int + time '00:05') at time zone s.time_zone + make_interval(hours => $3::int),
         'checked_out', $4, 'manual'
       from public.sites s where s.id = $5`,
      [employee, daysAgo, hours, late ? 'late' : 'on_time', org.sites.us],
    );
  await record(org.employee.employeeId, 1, 6, false);
  await record(org.employee.employeeId, 2, 7, true);
  await record(org.outsider.employeeId, 1, 8, false);
});
afterAll(() => org?.stop());

/** What attendance_days says for these people over the last 7 site-local days, as the trusted owner. */
async function truth(ids: string[]) {
  const { rows } = await org.db.query<{
    expected: string;
    present: string;
    late: string;
    hours: string;
    scheduled: string;
    expected_present: string;
  }>(
    `select count(*) filter (where expected) as expected, count(*) filter (where present) as present,
       count(*) filter (where late) as late, coalesce(sum(hours), 0) as hours,
       coalesce(sum(scheduled_hours), 0) as scheduled,
       count(*) filter (where expected and present) as expected_present
     from public.sites s
     cross join lateral app.attendance_days((app.now() at time zone s.time_zone)::date - 6,
       (app.now() at time zone s.time_zone)::date, null, s.id, $1::uuid[]) ad`,
    [ids],
  );
  const r = rows[0]!;
  const pct = (a: number, b: number) => (b === 0 ? 0 : Math.round((1000 * a) / b) / 10);
  return {
    attendance_rate: pct(Number(r.expected_present), Number(r.expected)),
    productivity: pct(Number(r.hours), Number(r.scheduled)),
    on_time_rate: pct(Number(r.present) - Number(r.late), Number(r.present)),
    hours_worked: Number(r.hours),
  };
}

describe('performance_week', () => {
  it('gives the manager the figures of their team and themselves, and the employee their own', async () => {
    const rowOf = async (who: Org['admin']) => {
      const { data, error } = await who.supabase.rpc('performance_week');
      expect(error).toBeNull();
      const r = (data as Record<string, number>[])[0]!;
      return {
        attendance_rate: Number(r.attendance_rate),
        productivity: Number(r.productivity),
        on_time_rate: Number(r.on_time_rate),
        hours_worked: Number(r.hours_worked),
      };
    };
    // The manager's team: the Engineering department at both sites, the manager included.
    expect(await rowOf(org.manager)).toEqual(
      await truth([org.manager.employeeId, org.employee.employeeId, org.bfEmployee.employeeId]),
    );
    const mine = await rowOf(org.employee);
    expect(mine).toEqual(await truth([org.employee.employeeId]));
    // Productivity: 13 h worked of 7 days × 7 h 40 planned; on time: 1 of 2 days present.
    expect(mine.productivity).toBe(Math.round((1000 * 13) / (7 * (7 + 40 / 60))) / 10);
    expect(mine.on_time_rate).toBe(50);
    const admin = await rowOf(org.admin);
    expect(admin.hours_worked).toBe(21);
  });

  it('gives a kiosk nothing and refuses anonymous callers', async () => {
    const { data } = await org.kioskUs.supabase.rpc('performance_week');
    expect(Number((data as { hours_worked: number }[])[0]!.hours_worked)).toBe(0);
    const anon = await org.anon.rpc('performance_week');
    expect(anon.error).not.toBeNull();
  });
});

describe('my_day_summary', () => {
  it("gives the employee today's figures and the break of today's shift", async () => {
    const { data, error } = await org.employee.supabase.rpc('my_day_summary');
    expect(error).toBeNull();
    const r = (
      data as { present: boolean; hours_week: number; break_minutes: number; shift_names: string[] }[]
    )[0]!;
    expect(r.present).toBe(false);
    expect(Number(r.hours_week)).toBe(13);
    expect(r.break_minutes).toBe(40);
    expect(r.shift_names).toEqual(['Daily fixture']);
  });

  it('falls back to the settings break without a shift', async () => {
    const { data } = await org.outsider.supabase.rpc('my_day_summary');
    const r = (data as { break_minutes: number; hours_week: number }[])[0]!;
    expect(r.break_minutes).toBe(60);
    expect(Number(r.hours_week)).toBe(8);
  });
});

describe('today_status', () => {
  it('shows who is in, and only to those who may read their attendance', async () => {
    const { error } = await org.employee.supabase.rpc('check_in', {
      p_employee_id: org.employee.employeeId,
      p_source: 'manual',
    });
    expect(error).toBeNull();
    const ids = [org.employee.employeeId, org.outsider.employeeId];
    const asAdmin = await org.admin.supabase.rpc('today_status', { p_employee_ids: ids });
    const states = Object.fromEntries(
      (asAdmin.data as { employee_id: string; state: string }[]).map((r) => [r.employee_id, r.state]),
    );
    expect(states).toEqual({ [org.employee.employeeId]: 'present', [org.outsider.employeeId]: 'absent' });
    const asEmployee = await org.employee.supabase.rpc('today_status', { p_employee_ids: ids });
    expect((asEmployee.data as { employee_id: string }[]).map((r) => r.employee_id)).toEqual([
      org.employee.employeeId,
    ]);
  });
});

describe('corrections and their history', () => {
  it('refuses a correction without a reason, records one with it, and shows it to admin, HR and the manager only', async () => {
    const record = (
      await org.db.query<{ id: string; check_in: string }>(
        `select id, check_in from public.attendances where employee_id = $1 order by check_in limit 1`,
        [org.employee.employeeId],
      )
    ).rows[0]!;
    const checkIn = new Date(record.check_in);
    const args = {
      p_employee_id: org.employee.employeeId,
      p_check_in: new Date(checkIn.getTime() - 10 * 60_000).toISOString(),
      p_check_out: new Date(checkIn.getTime() + 6 * 3600_000).toISOString(),
      p_attendance_id: record.id,
    };
    const missing = await org.hr.supabase.rpc('correct_attendance', { ...args, p_reason: '  ' });
    expect(missing.error?.message).toBe('attendance.reason_required');
    const done = await org.hr.supabase.rpc('correct_attendance', { ...args, p_reason: 'Badge forgotten' });
    expect(done.error).toBeNull();

    for (const who of [org.admin, org.hr, org.manager]) {
      const { data, error } = await who.supabase.rpc('attendance_history', { p_attendance_id: record.id });
      expect(error).toBeNull();
      const entries = data as { actor_name: string; action: string; diff: { reason: string } }[];
      expect(entries[0]).toMatchObject({ actor_name: 'Hr Test', action: 'correction' });
      expect(entries[0]!.diff.reason).toBe('Badge forgotten');
    }
    for (const who of [org.employee, org.outsider]) {
      const { error } = await who.supabase.rpc('attendance_history', { p_attendance_id: record.id });
      expect(error?.message).toBe('attendance.history_denied');
    }
  });

  it('refuses manual entry for others to an employee and a manager', async () => {
    for (const who of [org.employee, org.manager]) {
      const { error } = await who.supabase.rpc('manual_entry', { p_employee_id: org.outsider.employeeId });
      expect(error?.message).toBe('punch.manual_staff_only');
    }
  });
});

describe('the notifications setting', () => {
  const decideRequest = async () => {
    const request = (
      await org.db.query<{ id: string }>(
        `insert into public.role_requests (employee_id, requested_role) values ($1, 'manager') returning id`,
        [org.outsider.employeeId],
      )
    ).rows[0]!.id;
    const { error } = await org.admin.supabase.rpc('decide_role_request', {
      p_request_id: request,
      p_approve: false,
    });
    expect(error).toBeNull();
  };
  const count = async () =>
    Number(
      (
        await org.db.query<{ n: string }>(
          'select count(*) as n from public.notifications where employee_id = $1',
          [org.outsider.employeeId],
        )
      ).rows[0]!.n,
    );

  it('off: the workflows create no notification, a message sent on purpose still arrives', async () => {
    await org.db.query(`update public.system_settings set notifications = false where id = 'default'`);
    const before = await count();
    await decideRequest();
    expect(await count()).toBe(before);
    const sent = await org.hr.supabase
      .from('notifications')
      .insert({ employee_id: org.outsider.employeeId, message: 'Please see HR' });
    expect(sent.error).toBeNull();
    expect(await count()).toBe(before + 1);
  });

  it('on: the workflow notifies', async () => {
    await org.db.query(`update public.system_settings set notifications = true where id = 'default'`);
    const before = await count();
    await decideRequest();
    expect(await count()).toBe(before + 1);
  });

  it('a manager may only notify their team', async () => {
    const own = await org.manager.supabase
      .from('notifications')
      .insert({ employee_id: org.employee.employeeId, message: 'Team meeting at 3' });
    expect(own.error).toBeNull();
    const other = await org.manager.supabase
      .from('notifications')
      .insert({ employee_id: org.outsider.employeeId, message: 'Hello' });
    expect(other.error).not.toBeNull();
  });
});

describe("the portal's own-finger roster", () => {
  it('gives an employee and a manager their own row only, HR none, a kiosk its site', async () => {
    const ids = async (who: Org['admin']) => {
      const { data, error } = await who.supabase.rpc('kiosk_roster');
      expect(error).toBeNull();
      return (data as { employee_id: string }[]).map((r) => r.employee_id);
    };
    expect(await ids(org.employee)).toEqual([org.employee.employeeId]);
    expect(await ids(org.manager)).toEqual([org.manager.employeeId]);
    expect(await ids(org.hr)).toEqual([]);
    const kiosk = await ids(org.kioskUs);
    expect(kiosk).toContain(org.employee.employeeId);
    expect(kiosk).not.toContain(org.bfEmployee.employeeId);
    const version = await org.employee.supabase.rpc('kiosk_roster_version');
    expect(typeof version.data).toBe('string');
  });
});
