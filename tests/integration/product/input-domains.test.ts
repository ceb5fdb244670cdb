// Issue 23 §2: every input has a domain, enforced by the database whoever writes (an RPC or a plain
// REST write that row-level security allows). Each refusal is checked with its variants (other
// spellings of NaN and infinity, negative, huge, out-of-window dates, a minute over the maximum)
// and proves that nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AMOUNT, MAX_EXTRA_WITHHOLDING } from '../../../src/domain/limits/index.ts';
import { ALLOWANCES_BY_COUNTRY } from '../../../src/domain/payroll/types.ts';
import { clockNow } from '../../clock.ts';
import { createOrg, type Org } from './org.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
});
afterAll(() => org?.stop());

const rows = async (sql: string, params: unknown[] = []) => (await org.db.query(sql, params)).rows;
const NOT_FINITE = ['NaN', 'nan', 'Infinity', '-Infinity', 'infinity', '-infinity', '+inf'];
const BAD_AMOUNTS: unknown[] = [...NOT_FINITE, -1, '-0.01', 1e12, '1e400', 'abc', '12,5'];
const BAD_DATES = ['infinity', '-infinity', '0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31'];
/** 23514 (a CHECK), 22P02/22003 (not a number / overflow), or a P0001 refusal: never success. */
const REFUSED = ['23514', '22P02', '22003', '22008', '22007', 'P0001'];

describe('money, hours and dates of salary structures', () => {
  const FIELDS = { country: 'US', frequency: 'monthly', basic_salary: 3000, effective_date: '2026-03-02' };
  const structures = () => rows('select * from public.salary_structures order by id');

  it('refuses NaN, infinities, negative, huge and non-numeric amounts in every amount field', async () => {
    const before = await structures();
    for (const field of [
      'basic_salary',
      'hours_worked',
      'hourly_rate',
      'overtime_hours',
      'other_deductions',
    ]) {
      for (const value of BAD_AMOUNTS) {
        const { error } = await org.hr.supabase.rpc('create_salary_structures', {
          p_employee_ids: [org.employee.employeeId],
          p_fields: { ...FIELDS, [field]: value },
        });
        expect(REFUSED, `${field}=${String(value)}: ${error?.message}`).toContain(error?.code);
      }
    }
    expect(await structures()).toEqual(before);
  });

  it('refuses a NaN written straight through REST (the pay engine or the column constraint), and changes nothing', async () => {
    const { data, error } = await org.hr.supabase.rpc('create_salary_structures', {
      p_employee_ids: [org.employee.employeeId],
      p_fields: FIELDS,
    });
    expect(error).toBeNull();
    const id = (data as Array<{ id: string }>)[0]!.id;
    const before = await structures();
    const write = (basic_salary: unknown) =>
      org.hr.supabase.from('salary_structures').update({ basic_salary }).eq('id', id).select();
    for (const value of ['NaN', 'nan', ' NaN ']) {
      const update = await write(value);
      // The pay engine reading the row refuses it first (payroll.not_a_number); the CHECK backs it up.
      expect(['P0001', '23514'], value).toContain(update.error?.code);
      expect(update.error!.message).toMatch(/^payroll\.not_a_number$|salary_structures_basic_salary_range/);
    }
    // A numeric(14,2) column cannot hold an infinity at all (22003); the CHECK backs it up.
    for (const value of [...NOT_FINITE, -1, 1e10]) {
      const update = await write(value);
      expect(REFUSED, `${String(value)}: ${update.error?.message}`).toContain(update.error?.code);
    }
    expect(await structures()).toEqual(before);
  });

  it('refuses effective dates outside 2000-01-01 .. 2100-12-31 (an infinite one made approval loop forever)', async () => {
    const before = await structures();
    for (const date of BAD_DATES) {
      const { error } = await org.hr.supabase.rpc('create_salary_structures', {
        p_employee_ids: [org.employee.employeeId],
        p_fields: { ...FIELDS, effective_date: date },
      });
      expect(REFUSED, `${date}: ${error?.message}`).toContain(error?.code);
    }
    expect(await structures()).toEqual(before);
  });
});

