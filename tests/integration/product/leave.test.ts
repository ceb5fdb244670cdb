// Leave (issue 27) and expected presence (issue 25 item 4), as each role: the ledger's worked
// examples citing the rule they follow, the request workflow with its refusals (each showing that
// nothing changed), who sees what, HR recording after the fact, and the one definition of who is
// expected: a day of approved leave is 'leave', a holiday is the holiday, neither is absent.
// The clock is pinned at Wednesday 2026-11-18 (tests/clock.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinClock, PINNED_AT } from '../../clock.ts';
import type { Database } from '../../../src/data/database.types.ts';
import { createOrg, type Org } from './org.ts';

type Returns<F extends keyof Database['public']['Functions']> = Database['public']['Functions'][F]['Returns'];

let org: Org;
beforeAll(async () => {
  org = await createOrg();
  await org.db.query(`update public.employees set joining_date = '2025-01-05' where id = any ($1)`, [
    [org.employee.employeeId, org.outsider.employeeId, org.manager.employeeId, org.bfEmployee.employeeId],
  ]);
}, 120_000);
afterAll(() => org?.stop());

const rows = async <T extends object>(sql: string, params: unknown[] = []) =>
  (await org.db.query<T & Record<string, unknown>>(sql, params)).rows;
const num = (v: unknown) => Number(v);

/** A person written directly (no account), for the ledger's worked examples. */
async function fixturePerson(site: string, joining: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    `insert into public.employees (first_name, last_name, email, site_id, joining_date)
     values ('Ledger', 'Example', $1, $2, $3) returning id`,
    [`ledger.${joining}.${Math.random().toString(36).slice(2)}@fixture.test`, site, joining],
  );
  return row!.id;
}
const balance = async (id: string, type: string, day: string) =>
  num((await rows<{ b: string }>('select app.leave_balance($1, $2, $3) as b', [id, type, day]))[0]!.b);
const ledger = (id: string, type: string, day: string) =>
  rows<{ day: string; kind: string; amount: string }>(
    `select to_char(day, 'YYYY-MM-DD') as day, kind, amount::text from app.leave_ledger($1, $2, $3) order by day, seq`,
    [id, type, day],
  );

describe('the ledger: worked examples', () => {
  it('Burkina Faso: 2.5 days per completed month of service (Code du travail, loi 028-2008/AN), from the joining day', async () => {
    // Joined on 31 January: the first month of service is completed on 28 February (no 31st).
    const p = await fixturePerson(org.sites.bf, '2025-01-31');
    expect(await balance(p, 'annual', '2025-02-27')).toBe(0);
    expect(await balance(p, 'annual', '2025-02-28')).toBe(2.5);
    // Twelve months: 30 calendar days, the law's yearly leave.
    expect(await balance(p, 'annual', '2026-01-31')).toBe(30);
    // Joined mid-month (the 15th): months of service run 15th to 15th.
    const q = await fixturePerson(org.sites.bf, '2025-01-15');
    expect(await balance(q, 'annual', '2025-02-14')).toBe(0);
    expect(await balance(q, 'annual', '2025-03-15')).toBe(5);
  });

  it('Burkina Faso: seniority adds 2 days from 20 years of service, granted at each anniversary', async () => {
    const p = await fixturePerson(org.sites.bf, '2005-03-01');
    const extra = (await ledger(p, 'annual', '2026-03-01')).filter((r) => r.kind === 'seniority');
    expect(extra).toEqual([
      { day: '2025-03-01', kind: 'seniority', amount: '2' },
      { day: '2026-03-01', kind: 'seniority', amount: '2' },
    ]);
  });

  it('Burkina Faso family events: 10 days a year, what is unused expires at the anniversary (carry-over 0)', async () => {
    const p = await fixturePerson(org.sites.bf, '2025-01-15');
    expect(await balance(p, 'family_event', '2025-01-15')).toBe(10);
    const at = await ledger(p, 'family_event', '2026-01-15');
    expect(at.map((r) => [r.day, r.kind, num(r.amount)])).toEqual([
      ['2025-01-15', 'grant', 10],
      ['2026-01-15', 'expiry', -10],
      ['2026-01-15', 'grant', 10],
    ]);
    expect(await balance(p, 'family_event', '2026-01-15')).toBe(10);
  });

  it('Chicago: 1 hour per 35 hours worked, at most 40 a year; 16 paid-leave and 80 sick hours carry over', async () => {
    const p = await fixturePerson(org.sites.us, '2025-07-01');
    // 7 days of 20 h in July (140 h), every day of August and September (620 h, 600 h), 10 days in
    // October (200 h): cumulated 140, 760, 1360, 1560 h, i.e. 4, 21, 38, 44 -> capped at 40.
    const days = `(select d::date from generate_series('2025-07-02'::date, '2025-07-08', '1 day') d
      union all select d::date from generate_series('2025-08-01'::date, '2025-09-30', '1 day') d
      union all select d::date from generate_series('2025-10-01'::date, '2025-10-10', '1 day') d)`;
    await org.db.query(
      `insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, punctuality, source)
       select $1, $2, x.d, x.d + time '06:00' at time zone 'UTC', x.d + time '06:00' at time zone 'UTC' + interval '20 hours', 'checked_out', 'on_time', 'manual'
       from ${days} x (d)`,
      [p, org.sites.us],
    );
    const accruals = (await ledger(p, 'annual', '2025-12-31')).filter((r) => r.kind === 'accrual');
    expect(accruals.map((r) => [r.day, num(r.amount)])).toEqual([
      ['2025-07-31', 4],
      ['2025-08-31', 17],
      ['2025-09-30', 17],
      ['2025-10-31', 2],
    ]);
    // 8 hours taken in December; at the anniversary (1 July 2026) 32 remain, 16 carry over.
    await org.db.query(
      `insert into public.leave_requests (employee_id, leave_type, start_date, end_date, amount, unit, status)
       values ($1, 'annual', '2025-12-15', '2025-12-15', 8, 'hours', 'approved')`,
      [p],
    );
    expect(await balance(p, 'annual', '2026-06-30')).toBe(32);
    expect(await balance(p, 'annual', '2026-07-01')).toBe(16);
    // Sick leave accrues the same way and its cap (80) is above what is left: nothing expires.
    expect(await balance(p, 'sick', '2026-07-01')).toBe(40);
  });
});

