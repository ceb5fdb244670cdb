// Issue 26 item 4: a PIN that managers can trust. A person sets their own PIN (4-8 digits, hashed,
// never readable by any role, trivial ones refused); five wrong PINs in a row lock it for 15 minutes
// (or until HR resets it or the person sets a new one); HR chooses the allowed ways to punch; the kiosk punches by
// personal number + PIN (a wrong number and a wrong PIN answer alike); every PIN punch waits for its
// manager (team only) or HR, and a pending or rejected one counts no hours in reports or payroll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PINNED_AT, pinClock } from '../../clock.ts';
import { createOrg, type Account, type Org } from './org.ts';

let org: Org;
const numbers = new Map<Account, string>();
const PIN = '4826';
const OUTSIDER_PIN = '39175';

const punch = async (kiosk: Account, number: string, pin: string) => {
  const { data, error } = await kiosk.supabase.rpc('kiosk_pin_punch', { p_number: number, p_pin: pin });
  if (error) return { error: error.message };
  return data![0]!;
};

const hoursInReport = async (who: Account) => {
  const { data, error } = await org.hr.supabase.rpc('report_employees', {
    p_from: PINNED_AT.slice(0, 10),
    p_to: PINNED_AT.slice(0, 10),
  });
  expect(error).toBeNull();
  return Number(data!.find((row: { employee_id: string }) => row.employee_id === who.employeeId)?.hours ?? 0);
};

const hoursForPayroll = async (who: Account) => {
  const { data, error } = await org.hr.supabase.rpc('hours_worked_in_month', {
    p_month: PINNED_AT.slice(0, 10),
    p_employee_ids: [who.employeeId],
  });
  expect(error).toBeNull();
  return Number(data![0]?.hours ?? 0);
};

const notifications = async (who: Account, code: string) =>
  (
    await org.db.query<{ params: Record<string, unknown> }>(
      'select params from public.notifications where employee_id = $1 and code = $2',
      [who.employeeId, code],
    )
  ).rows.map((r) => r.params);

beforeAll(async () => {
  org = await createOrg();
  const { rows } = await org.db.query<{ id: string; n: string }>(
    'select id, personal_number as n from public.employees',
  );
  for (const who of [org.employee, org.outsider, org.manager, org.bfEmployee])
    numbers.set(who, rows.find((r) => r.id === who.employeeId)!.n);
}, 600_000);

afterAll(async () => {
  await org?.stop();
});

