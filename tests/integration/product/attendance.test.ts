// Check-in and check-out through the RPCs, as each role that may call them, and the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
});
afterAll(() => org?.stop());

const count = async (employeeId: string) =>
  Number(
    (await org.db.query('select count(*) from public.attendances where employee_id = $1', [employeeId]))
      .rows[0].count,
  );

describe('check_in and check_out', () => {
  it('checks an employee in and out, computing the local date and the hours in the database', async () => {
    const { data: inRow, error } = await org.employee.supabase.rpc('check_in', {
      p_employee_id: org.employee.employeeId,
      p_source: 'fingerprint',
      p_device: 'phone',
    });
    expect(error).toBeNull();
    expect(inRow).toMatchObject({
      status: 'checked_in',
      source: 'fingerprint',
      site_id: org.sites.us,
      total_hours: null,
    });
    const { data: outRow, error: outError } = await org.employee.supabase.rpc('check_out', {
      p_employee_id: org.employee.employeeId,
    });
    expect(outError).toBeNull();
    expect(outRow).toMatchObject({ id: inRow.id, status: 'checked_out', total_hours: 0 });
  });

  it("refuses a second check-in with the spec's message and changes nothing", async () => {
    await org.outsider.supabase.rpc('check_in', { p_employee_id: org.outsider.employeeId });
    const before = await count(org.outsider.employeeId);
    const { error } = await org.outsider.supabase.rpc('check_in', { p_employee_id: org.outsider.employeeId });
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'punch.already_checked_in',
    });
    expect(await count(org.outsider.employeeId)).toBe(before);
  });
});

describe('refusals change nothing', () => {
  const snapshot = async () =>
    (await org.db.query('select id, check_in, check_out, status from public.attendances order by id')).rows;

  it.each([
    [
      'check_out without an open record',
      'check_out',
      { p_employee_id: (): string | null => org.bfEmployee.employeeId },
      'punch.no_active_check_in',
      'admin',
    ],
    [
      'an unknown employee',
      'check_in',
      { p_employee_id: (): string | null => '00000000-0000-4000-8000-000000000000' },
      'employee.not_found',
      'admin',
    ],
    [
      'a missing employee id',
      'manual_entry',
      { p_employee_id: (): string | null => null },
      'employee.missing_id',
      'admin',
    ],
    [
      'a correction as a source',
      'check_in',
      {
        p_employee_id: (): string | null => org.bfEmployee.employeeId,
        p_source: (): string | null => 'correction',
      },
      'punch.use_correction',
      'admin',
    ],
  ] as const)('%s', async (_label, fn, args, message, role) => {
    const before = await snapshot();
    const params = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, v()]));
    const { error } = await org[role].supabase.rpc(fn, params);
    expect(error).toMatchObject({ code: 'P0001', message });
    expect(await snapshot()).toEqual(before);
  });

  it("answers 'Already checked out' to a second check-out on a closed day", async () => {
    const id = org.bfEmployee.employeeId;
    await org.admin.supabase.rpc('check_in', { p_employee_id: id });
    expect((await org.admin.supabase.rpc('check_out', { p_employee_id: id })).error).toBeNull();
    const before = await snapshot();
    const { error } = await org.admin.supabase.rpc('check_out', { p_employee_id: id });
    expect(error).toMatchObject({ code: 'P0001', message: 'punch.already_checked_out' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an employee punching for someone else, and a kiosk punching for another site', async () => {
    const before = await snapshot();
    const other = await org.employee.supabase.rpc('check_in', { p_employee_id: org.outsider.employeeId });
    expect(other.error).toMatchObject({ code: '42501', message: 'punch.own_only' });
    const kiosk = await org.kioskUs.supabase.rpc('check_in', {
      p_employee_id: org.bfEmployee.employeeId,
      p_source: 'fingerprint',
    });
    expect(kiosk.error).toMatchObject({
      code: '42501',
      message: 'punch.other_site',
    });
    const manual = await org.employee.supabase.rpc('manual_entry', {
      p_employee_id: org.employee.employeeId,
    });
    expect(manual.error).toMatchObject({ code: '42501' });
    const anon = await org.anon.rpc('check_in', { p_employee_id: org.employee.employeeId });
    expect(anon.error).toMatchObject({ code: '42501' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses corrections without a reason, outside the team, or with times in the wrong order', async () => {
    const before = await snapshot();
    const base = {
      p_employee_id: org.employee.employeeId,
      p_check_in: '2026-01-05T14:00:00Z',
      p_check_out: '2026-01-05T22:00:00Z',
    };
    expect(
      (await org.manager.supabase.rpc('correct_attendance', { ...base, p_reason: '  ' })).error,
    ).toMatchObject({
      message: 'attendance.reason_required',
    });
    expect(
      (
        await org.manager.supabase.rpc('correct_attendance', {
          ...base,
          p_employee_id: org.outsider.employeeId,
          p_reason: 'x',
        })
      ).error,
    ).toMatchObject({ code: '42501', message: 'attendance.correct_team_only' });
    expect(
      (
        await org.manager.supabase.rpc('correct_attendance', {
          ...base,
          p_check_out: '2026-01-05T13:00:00Z',
          p_reason: 'x',
        })
      ).error,
    ).toMatchObject({ message: 'punch.out_before_in' });
    expect(
      (await org.employee.supabase.rpc('correct_attendance', { ...base, p_reason: 'x' })).error,
    ).toMatchObject({ code: '42501' });
    expect(await snapshot()).toEqual(before);
  });
});

describe('corrections', () => {
  it('lets a manager add a missing day for the team, with the reason in the audit log', async () => {
    const { data, error } = await org.manager.supabase.rpc('correct_attendance', {
      p_employee_id: org.employee.employeeId,
      p_check_in: '2026-02-02T14:00:00Z',
      p_check_out: '2026-02-02T22:30:00Z',
      p_reason: 'Scanner was down',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      source: 'correction',
      total_hours: 8.5,
      date: '2026-02-02',
      correction_reason: 'Scanner was down',
    });
    const audit = await org.db.query(
      `select action, diff, actor from public.audit_logs where entity = 'attendances' and entity_id = $1`,
      [data.id],
    );
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'correction',
        actor: org.manager.userId,
        diff: expect.objectContaining({ reason: 'Scanner was down' }),
      }),
    ]);
    // Correcting the same record: the change and the reason are audited too.
    const fixed = await org.hr.supabase.rpc('correct_attendance', {
      p_attendance_id: data.id,
      p_employee_id: org.employee.employeeId,
      p_check_in: '2026-02-02T14:00:00Z',
      p_check_out: '2026-02-02T23:00:00Z',
      p_reason: 'Stayed late for inventory',
    });
    expect(fixed.data).toMatchObject({ total_hours: 9 });
    const second = await org.db.query(
      `select diff from public.audit_logs where entity = 'attendances' and entity_id = $1 order by id desc limit 1`,
      [data.id],
    );
    expect(second.rows[0].diff).toMatchObject({
      reason: 'Stayed late for inventory',
      check_out: { old: expect.any(String), new: expect.any(String) },
    });
  });

  it('refuses a correction that would overlap another record', async () => {
    const { error } = await org.admin.supabase.rpc('correct_attendance', {
      p_employee_id: org.employee.employeeId,
      p_check_in: '2026-02-02T20:00:00Z',
      p_check_out: '2026-02-02T21:00:00Z',
      p_reason: 'duplicate',
    });
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'attendance.overlaps',
    });
  });
});