describe('allowances', () => {
  const create = (country: 'US' | 'BF', allowances: Record<string, unknown>, effectiveDate = '2026-03-02') =>
    org.hr.supabase.rpc('create_salary_structures', {
      p_employee_ids: [country === 'US' ? org.employee.employeeId : org.bfEmployee.employeeId],
      p_fields: {
        country,
        frequency: 'monthly',
        basic_salary: 100000,
        effective_date: effectiveDate,
        allowances,
      },
    });
  const count = async () => Number((await rows('select count(*) from public.salary_structures'))[0]!.count);

  it('are the names the rule set pays, in step with the TypeScript list', async () => {
    const sql = await rows(
      `select payroll.allowance_names('spec-default', 'US') as us, payroll.allowance_names('spec-default', 'BF') as bf,
         payroll.allowance_names('us-federal-2026', 'BF') as federal, payroll.allowance_names('bf-2026', 'US') as burkina`,
    );
    expect(sql[0]).toEqual({
      us: ALLOWANCES_BY_COUNTRY.US,
      bf: ALLOWANCES_BY_COUNTRY.BF,
      federal: ALLOWANCES_BY_COUNTRY.US,
      burkina: ALLOWANCES_BY_COUNTRY.BF,
    });
  });

  it('refuses an unknown key, a non-numeric, negative or huge value; changes nothing', async () => {
    const before = await count();
    const cases: Array<['US' | 'BF', Record<string, unknown>, string]> = [
      ['US', { bonus_secret: '500' }, 'salary_allowance_unknown'],
      ['US', { function: '500' }, 'salary_allowance_unknown'],
      ['BF', { House_Rent: '500' }, 'salary_allowance_unknown'],
      ['US', { house_rent: 'NaN' }, 'salary_allowance_not_number'],
      ['US', { house_rent: 'Infinity' }, 'salary_allowance_not_number'],
      ['US', { transport: 'five hundred' }, 'salary_allowance_not_number'],
      ['US', { transport: '1e3' }, 'salary_allowance_not_number'],
      ['US', { food: true }, 'salary_allowance_not_number'],
      ['US', { food: { amount: 5 } }, 'salary_allowance_not_number'],
      ['US', { medical: '-5' }, 'salary_allowance_not_number'],
      ['US', { medical: -5 }, 'salary_allowance_range'],
      ['BF', { function: 1e12 }, 'salary_allowance_range'],
    ];
    for (const [country, allowances, hint] of cases) {
      const { error } = await create(country, allowances);
      expect(error, JSON.stringify(allowances)).toMatchObject({ code: 'P0001', hint });
    }
    const list = await org.hr.supabase.rpc('create_salary_structures', {
      p_employee_ids: [org.employee.employeeId],
      p_fields: { country: 'US', frequency: 'monthly', basic_salary: 1, allowances: ['house_rent'] },
    });
    expect(list.error).toMatchObject({ code: 'P0001', hint: 'salary_allowances_not_object' });
    expect(await count()).toBe(before);
  });

  it('accepts the rule set’s names as decimals and counts them in the pay', async () => {
    // A date of its own: one pending structure per person and date (salary.pending_exists).
    const us = await create('US', { house_rent: '500', transport: 120.5, food: null }, '2026-04-01');
    expect(us.error).toBeNull();
    expect((us.data as Array<{ gross_salary: number }>)[0]!.gross_salary).toBe(100620.5);
    const bf = await create('BF', { function: '25000' }, '2026-04-01');
    expect(bf.error).toBeNull();
  });
});