describe('requests and decisions', () => {
  const emp = () => org.employee.supabase;
  let requestId = '';

  it('HR adjusts a balance with a reason (audited); the refused adjustments change nothing', async () => {
    const bad = [
      [org.manager.supabase, 40, 'Opening balance', 'leave.adjust_denied'],
      [org.employee.supabase, 40, 'Opening balance', 'leave.adjust_denied'],
      [org.hr.supabase, 40, '  ', 'leave.reason_required'],
      [org.hr.supabase, 0, 'Opening balance', 'leave.adjustment_out_of_range'],
      [org.hr.supabase, 1e6, 'Opening balance', 'leave.adjustment_out_of_range'],
      [org.hr.supabase, 'NaN', 'Opening balance', 'leave.adjustment_out_of_range'],
      [org.hr.supabase, 'Infinity', 'Opening balance', 'leave.adjustment_out_of_range'],
    ] as const;
    for (const [who, amount, reason, code] of bad) {
      const { error } = await who.rpc('adjust_leave_balance', {
        p_employee_id: org.employee.employeeId,
        p_leave_type: 'annual',
        p_amount: amount as number,
        p_reason: reason,
      });
      expect(error?.message).toBe(code);
    }
    expect((await rows('select 1 from public.leave_adjustments')).length).toBe(0);
    const { error } = await org.hr.supabase.rpc('adjust_leave_balance', {
      p_employee_id: org.employee.employeeId,
      p_leave_type: 'annual',
      p_amount: 40,
      p_reason: 'Opening balance',
    });
    expect(error).toBeNull();
    const audit = await rows(`select 1 from public.audit_logs where entity = 'leave_adjustments'`);
    expect(audit.length).toBe(1);
  });

  it('the employee sees what two days cost and their balance before sending', async () => {
    const { data, error } = await emp().rpc('leave_quote', {
      p_leave_type: 'annual',
      p_start: '2026-11-23',
      p_end: '2026-11-24',
    });
    expect(error).toBeNull();
    // The default day is 9 h less a 1 h break (system_settings): two weekdays cost 16 hours.
    expect(data![0]).toMatchObject({ amount: 16, unit: 'hours', available: 40, tracked: true });
  });

  it('the employee requests two days; the manager is notified', async () => {
    const { data, error } = await emp().rpc('request_leave', {
      p_leave_type: 'annual',
      p_start: '2026-11-23',
      p_end: '2026-11-24',
      p_note: 'Family visit',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'pending', amount: 16, unit: 'hours' });
    requestId = data!.id;
    const note = await rows<{ code: string; params: { request_id: string } }>(
      `select code, params from public.notifications where employee_id = $1`,
      [org.manager.employeeId],
    );
    expect(note.map((n) => n.code)).toContain('leave.requested');
  });

  it('refuses overlaps, over-balance, half days where not allowed, bad dates, the past and others', async () => {
    const before = (await rows('select 1 from public.leave_requests')).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ p_leave_type: 'annual', p_start: '2026-11-24', p_end: '2026-11-24' }, 'leave.overlaps'],
      [{ p_leave_type: 'unpaid', p_start: '2026-11-20', p_end: '2026-11-23' }, 'leave.overlaps'],
      [{ p_leave_type: 'annual', p_start: '2026-12-01', p_end: '2026-12-31' }, 'leave.over_balance_hours'],
      [{ p_leave_type: 'sick', p_start: '2026-12-01', p_end: '2026-12-01' }, 'leave.over_balance_hours'],
      [
        { p_leave_type: 'maternity', p_start: '2026-12-01', p_end: '2026-12-01', p_half_day: 'am' },
        'leave.half_day_not_allowed',
      ],
      [
        { p_leave_type: 'unpaid', p_start: '2026-12-01', p_end: '2026-12-02', p_half_day: 'am' },
        'leave.half_day_single_day',
      ],
      [{ p_leave_type: 'unpaid', p_start: '2026-12-03', p_end: '2026-12-01' }, 'leave.dates_out_of_range'],
      [{ p_leave_type: 'unpaid', p_start: '2026-12-01', p_end: '2028-12-01' }, 'leave.dates_out_of_range'],
      [{ p_leave_type: 'unpaid', p_start: '2026-11-17', p_end: '2026-11-17' }, 'leave.in_the_past'],
      [{ p_leave_type: 'unpaid', p_start: '2026-11-28', p_end: '2026-11-29' }, 'leave.no_working_day'],
      [
        { p_leave_type: 'no_such_type', p_start: '2026-12-01', p_end: '2026-12-01' },
        'leave.type_not_offered',
      ],
      [
        {
          p_leave_type: 'unpaid',
          p_start: '2026-12-01',
          p_end: '2026-12-01',
          p_employee_id: org.outsider.employeeId,
        },
        'leave.not_yours',
      ],
    ];
    for (const [args, code] of cases) {
      const { error } = await emp().rpc('request_leave', args as never);
      expect(error?.message, JSON.stringify(args)).toBe(code);
    }
    const { error: kiosk } = await org.kioskUs.supabase.rpc('request_leave', {
      p_leave_type: 'unpaid',
      p_start: '2026-12-01',
      p_end: '2026-12-01',
    });
    expect(kiosk?.message).toBe('leave.not_yours');
    // Nobody writes the table directly, not even its owner.
    const direct = await emp().from('leave_requests').insert({
      employee_id: org.employee.employeeId,
      leave_type: 'annual',
      start_date: '2026-12-01',
      end_date: '2026-12-01',
      amount: 0,
      unit: 'days',
      status: 'approved',
    });
    expect(direct.error).not.toBeNull();
    await emp().from('leave_requests').update({ status: 'approved' }).eq('id', requestId);
    expect((await rows('select 1 from public.leave_requests')).length).toBe(before);
    expect(
      (await rows(`select status from public.leave_requests where id = $1`, [requestId]))[0]!.status,
    ).toBe('pending');
  });

  it('who sees the request: the person, their manager, HR; not another employee', async () => {
    const sees = async (who: Org['admin']) =>
      ((await who.supabase.from('leave_requests').select('id').eq('id', requestId)).data ?? []).length;
    expect(await sees(org.employee)).toBe(1);
    expect(await sees(org.manager)).toBe(1);
    expect(await sees(org.hr)).toBe(1);
    expect(await sees(org.admin)).toBe(1);
    expect(await sees(org.outsider)).toBe(0);
    expect(await sees(org.bfEmployee)).toBe(0);
    const { error } = await org.outsider.supabase.rpc('leave_balances', {
      p_employee_id: org.employee.employeeId,
    });
    expect(error?.message).toBe('leave.request_not_found');
  });

  it('only the manager, HR or an admin decide; never the person; the manager approves and the balance follows', async () => {
    for (const [who, code] of [
      [org.employee, 'leave.own_request'],
      [org.outsider, 'leave.request_not_found'],
      [org.bfEmployee, 'leave.request_not_found'],
    ] as const) {
      const { error } = await who.supabase.rpc('decide_leave', { p_request_id: requestId, p_approve: true });
      expect(error?.message).toBe(code);
    }
    expect(
      (await rows(`select status from public.leave_requests where id = $1`, [requestId]))[0]!.status,
    ).toBe('pending');
    const { data, error } = await org.manager.supabase.rpc('decide_leave', {
      p_request_id: requestId,
      p_approve: true,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'approved', decided_by: org.manager.employeeId });
    const again = await org.hr.supabase.rpc('decide_leave', {
      p_request_id: requestId,
      p_approve: false,
      p_reason: 'x',
    });
    expect(again.error?.message).toBe('leave.not_pending');
    const notes = await rows<{ code: string }>(
      `select code from public.notifications where employee_id = $1`,
      [org.employee.employeeId],
    );
    expect(notes.map((n) => n.code)).toContain('leave.approved');
    expect(
      (await rows(`select 1 from public.audit_logs where entity = 'leave_requests' and action = 'approve'`))
        .length,
    ).toBe(1);
    const { data: bal } = await emp().rpc('leave_balances', { p_as_of: '2026-11-23' });
    expect((bal as Returns<'leave_balances'>).find((b) => b.leave_type === 'annual')).toMatchObject({
      balance: 24,
      pending: 0,
    });
    const { data: lines } = await emp().rpc('leave_ledger', {
      p_employee_id: org.employee.employeeId,
      p_leave_type: 'annual',
      p_as_of: '2026-11-23',
    });
    expect((lines as Returns<'leave_ledger'>).map((l) => [l.kind, l.amount, l.balance])).toEqual([
      ['adjustment', 40, 40],
      ['taken', -16, 24],
    ]);
  });

  it('a rejection needs a reason, which the person reads', async () => {
    const { data } = await emp().rpc('request_leave', {
      p_leave_type: 'unpaid',
      p_start: '2026-11-30',
      p_end: '2026-11-30',
      p_half_day: 'am',
    });
    const none = await org.manager.supabase.rpc('decide_leave', { p_request_id: data!.id, p_approve: false });
    expect(none.error?.message).toBe('leave.reason_required');
    const { error } = await org.manager.supabase.rpc('decide_leave', {
      p_request_id: data!.id,
      p_approve: false,
      p_reason: 'Inventory day',
    });
    expect(error).toBeNull();
    const [note] = await rows<{ params: { reason: string } }>(
      `select params from public.notifications where employee_id = $1 and code = 'leave.rejected'`,
      [org.employee.employeeId],
    );
    expect(note!.params.reason).toBe('Inventory day');
  });

  it('the person cancels before the start; not someone else, not after it started', async () => {
    const { data } = await emp().rpc('request_leave', {
      p_leave_type: 'unpaid',
      p_start: '2026-12-02',
      p_end: '2026-12-02',
    });
    const other = await org.outsider.supabase.rpc('cancel_leave', { p_request_id: data!.id });
    expect(other.error?.message).toBe('leave.request_not_found');
    const mgr = await org.manager.supabase.rpc('cancel_leave', { p_request_id: data!.id });
    expect(mgr.error?.message).toBe('leave.not_yours');
    const { data: cancelled, error } = await emp().rpc('cancel_leave', { p_request_id: data!.id });
    expect(error).toBeNull();
    expect(cancelled!.status).toBe('cancelled');
    const twice = await emp().rpc('cancel_leave', { p_request_id: data!.id });
    expect(twice.error?.message).toBe('leave.not_cancellable');
  });
});