describe('setting a PIN', () => {
  it('refuses what is not 4 to 8 digits, and trivial PINs, changing nothing', async () => {
    for (const pin of ['12a4', '123', '123456789', '', ' 4826', '4826.0'])
      expect((await org.employee.supabase.rpc('set_my_pin', { p_pin: pin })).error?.message).toBe(
        'pin.format',
      );
    const trivial = ['0000', '77777777', '1234', '4321', '7890', '3210', '1212', '123123', '1987', '2026'];
    trivial.push(numbers.get(org.employee)!);
    for (const pin of trivial)
      expect((await org.employee.supabase.rpc('set_my_pin', { p_pin: pin })).error?.message).toBe(
        'pin.trivial',
      );
    expect((await org.employee.supabase.rpc('my_pin_status')).data).toEqual([
      { has_pin: false, set_at: null, locked: false, failed_attempts: 0, punch_methods: 'finger' },
    ]);
  });

  it('stores only a hash, which no role can read', async () => {
    expect((await org.employee.supabase.rpc('set_my_pin', { p_pin: PIN })).error).toBeNull();
    const { rows } = await org.db.query<{ pin_hash: string }>(
      'select pin_hash from public.employee_pins where employee_id = $1',
      [org.employee.employeeId],
    );
    expect(rows[0]!.pin_hash).toMatch(/^\$2a\$08\$/);
    expect(rows[0]!.pin_hash).not.toContain(PIN);
    for (const who of [org.admin, org.hr, org.manager, org.employee, org.kioskUs]) {
      const { data, error } = await who.supabase.from('employee_pins').select('*');
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
    }
    const status = (await org.employee.supabase.rpc('my_pin_status')).data![0]!;
    expect(Object.keys(status).sort()).toEqual([
      'failed_attempts',
      'has_pin',
      'locked',
      'punch_methods',
      'set_at',
    ]);
    expect(status.has_pin).toBe(true);
    const audit = await org.db.query<{ diff: unknown; text: string }>(
      `select diff, diff::text as text from public.audit_logs where entity_id = $1 and action = 'pin_set'`,
      [org.employee.employeeId],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.diff).toEqual({});
    const leaks = await org.db.query(
      `select 1 from public.audit_logs where diff::text like '%' || $1 || '%'`,
      [PIN],
    );
    expect(leaks.rowCount).toBe(0);
  });

  it("is each person's own: a kiosk has none, and nobody reads another's status but HR and their manager", async () => {
    expect((await org.kioskUs.supabase.rpc('set_my_pin', { p_pin: '5831' })).error?.message).toBe(
      'pin.own_account_only',
    );
    for (const who of [org.employee, org.outsider, org.kioskUs])
      expect(
        (await who.supabase.rpc('employee_pin_status', { p_employee_id: org.employee.employeeId })).error
          ?.message,
      ).toBe('pin.hr_only');
    expect(
      (await org.manager.supabase.rpc('employee_pin_status', { p_employee_id: org.outsider.employeeId }))
        .error?.message,
    ).toBe('pin.hr_only');
    for (const who of [org.hr, org.admin, org.manager])
      expect(
        (await who.supabase.rpc('employee_pin_status', { p_employee_id: org.employee.employeeId })).data![0]!
          .has_pin,
      ).toBe(true);
  });
});

describe('the allowed ways to punch', () => {
  it('are finger only by default: a right PIN does not punch (and says only Not Recognized)', async () => {
    expect(await punch(org.kioskUs, numbers.get(org.employee)!, PIN)).toEqual({
      outcome: 'not_recognized',
      first_name: null,
      attendance_id: null,
    });
    expect(
      (
        await org.db.query('select 1 from public.attendances where employee_id = $1', [
          org.employee.employeeId,
        ])
      ).rowCount,
    ).toBe(0);
  });

  it('are set by HR or an admin only, to a known value, audited', async () => {
    for (const who of [org.manager, org.employee, org.kioskUs])
      expect(
        (
          await who.supabase.rpc('set_punch_methods', {
            p_employee_id: org.employee.employeeId,
            p_methods: 'both',
          })
        ).error?.message,
      ).toBe('pin.hr_only');
    for (const methods of ['iris', '', 'BOTH'])
      expect(
        (
          await org.hr.supabase.rpc('set_punch_methods', {
            p_employee_id: org.employee.employeeId,
            p_methods: methods,
          })
        ).error?.message,
      ).toBe('pin.unknown_methods');
    expect(
      (
        await org.hr.supabase.rpc('set_punch_methods', {
          p_employee_id: org.kioskUs.employeeId,
          p_methods: 'pin',
        })
      ).error?.message,
    ).toBe('employee.not_found');
    expect(
      (await org.db.query(`select 1 from public.audit_logs where action = 'punch_methods'`)).rowCount,
    ).toBe(0);
    for (const who of [org.employee, org.outsider])
      expect(
        (await org.hr.supabase.rpc('set_punch_methods', { p_employee_id: who.employeeId, p_methods: 'both' }))
          .error,
      ).toBeNull();
    const { rows } = await org.db.query(
      `select diff from public.audit_logs where action = 'punch_methods' and entity_id = $1`,
      [org.employee.employeeId],
    );
    expect(rows).toEqual([{ diff: { from: 'finger', to: 'both' } }]);
  });
});