describe('attendance: maximum duration, joining date, future', () => {
  const records = () => rows('select * from public.attendances order by id');
  const correct = (args: Record<string, unknown>) =>
    org.hr.supabase.rpc('correct_attendance', {
      p_employee_id: org.employee.employeeId,
      p_reason: 'Paper sheet',
      ...args,
    });

  it('refuses a correction one minute over 24 h and accepts exactly 24 h', async () => {
    const before = await records();
    const over = await correct({ p_check_in: '2026-03-02T08:00:00Z', p_check_out: '2026-03-03T08:01:00Z' });
    expect(over.error).toMatchObject({
      code: 'P0001',
      message: 'attendance.too_long',
      details: '{"hours": 24}',
      hint: 'attendance_too_long',
    });
    const days = await correct({ p_check_in: '2026-03-02T08:00:00Z', p_check_out: '2026-03-12T08:00:00Z' });
    expect(days.error).toMatchObject({ hint: 'attendance_too_long' });
    expect(await records()).toEqual(before);
    const exact = await correct({ p_check_in: '2026-03-02T08:00:00Z', p_check_out: '2026-03-03T08:00:00Z' });
    expect(exact.error).toBeNull();
    // Editing that record to one minute more is refused too, and leaves it as it was.
    const id = (exact.data as { id: string }).id;
    const kept = await records();
    const edit = await correct({
      p_attendance_id: id,
      p_check_in: '2026-03-02T07:59:00Z',
      p_check_out: '2026-03-03T08:00:00Z',
    });
    expect(edit.error).toMatchObject({ hint: 'attendance_too_long' });
    expect(await records()).toEqual(kept);
  });

  it('follows the maximum set by an admin in Settings (1..72 h); others cannot change it', async () => {
    const set = (hours: unknown, who = org.admin) =>
      who.supabase
        .from('system_settings')
        .update({ max_attendance_hours: hours })
        .eq('id', 'default')
        .select();
    for (const bad of [0, 73, -1, 1e9, 'NaN', 'Infinity', '12.5', 'abc']) {
      const { error } = await set(bad);
      expect(REFUSED, `${String(bad)}: ${error?.message}`).toContain(error?.code);
    }
    const hr = await set(30, org.hr);
    expect(hr.data).toEqual([]);
    expect((await rows('select max_attendance_hours from public.system_settings'))[0]).toEqual({
      max_attendance_hours: 24,
    });
    expect((await set(30)).error).toBeNull();
    const long = await correct({ p_check_in: '2026-03-04T08:00:00Z', p_check_out: '2026-03-05T13:00:00Z' });
    expect(long.error).toBeNull();
    const over = await correct({ p_check_in: '2026-03-06T08:00:00Z', p_check_out: '2026-03-07T14:01:00Z' });
    expect(over.error).toMatchObject({ message: 'attendance.too_long', details: '{"hours": 30}' });
    expect((await set(24)).error).toBeNull();
  });

  it('refuses a record that starts before the joining date, even by a day', async () => {
    await org.db.query(`update public.employees set joining_date = '2026-03-10' where id = $1`, [
      org.outsider.employeeId,
    ]);
    const before = await records();
    const { error } = await org.hr.supabase.rpc('correct_attendance', {
      p_employee_id: org.outsider.employeeId,
      p_check_in: '2026-03-09T14:00:00Z',
      p_check_out: '2026-03-09T20:00:00Z',
      p_reason: 'Paper sheet',
    });
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'attendance.before_joining',
      details: '{"date": "2026-03-10"}',
      hint: 'attendance_before_joining',
    });
    expect(await records()).toEqual(before);
    const onTheDay = await org.hr.supabase.rpc('correct_attendance', {
      p_employee_id: org.outsider.employeeId,
      p_check_in: '2026-03-10T14:00:00Z',
      p_check_out: '2026-03-10T20:00:00Z',
      p_reason: 'Paper sheet',
    });
    expect(onTheDay.error).toBeNull();
  });

  it('refuses times in the future or out of the window', async () => {
    const before = await records();
    const future = new Date((await clockNow(org.db)).getTime() + 60 * 60 * 1000).toISOString();
    expect((await correct({ p_check_in: future, p_check_out: null })).error).toMatchObject({ code: 'P0001' });
    for (const time of ['-infinity', 'infinity', '1999-12-31T23:00:00Z', '0001-01-01T00:00:00Z']) {
      const { error } = await correct({ p_check_in: time, p_check_out: null });
      expect(REFUSED, `${time}: ${error?.message}`).toContain(error?.code);
    }
    // Straight into the table (as the database's owner would): the trigger and CHECKs still hold.
    await expect(
      org.db.query(
        `insert into public.attendances (employee_id, site_id, date, check_in, source)
         values ($1, $2, app.today() + 2, app.now() + interval '2 days', 'manual')`,
        [org.employee.employeeId, org.sites.us],
      ),
    ).rejects.toMatchObject({ code: 'P0001', hint: 'attendance_in_future' });
    expect(await records()).toEqual(before);
  });

  it('a kiosk check-out cannot close a check-in older than the maximum: it says to ask a manager', async () => {
    // bfEmployee forgot to check out two days ago.
    const open = (
      await rows(
        `insert into public.attendances (employee_id, site_id, date, check_in, source)
         values ($1, $2, (app.now() - interval '50 hours')::date, app.now() - interval '50 hours', 'fingerprint')
         returning id`,
        [org.bfEmployee.employeeId, org.sites.bf],
      )
    )[0]!.id as string;
    const before = await records();
    const out = await org.kioskBf.supabase.rpc('check_out', { p_employee_id: org.bfEmployee.employeeId });
    expect(out.error).toMatchObject({ code: 'P0001', hint: 'attendance_open_too_long' });
    expect(out.error!.message).toBe('punch.open_too_long');
    expect(JSON.parse(out.error!.details)).toMatchObject({
      hours: 24,
      day: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
    expect(await records()).toEqual(before);
    // A manager's correction with the real time closes it; then the person punches again.
    const now = (await clockNow(org.db)).getTime();
    const fixed = await org.hr.supabase.rpc('correct_attendance', {
      p_employee_id: org.bfEmployee.employeeId,
      p_attendance_id: open,
      p_check_in: new Date(now - 50 * 3600_000).toISOString(),
      p_check_out: new Date(now - 42 * 3600_000).toISOString(),
      p_reason: 'Forgot to check out',
    });
    expect(fixed.error).toBeNull();
    const again = await org.kioskBf.supabase.rpc('check_in', {
      p_employee_id: org.bfEmployee.employeeId,
      p_source: 'fingerprint',
    });
    expect(again.error).toBeNull();
  });
});