describe('HR after the fact, and expected presence', () => {
  it("HR records yesterday's sick leave: approved at once, the person told, yesterday no longer absent", async () => {
    const day = '2026-11-17';
    const absentBefore = await rows<{ absent: boolean }>(
      `select absent from app.attendance_days($1, $1, null, null, array[$2]::uuid[])`,
      [day, org.bfEmployee.employeeId],
    );
    expect(absentBefore[0]!.absent).toBe(true);
    const own = await org.bfEmployee.supabase.rpc('request_leave', {
      p_leave_type: 'sick',
      p_start: day,
      p_end: day,
    });
    expect(own.error?.message).toBe('leave.in_the_past');
    const mgr = await org.manager.supabase.rpc('request_leave', {
      p_leave_type: 'sick',
      p_start: day,
      p_end: day,
      p_employee_id: org.bfEmployee.employeeId,
    });
    expect(mgr.error?.message).toBe('leave.not_yours');
    const { data, error } = await org.hr.supabase.rpc('request_leave', {
      p_leave_type: 'sick',
      p_start: day,
      p_end: day,
      p_employee_id: org.bfEmployee.employeeId,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'approved', amount: 1, unit: 'days' });
    const after = await rows<{ absent: boolean; expected: boolean }>(
      `select absent, expected from app.attendance_days($1, $1, null, null, array[$2]::uuid[])`,
      [day, org.bfEmployee.employeeId],
    );
    expect(after[0]).toMatchObject({ absent: false, expected: false });
    const notes = await rows<{ code: string }>(
      `select code from public.notifications where employee_id = $1`,
      [org.bfEmployee.employeeId],
    );
    expect(notes.map((n) => n.code)).toContain('leave.recorded');
    // The person cannot cancel what has started; the daily report's absences follow.
    const cancel = await org.bfEmployee.supabase.rpc('cancel_leave', { p_request_id: data!.id });
    expect(cancel.error?.message).toBe('leave.already_started');
  });

  it('a holiday reads as the holiday, approved leave as leave, and neither is absent nor costs leave', async () => {
    await org.db.query(
      `insert into public.holidays (country, date, name) values ('US', '2026-11-26', 'Thanksgiving Day')
       on conflict (country, date) do update set name = excluded.name`,
    );
    const { data, error } = await org.employee.supabase.rpc('expected_presence', {
      p_from: '2026-11-23',
      p_to: '2026-11-27',
    });
    expect(error).toBeNull();
    const days = data as Returns<'expected_presence'>;
    const mine = days.filter((d) => d.employee_id === org.employee.employeeId);
    expect(mine.map((d) => [d.day, d.status, d.holiday_name ?? d.leave_type, d.absent])).toEqual([
      ['2026-11-23', 'leave', 'annual', false],
      ['2026-11-24', 'leave', 'annual', false],
      ['2026-11-25', 'expected', null, false],
      ['2026-11-26', 'holiday', 'Thanksgiving Day', false],
      ['2026-11-27', 'expected', null, false],
    ]);
    // Only themselves: the employee reads nobody else's days.
    expect(new Set(days.map((d) => d.employee_id))).toEqual(new Set([org.employee.employeeId]));
    const quote = await org.employee.supabase.rpc('leave_quote', {
      p_leave_type: 'unpaid',
      p_start: '2026-11-25',
      p_end: '2026-11-27',
    });
    expect(quote.data![0]!.amount).toBe(2);
  });

  it("on a day of leave, today's state is 'on_leave' for the manager's team, not absent", async () => {
    await pinClock(org.stack, '2026-11-23T16:00:00Z', { frozen: true });
    try {
      const { data, error } = await org.manager.supabase.rpc('today_status', {
        p_employee_ids: [org.employee.employeeId, org.manager.employeeId, org.outsider.employeeId],
      });
      expect(error).toBeNull();
      const byId = new Map((data as Returns<'today_status'>).map((r) => [r.employee_id, r]));
      expect(byId.get(org.employee.employeeId)).toMatchObject({ state: 'on_leave', leave_type: 'annual' });
      expect(byId.get(org.manager.employeeId)?.state).toBe('absent');
      // Not their team: nothing about them.
      expect(byId.has(org.outsider.employeeId)).toBe(false);
      const summary = await rows<{ absent: number }>(
        `select count(*) filter (where absent)::int as absent from app.attendance_days('2026-11-23', '2026-11-23', null, null, array[$1]::uuid[])`,
        [org.employee.employeeId],
      );
      expect(summary[0]!.absent).toBe(0);
    } finally {
      await pinClock(org.stack, PINNED_AT);
    }
  });
});