describe('local dates and lateness', () => {
  it('gives the US and the BF site their own local date for the same instant', async () => {
    const instant = '2026-03-10T03:30:00Z'; // 22:30 on the 9th in Chicago (CDT), 03:30 on the 10th in Ouagadougou
    const us = await org.admin.supabase.rpc('correct_attendance', {
      p_employee_id: org.outsider.employeeId,
      p_check_in: instant,
      p_check_out: '2026-03-10T04:00:00Z',
      p_reason: 'test',
    });
    const bf = await org.admin.supabase.rpc('correct_attendance', {
      p_employee_id: org.bfEmployee.employeeId,
      p_check_in: instant,
      p_check_out: '2026-03-10T04:00:00Z',
      p_reason: 'test',
    });
    expect(us.data.date).toBe('2026-03-09');
    expect(bf.data.date).toBe('2026-03-10');
  });

  it('marks late only after the shift start plus the late threshold, night shifts included', async () => {
    const punctuality = async (employeeId: string, tz: string, at: string) =>
      (await org.db.query('select app.punctuality_at($1, $2, $3) as p', [employeeId, tz, at])).rows[0].p;
    const id = org.employee.employeeId;
    const { error } = await org.admin.supabase.rpc('save_shift', {
      p_name: 'Night',
      p_start_time: '22:00',
      p_end_time: '06:00',
      p_days_of_week: ['Mon'],
      p_employee_ids: [id],
    });
    expect(error).toBeNull();
    const tz = 'America/Chicago';
    // Monday 2026-03-02, 22:00 Chicago = 2026-03-03T04:00Z; threshold 15 minutes.
    expect(await punctuality(id, tz, '2026-03-03T04:15:00Z')).toBe('on_time');
    expect(await punctuality(id, tz, '2026-03-03T04:15:01Z')).toBe('late');
    expect(await punctuality(id, tz, '2026-03-03T03:30:00Z')).toBe('on_time'); // early
    // After midnight (00:30 Tuesday local) it is still Monday's shift, and late.
    expect(await punctuality(id, tz, '2026-03-03T06:30:00Z')).toBe('late');
    // Tuesday evening has no shift: nothing to be late for.
    expect(await punctuality(id, tz, '2026-03-04T05:00:00Z')).toBe('on_time');
    // The threshold comes from the settings.
    await org.admin.supabase.from('system_settings').update({ late_threshold: 30 }).eq('id', 'default');
    expect(await punctuality(id, tz, '2026-03-03T04:20:00Z')).toBe('on_time');
    await org.admin.supabase.from('system_settings').update({ late_threshold: 15 }).eq('id', 'default');
  });

  it('records a live check-in as late when the assigned shift started more than the threshold ago', async () => {
    // A shift that started two minutes ago, with a zero threshold.
    await org.db.query(`update public.system_settings set late_threshold = 0`);
    const { rows } = await org.db.query(
      `select to_char(app.now() at time zone 'Africa/Ouagadougou' - interval '2 minutes', 'HH24:MI') as start,
              to_char(app.now() at time zone 'Africa/Ouagadougou' + interval '4 hours', 'HH24:MI') as finish,
              to_char(app.now() at time zone 'Africa/Ouagadougou', 'Dy') as day`,
    );
    const { start, finish, day } = rows[0];
    const created = await org.admin.supabase.rpc('save_shift', {
      p_name: 'Live',
      p_start_time: start,
      p_end_time: finish,
      p_days_of_week: [day],
      p_employee_ids: [org.bfEmployee.employeeId],
    });
    expect(created.error).toBeNull();
    await org.db.query(
      "update public.attendances set check_out = check_in + interval '1 minute', status = 'checked_out' where employee_id = $1 and check_out is null",
      [org.bfEmployee.employeeId],
    );
    // Three minutes on: a kiosk press within a minute of the last punch is 'already recorded' (one-tap.test.ts).
    await org.db.query("select public.set_test_clock(app.now() + interval '3 minutes', false)");
    const { data, error } = await org.kioskBf.supabase.rpc('check_in', {
      p_employee_id: org.bfEmployee.employeeId,
      p_source: 'fingerprint',
      p_device: 'kiosk-1',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      punctuality: 'late',
      source: 'fingerprint',
      kiosk_id: org.kioskBf.employeeId,
    });
    await org.db.query(`update public.system_settings set late_threshold = 15`);
  });
});