describe('texts have the lengths a person types', () => {
  const snapshot = () => rows('select * from public.employees order by id');

  it('refuses a 101-character name, a 256-character e-mail, a 41-character phone', async () => {
    const before = await snapshot();
    const cases: Array<[string, string, string]> = [
      ['first_name', 'A'.repeat(101), 'employees_first_name_length'],
      ['last_name', 'B'.repeat(101), 'employees_last_name_length'],
      ['phone', '1'.repeat(41), 'employees_phone_length'],
      ['address', 'x'.repeat(501), 'employees_address_length'],
      ['email', `${'e'.repeat(250)}@x.test`, 'employees_email_length'],
    ];
    for (const [column, value, constraint] of cases) {
      const { error } = await org.admin.supabase
        .from('employees')
        .update({ [column]: value })
        .eq('id', org.employee.employeeId)
        .select();
      expect(error, column).toMatchObject({ code: '23514' });
      expect(error!.message).toContain(constraint);
    }
    expect(await snapshot()).toEqual(before);
    const fits = await org.admin.supabase
      .from('employees')
      .update({ first_name: 'A'.repeat(100) })
      .eq('id', org.outsider.employeeId)
      .select();
    expect(fits.error).toBeNull();
  });

  it('refuses a notification of 2,001 characters and one of 1 MB; accepts 2,000', async () => {
    const count = async () => Number((await rows('select count(*) from public.notifications'))[0]!.count);
    const before = await count();
    const send = (message: string) =>
      org.hr.supabase
        .from('notifications')
        .insert({ employee_id: org.employee.employeeId, title: 'Hi', message });
    const over = await send('m'.repeat(2001));
    expect(over.error).toMatchObject({ code: '23514' });
    expect(over.error!.message).toContain('notifications_message_length');
    // A megabyte: the database refuses it (the gateway may refuse it earlier, with 413).
    const huge = await send('m'.repeat(1024 * 1024));
    expect(huge.error).not.toBeNull();
    const title = await org.hr.supabase
      .from('notifications')
      .insert({ employee_id: org.employee.employeeId, title: 't'.repeat(201), message: 'Hi' });
    expect(title.error!.message).toContain('notifications_title_length');
    expect(await count()).toBe(before);
    expect((await send('m'.repeat(2000))).error).toBeNull();
  });

  it('refuses out-of-window holiday dates and joining dates', async () => {
    const holidays = async () => rows('select * from public.holidays order by id');
    const before = await holidays();
    for (const date of BAD_DATES) {
      const { error } = await org.admin.supabase
        .from('holidays')
        .insert({ country: 'US', date, name: 'Odd day' });
      expect(REFUSED, date).toContain(error?.code);
    }
    expect(await holidays()).toEqual(before);
    const people = await snapshot();
    for (const date of BAD_DATES) {
      const { error } = await org.admin.supabase
        .from('employees')
        .update({ joining_date: date })
        .eq('id', org.employee.employeeId)
        .select();
      expect(REFUSED, date).toContain(error?.code);
    }
    expect(await snapshot()).toEqual(people);
  });
});

describe('the forms stop where the database refuses', () => {
  it("the pay profile's amount fields are bounded by the table's CHECKs (MAX_AMOUNT, MAX_EXTRA_WITHHOLDING)", async () => {
    const checks = await rows(
      `select conname, pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid = 'public.employee_pay_profiles'::regclass and conname like '%\\_range' escape '\\'
          and conname similar to 'employee_pay_profiles_w4_step(3|4a|4b|4c)_range'`,
    );
    const bound = (column: string) => {
      const def = checks.find((c) => c.conname === `employee_pay_profiles_${column}_range`)?.def as string;
      return Number(/<= \(?(\d+)/.exec(def)?.[1]);
    };
    expect(checks).toHaveLength(4);
    for (const column of ['w4_step3', 'w4_step4a', 'w4_step4b'])
      expect(bound(column), column).toBe(MAX_AMOUNT);
    expect(bound('w4_step4c')).toBe(MAX_EXTRA_WITHHOLDING);
  });
});