describe('the kiosk PIN punch', () => {
  it('is for kiosk accounts only', async () => {
    for (const who of [org.admin, org.hr, org.manager, org.employee])
      expect(await punch(who, numbers.get(org.employee)!, PIN)).toEqual({ error: 'biometric.kiosk_only' });
  });

  it('answers a wrong number, a wrong PIN and another site alike, recording nothing', async () => {
    const nobody = { outcome: 'not_recognized', first_name: null, attendance_id: null };
    expect(await punch(org.kioskUs, '99999999', PIN)).toEqual(nobody);
    expect(await punch(org.kioskUs, 'x1', PIN)).toEqual(nobody);
    expect(await punch(org.kioskUs, numbers.get(org.employee)!, '5927')).toEqual(nobody);
    expect(await punch(org.kioskUs, numbers.get(org.employee)!, '')).toEqual(nobody);
    expect(await punch(org.kioskBf, numbers.get(org.employee)!, PIN)).toEqual(nobody);
    expect((await org.db.query('select 1 from public.attendances')).rowCount).toBe(0);
  });

  it('cannot be forged through check_in by a kiosk', async () => {
    const { error } = await org.kioskUs.supabase.rpc('check_in', {
      p_employee_id: org.employee.employeeId,
      p_source: 'kiosk_pin',
    });
    expect(error?.message).toBe('pin.keypad_only');
    expect((await org.db.query('select 1 from public.attendances')).rowCount).toBe(0);
  });

  it('checks in with the number and PIN, pending review, and tells the manager', async () => {
    const result = await punch(org.kioskUs, numbers.get(org.employee)!, PIN);
    expect(result).toMatchObject({ outcome: 'checked_in', first_name: expect.any(String) });
    const { rows } = await org.db.query(
      'select source, pin_review, total_hours, failed_attempts from public.attendances a join public.employee_pins p using (employee_id) where a.employee_id = $1',
      [org.employee.employeeId],
    );
    expect(rows).toEqual([
      { source: 'kiosk_pin', pin_review: 'pending', total_hours: null, failed_attempts: 0 },
    ]);
    expect(await notifications(org.manager, 'pin.punch_to_review')).toEqual([
      expect.objectContaining({ date: PINNED_AT.slice(0, 10), kind: 'check_in' }),
    ]);
  });

  it('is refused company-wide while Biometric Authentication is on', async () => {
    await org.db.query(`update public.system_settings set biometric_auth = true where id = 'default'`);
    expect(await punch(org.kioskUs, numbers.get(org.employee)!, PIN)).toEqual({
      error: 'punch.biometric_required',
    });
    await org.db.query(`update public.system_settings set biometric_auth = false where id = 'default'`);
  });
});

describe('the lock', () => {
  it('locks after five wrong PINs in a row; HR resets it; the person sets a new one', async () => {
    expect((await org.outsider.supabase.rpc('set_my_pin', { p_pin: OUTSIDER_PIN })).error).toBeNull();
    const number = numbers.get(org.outsider)!;
    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await punch(org.kioskUs, number, '60417')).outcome).toBe('not_recognized');
    // Locked: the kiosk still says only Not Recognized, and even the right PIN does not punch.
    expect((await punch(org.kioskUs, number, '60417')).outcome).toBe('not_recognized');
    expect((await punch(org.kioskUs, number, OUTSIDER_PIN)).outcome).toBe('not_recognized');
    expect((await org.outsider.supabase.rpc('my_pin_status')).data![0]).toMatchObject({
      locked: true,
      failed_attempts: 5,
    });
    expect(await notifications(org.outsider, 'pin.locked_for')).toEqual([{ attempts: 5, minutes: 15 }]);
    expect(
      (
        await org.db.query(`select 1 from public.audit_logs where action = 'pin_locked' and entity_id = $1`, [
          org.outsider.employeeId,
        ])
      ).rowCount,
    ).toBe(1);

    for (const who of [org.manager, org.employee, org.outsider, org.kioskUs])
      expect(
        (await who.supabase.rpc('reset_employee_pin', { p_employee_id: org.outsider.employeeId })).error
          ?.message,
      ).toBe('pin.hr_only');
    expect(
      (await org.hr.supabase.rpc('reset_employee_pin', { p_employee_id: org.outsider.employeeId })).error,
    ).toBeNull();
    expect((await org.outsider.supabase.rpc('my_pin_status')).data![0]).toMatchObject({
      has_pin: false,
      locked: false,
      failed_attempts: 0,
      punch_methods: 'both',
    });
    expect(await notifications(org.outsider, 'pin.reset')).toEqual([{}]);
    // The old PIN is gone.
    expect((await punch(org.kioskUs, number, OUTSIDER_PIN)).outcome).toBe('not_recognized');
    expect((await org.outsider.supabase.rpc('set_my_pin', { p_pin: OUTSIDER_PIN })).error).toBeNull();
    expect((await punch(org.kioskUs, number, OUTSIDER_PIN)).outcome).toBe('checked_in');
  });
});