describe('concurrency', () => {
  it('lets exactly one of 50 simultaneous check-ins of one employee through', async () => {
    const id = org.outsider.employeeId;
    await org.db.query(
      `update public.attendances set check_out = app.now(), status = 'checked_out' where employee_id = $1 and check_out is null`,
      [id],
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, () => org.admin.supabase.rpc('check_in', { p_employee_id: id })),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    const refused = results.filter((r) => r.error !== null);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.error).toMatchObject({ message: 'punch.already_checked_in' });
    const open = await org.db.query(
      'select count(*) from public.attendances where employee_id = $1 and check_out is null',
      [id],
    );
    expect(Number(open.rows[0].count)).toBe(1);
  });

  it('records 200 simultaneous check-ins of 200 employees', async () => {
    const { rows } = await org.db.query(
      `insert into public.employees (first_name, last_name, email, site_id)
       select 'Worker', n::text, 'worker' || n || '@org.test', $1 from generate_series(1, 200) n returning id`,
      [org.sites.bf],
    );
    const results = await Promise.all(
      rows.map((r) => org.kioskBf.supabase.rpc('check_in', { p_employee_id: r.id, p_source: 'fingerprint' })),
    );
    expect(results.filter((r) => r.error)).toEqual([]);
    const count = await org.db.query(
      `select count(*) from public.attendances a join public.employees e on e.id = a.employee_id where e.email like 'worker%@org.test'`,
    );
    expect(Number(count.rows[0].count)).toBe(200);
  });
});

describe('separation of duties on people', () => {
  it("does not let a manager correct their own attendance or change a team member's salary", async () => {
    const own = await org.manager.supabase.rpc('correct_attendance', {
      p_employee_id: org.manager.employeeId,
      p_check_in: '2026-02-03T14:00:00Z',
      p_check_out: '2026-02-04T02:00:00Z',
      p_reason: 'overtime',
    });
    expect(own.error).toMatchObject({ code: '42501', message: 'attendance.correct_own' });
    const salary = await org.manager.supabase
      .from('employees')
      .update({ salary: 99999 })
      .eq('id', org.employee.employeeId)
      .select();
    expect(salary.error).toMatchObject({ code: '42501', message: 'employee.salary_staff_only' });
    const { rows } = await org.db.query('select salary from public.employees where id = $1', [
      org.employee.employeeId,
    ]);
    expect(rows[0].salary).toBeNull();
  });
});