describe('the review', () => {
  const pending = async (who: Account) => {
    const { data, error } = await who.supabase.rpc('pin_punches', { p_status: 'pending' });
    if (error) return error.message;
    return data!.map((row: { employee_id: string }) => row.employee_id).sort();
  };

  it('lists a manager their team only, HR everyone, and nobody else', async () => {
    expect(await pending(org.manager)).toEqual([org.employee.employeeId]);
    expect(await pending(org.hr)).toEqual([org.employee.employeeId, org.outsider.employeeId].sort());
    for (const who of [org.employee, org.outsider, org.kioskUs])
      expect(await pending(who)).toBe('pin.review_denied');
    expect((await org.hr.supabase.rpc('pin_punches', { p_status: 'maybe' })).error?.message).toBe(
      'pin.unknown_status',
    );
  });

  it('counts no hours while pending, then the accepted ones in reports and payroll', async () => {
    await pinClock(org.stack, new Date(Date.parse(PINNED_AT) + 8 * 3600_000));
    for (const who of [org.employee, org.outsider])
      expect(
        (await punch(org.kioskUs, numbers.get(who)!, who === org.employee ? PIN : OUTSIDER_PIN)).outcome,
      ).toBe('checked_out');
    const { rows } = await org.db.query<{
      employee_id: string;
      total_hours: string;
      check_out_by_pin: boolean;
    }>(
      'select employee_id, total_hours, check_out_by_pin, pin_review from public.attendances order by employee_id',
    );
    expect(rows.map((r) => [Number(r.total_hours), r.check_out_by_pin])).toEqual([
      [0, true],
      [0, true],
    ]);
    expect(await hoursInReport(org.employee)).toBe(0);
    expect(await hoursForPayroll(org.employee)).toBe(0);

    const [record] = (await org.manager.supabase.rpc('pin_punches', { p_status: 'pending' })).data!;
    expect(record!.hours).toBeGreaterThan(7.9);
    expect(
      (
        await org.manager.supabase.rpc('review_pin_punch', {
          p_attendance_id: record!.attendance_id,
          p_accept: true,
        })
      ).error,
    ).toBeNull();
    expect(await hoursInReport(org.employee)).toBeGreaterThan(7.9);
    expect(await hoursForPayroll(org.employee)).toBeGreaterThan(7.9);
    expect(await notifications(org.employee, 'pin.punch_accepted')).toHaveLength(1);
    expect(
      (
        await org.manager.supabase.rpc('review_pin_punch', {
          p_attendance_id: record!.attendance_id,
          p_accept: false,
          p_reason: 'x',
        })
      ).error?.message,
    ).toBe('pin.not_pending');
  });

  it('refuses reviews by the wrong people and rejections without a reason, changing nothing', async () => {
    const { rows } = await org.db.query<{ id: string }>(
      'select id from public.attendances where employee_id = $1',
      [org.outsider.employeeId],
    );
    const id = rows[0]!.id;
    const attempts: [Account, Record<string, unknown>, string][] = [
      [org.manager, { p_accept: true }, 'pin.review_denied'], // another team
      [org.employee, { p_accept: true }, 'pin.review_denied'],
      [org.outsider, { p_accept: true }, 'pin.review_denied'], // their own, as an employee
      [org.kioskUs, { p_accept: true }, 'pin.review_denied'],
      [org.hr, { p_accept: false }, 'pin.reason_required'],
      [org.hr, { p_accept: false, p_reason: '   ' }, 'pin.reason_required'],
      [org.hr, { p_accept: false, p_reason: 'x'.repeat(501) }, 'pin.reason_too_long'],
      [org.hr, { p_accept: null }, 'pin.decision_required'],
    ];
    for (const [who, args, code] of attempts)
      expect(
        (await who.supabase.rpc('review_pin_punch', { p_attendance_id: id, ...args } as never)).error
          ?.message,
      ).toBe(code);
    expect(
      (
        await org.hr.supabase.rpc('review_pin_punch', {
          p_attendance_id: crypto.randomUUID(),
          p_accept: true,
        })
      ).error?.message,
    ).toBe('attendance.not_found');
    expect(
      (await org.db.query('select pin_review, reviewed_by from public.attendances where id = $1', [id])).rows,
    ).toEqual([{ pin_review: 'pending', reviewed_by: null }]);
  });

  it('keeps a rejected punch, marked, out of the hours', async () => {
    const [record] = (await org.hr.supabase.rpc('pin_punches', { p_status: 'pending' })).data!;
    expect(record!.employee_id).toBe(org.outsider.employeeId);
    expect(
      (
        await org.hr.supabase.rpc('review_pin_punch', {
          p_attendance_id: record!.attendance_id,
          p_accept: false,
          p_reason: 'Not at the site that day',
        })
      ).error,
    ).toBeNull();
    const { rows } = await org.db.query(
      'select pin_review, review_reason, total_hours, reviewed_by from public.attendances where id = $1',
      [record!.attendance_id],
    );
    expect(rows).toEqual([
      {
        pin_review: 'rejected',
        review_reason: 'Not at the site that day',
        total_hours: '0.00',
        reviewed_by: org.hr.employeeId,
      },
    ]);
    expect(await hoursInReport(org.outsider)).toBe(0);
    expect(await hoursForPayroll(org.outsider)).toBe(0);
    expect(await notifications(org.outsider, 'pin.punch_rejected')).toEqual([
      { date: PINNED_AT.slice(0, 10), reason: 'Not at the site that day' },
    ]);
    const rejected = (await org.hr.supabase.rpc('pin_punches', { p_status: 'rejected' })).data!;
    expect(
      rejected.map((r: { employee_id: string; review_reason: string }) => [r.employee_id, r.review_reason]),
    ).toEqual([[org.outsider.employeeId, 'Not at the site that day']]);
    expect(
      (
        await org.db.query(
          `select 1 from public.audit_logs where action = 'pin_rejected' and entity_id = $1`,
          [record!.attendance_id],
        )
      ).rowCount,
    ).toBe(1);
  });

  it('a person allowed PIN only is not punched by finger at a kiosk', async () => {
    // Ten minutes after the review's punches, so the kiosk's repeat-press rule is not what refuses.
    await pinClock(org.stack, new Date(Date.parse(PINNED_AT) + 8 * 3600_000 + 10 * 60_000));
    expect(
      (
        await org.hr.supabase.rpc('set_punch_methods', {
          p_employee_id: org.employee.employeeId,
          p_methods: 'pin',
        })
      ).error,
    ).toBeNull();
    const { error } = await org.kioskUs.supabase.rpc('check_in', {
      p_employee_id: org.employee.employeeId,
      p_source: 'fingerprint',
    });
    expect(error?.message).toBe('pin.finger_not_allowed');
    expect(
      (
        await org.db.query('select 1 from public.attendances where employee_id = $1 and check_out is null', [
          org.employee.employeeId,
        ])
      ).rowCount,
    ).toBe(0);
  });

  it('a person who withdrew their fingerprint consent punches with their PIN, whatever the methods say', async () => {
    const number = numbers.get(org.bfEmployee)!;
    expect((await org.bfEmployee.supabase.rpc('set_my_pin', { p_pin: '58301' })).error).toBeNull();
    // Finger only (the default): the right PIN is refused and nothing is recorded.
    expect(await punch(org.kioskBf, number, '58301')).toMatchObject({ outcome: 'not_recognized' });
    const open = () =>
      org.db.query('select 1 from public.attendances where employee_id = $1 and check_out is null', [
        org.bfEmployee.employeeId,
      ]);
    expect((await open()).rowCount).toBe(0);
    expect((await org.bfEmployee.supabase.rpc('withdraw_biometric_consent', {})).error).toBeNull();
    const status = await org.bfEmployee.supabase.rpc('my_pin_status');
    expect(status.data![0]!.punch_methods).toBe('pin');
    expect(await punch(org.kioskBf, number, '58301')).toMatchObject({ outcome: 'checked_in' });
    expect((await open()).rowCount).toBe(1);
  });

  // The hostile review of stop 33: the PIN follows the kiosk's repeat-press rule, a withdrawn
  // person is never punched by finger, a rejection survives the PIN check-out.
  it('refuses a second PIN press within the interval, recording nothing', async () => {
    const number = numbers.get(org.bfEmployee)!;
    expect(await punch(org.kioskBf, number, '58301')).toEqual({ error: 'punch.already_recorded' });
    const { rows } = await org.db.query(
      'select check_out from public.attendances where employee_id = $1 order by check_in desc limit 1',
      [org.bfEmployee.employeeId],
    );
    expect(rows).toEqual([{ check_out: null }]);
  });

  it('does not punch by finger a person who withdrew their consent', async () => {
    await pinClock(org.stack, new Date(Date.parse(PINNED_AT) + 8 * 3600_000 + 20 * 60_000));
    const { error } = await org.kioskBf.supabase.rpc('check_out', {
      p_employee_id: org.bfEmployee.employeeId,
    });
    expect(error?.message).toBe('pin.finger_not_allowed');
    const { rows } = await org.db.query(
      'select check_out from public.attendances where employee_id = $1 order by check_in desc limit 1',
      [org.bfEmployee.employeeId],
    );
    expect(rows).toEqual([{ check_out: null }]);
  });

  it('keeps a rejection, with who rejected and why, when the person checks out by PIN', async () => {
    const { rows: open } = await org.db.query<{ id: string }>(
      'select id from public.attendances where employee_id = $1 and check_out is null',
      [org.bfEmployee.employeeId],
    );
    expect(
      (
        await org.hr.supabase.rpc('review_pin_punch', {
          p_attendance_id: open[0]!.id,
          p_accept: false,
          p_reason: 'Not at the site',
        })
      ).error,
    ).toBeNull();
    expect(await punch(org.kioskBf, numbers.get(org.bfEmployee)!, '58301')).toMatchObject({
      outcome: 'checked_out',
    });
    const { rows } = await org.db.query(
      'select pin_review, review_reason, reviewed_by is not null as reviewed from public.attendances where id = $1',
      [open[0]!.id],
    );
    expect(rows).toEqual([{ pin_review: 'rejected', review_reason: 'Not at the site', reviewed: true }]);
  });

  it('audits the repeat-press interval however it is written', async () => {
    const { error } = await org.admin.supabase
      .from('system_settings')
      .update({ repeat_press_seconds: 90 })
      .eq('id', 'default');
    expect(error).toBeNull();
    const { rows } = await org.db.query(
      `select diff from public.audit_logs where entity = 'system_settings' and diff ? 'repeat_press_seconds'`,
    );
    expect(rows).toEqual([{ diff: { repeat_press_seconds: { old: 60, new: 90 } } }]);
  });
});
