// Issue 26, the hostile review's leftovers, each attack made through supabase-js as the role that
// would try it, each showing it now fails and nothing changed:
// L2 a kiosk cannot lock a PIN for good (15 minutes, then it works again) nor tell from its answers
//    which numbers exist or have a PIN (one 'not_recognized'; the real reason audited for HR);
// L3 a consent withdrawal and an enrolment take turns on the person's row (no template survives a
//    withdrawal), and the retention job destroys any template of a withdrawn person;
// L6 an unverified press is recorded as a punch only within 31 days and outside a settled pay period,
//    and the person is told how it was resolved;
// L7 a replayed press within the repeat-press interval of the person's previous punch is 'already
//    recorded', as online;
// I1 review_pin_punch answers a manager the same for an unknown record and another team's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockNow, pinClock } from '../../clock.ts';
import { demoEnrolment } from '../../../supabase/seed/fingerprints.ts';
import { approvedStructure, newRun } from './payroll-fixture.ts';
import { createOrg, type Account, type Org } from './org.ts';

let org: Org;
const numbers = new Map<Account, string>();
const CONSENT = 'biometric-policy-2026-11-v2';
const NOBODY = { outcome: 'not_recognized', first_name: null, attendance_id: null };

const count = async (sql: string, params: unknown[] = []) =>
  Number((await org.db.query<{ n: string }>(sql, params)).rows[0]!.n);
const templatesOf = (employeeId: string) =>
  count('select count(*) as n from public.biometric_enrolments where employee_id = $1', [employeeId]);
const notifications = async (who: Account, code: string) =>
  (
    await org.db.query<{ params: Record<string, unknown> }>(
      'select params from public.notifications where employee_id = $1 and code = $2 order by created_at',
      [who.employeeId, code],
    )
  ).rows.map((r) => r.params);

const pinPunch = async (number: string, pin: string) => {
  const { data, error } = await org.kioskUs.supabase.rpc('kiosk_pin_punch', { p_number: number, p_pin: pin });
  if (error) return { error: error.message };
  return data![0]!;
};

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

describe('L2: the kiosk PIN says one thing and locks for a while only', () => {
  const PIN = '58214';
  const refusalsOf = async (entityId: string) =>
    (
      await org.db.query<{ reason: string }>(
        `select diff->>'reason' as reason from public.audit_logs
         where action = 'pin_refused' and entity_id = $1 order by created_at, id`,
        [entityId],
      )
    ).rows.map((r) => r.reason);

  beforeAll(async () => {
    // employee: a PIN and allowed to use it; outsider: a PIN but finger only; manager: no PIN.
    expect((await org.employee.supabase.rpc('set_my_pin', { p_pin: PIN })).error).toBeNull();
    expect((await org.outsider.supabase.rpc('set_my_pin', { p_pin: PIN })).error).toBeNull();
    const methods = await org.hr.supabase.rpc('set_punch_methods', {
      p_employee_id: org.employee.employeeId,
      p_methods: 'both',
    });
    expect(methods.error).toBeNull();
  });

  it('answers an unknown number, no PIN, a PIN not allowed and a wrong PIN alike; HR reads why', async () => {
    expect(await pinPunch('99999998', PIN)).toEqual(NOBODY);
    expect(await pinPunch(numbers.get(org.manager)!, PIN)).toEqual(NOBODY);
    expect(await pinPunch(numbers.get(org.outsider)!, PIN)).toEqual(NOBODY);
    expect(await pinPunch(numbers.get(org.employee)!, '61937')).toEqual(NOBODY);
    expect(await count('select count(*) as n from public.attendances')).toBe(0);
    expect(await refusalsOf(org.manager.employeeId)).toEqual(['no_pin']);
    expect(await refusalsOf(org.outsider.employeeId)).toEqual(['not_allowed']);
    expect(await refusalsOf(org.employee.employeeId)).toEqual(['wrong_pin']);
    expect(await refusalsOf(org.sites.us)).toEqual(['unknown_number']);
  });

  it('locks after five wrong PINs, says the same while locked, and unlocks by itself after 15 minutes', async () => {
    const number = numbers.get(org.employee)!;
    for (let attempt = 2; attempt <= 5; attempt++) expect(await pinPunch(number, '61937')).toEqual(NOBODY);
    // Locked: the right PIN says the same and punches nothing.
    expect(await pinPunch(number, PIN)).toEqual(NOBODY);
    expect((await org.employee.supabase.rpc('my_pin_status')).data![0]).toMatchObject({
      locked: true,
      failed_attempts: 5,
    });
    expect(await notifications(org.employee, 'pin.locked_for')).toEqual([{ attempts: 5, minutes: 15 }]);
    expect((await refusalsOf(org.employee.employeeId)).slice(-2)).toEqual(['wrong_pin', 'locked']);
    expect(await count('select count(*) as n from public.attendances')).toBe(0);

    // 14 minutes on: still locked. 16 minutes on: the right PIN punches, the count starts again.
    const lockedAt = (await clockNow(org.db)).getTime();
    await pinClock(org.stack, new Date(lockedAt + 14 * 60_000));
    expect(await pinPunch(number, PIN)).toEqual(NOBODY);
    await pinClock(org.stack, new Date(lockedAt + 16 * 60_000));
    expect((await org.employee.supabase.rpc('my_pin_status')).data![0]).toMatchObject({
      locked: false,
      failed_attempts: 0,
    });
    expect(await pinPunch(number, PIN)).toMatchObject({ outcome: 'checked_in' });
    expect(
      (
        await org.db.query(
          'select failed_attempts, locked_at from public.employee_pins where employee_id = $1',
          [org.employee.employeeId],
        )
      ).rows,
    ).toEqual([{ failed_attempts: 0, locked_at: null }]);
  });
});

describe('I1: reviewing a PIN punch', () => {
  it("answers a manager the same for an unknown record and another team's; roles come first", async () => {
    const { rows } = await org.db.query<{ id: string }>(
      `insert into public.attendances (employee_id, site_id, date, check_in, source)
       select id, site_id, app.today(), app.now() - interval '3 hours', 'manual' from public.employees where id = $1
       returning id`,
      [org.outsider.employeeId],
    );
    const otherTeam = rows[0]!.id;
    const review = async (who: Account, id: string) => {
      const { error } = await who.supabase.rpc('review_pin_punch', { p_attendance_id: id, p_accept: true });
      return error && { message: error.message, details: error.details, code: error.code };
    };
    const unknown = await review(org.manager, randomUUID());
    expect(unknown?.message).toBe('pin.review_denied');
    expect(await review(org.manager, otherTeam)).toEqual(unknown);
    for (const who of [org.employee, org.kioskUs]) {
      expect(await review(who, randomUUID())).toEqual(await review(who, otherTeam));
      expect((await review(who, otherTeam))?.message).toBe('pin.review_denied');
    }
    expect((await review(org.hr, randomUUID()))?.message).toBe('attendance.not_found');
    expect(
      (
        await org.db.query('select pin_review, reviewed_by from public.attendances where id = $1', [
          otherTeam,
        ])
      ).rows,
    ).toEqual([{ pin_review: null, reviewed_by: null }]);
    await org.db.query('delete from public.attendances where id = $1', [otherTeam]);
  });
});

describe('L3: a withdrawal and an enrolment take turns', () => {
  const template = (who: Account) => demoEnrolment(who.employeeId);
  /** Until a request for `fn` waits on a lock in the database (the other transaction holds it). */
  const waitingForLock = async (fn: string) => {
    for (let tries = 0; tries < 600; tries++) {
      const waiting = await count(
        `select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like $1`,
        [`%${fn}%`],
      );
      if (waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no request for ${fn} waited on the lock`);
  };

  it('an enrolment in flight when the person withdraws is destroyed by the withdrawal', async () => {
    const who = org.bfEmployee;
    const demo = template(who);
    const enrolling = await org.db.connect();
    try {
      await enrolling.query('begin');
      await enrolling.query(`select public.enrol_fingerprint($1, 'right_index', $2, $3, $4, $5)`, [
        who.employeeId,
        Buffer.from(demo.template),
        demo.quality,
        CONSENT,
        demo.format,
      ]);
      const withdrawal = Promise.resolve(who.supabase.rpc('withdraw_biometric_consent', {}));
      await waitingForLock('withdraw_biometric_consent');
      await enrolling.query('commit');
      const { data, error } = await withdrawal;
      expect(error).toBeNull();
      expect(data).toBe(1);
    } finally {
      enrolling.release();
    }
    expect(await templatesOf(who.employeeId)).toBe(0);
    expect(
      await count('select count(*) as n from public.biometric_consent_withdrawals where employee_id = $1', [
        who.employeeId,
      ]),
    ).toBe(1);
  });

  it('an enrolment that waited behind a withdrawal is refused and stores nothing', async () => {
    const who = org.outsider;
    await org.db.query('delete from public.biometric_consent_withdrawals where employee_id = $1', [
      who.employeeId,
    ]);
    const demo = template(who);
    const withdrawing = await org.db.connect();
    let enrolment: Promise<{ error: { message: string } | null }> | undefined;
    try {
      await withdrawing.query('begin');
      await withdrawing.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: who.userId, role: 'authenticated' }),
      ]);
      await withdrawing.query('set local role authenticated');
      await withdrawing.query('select public.withdraw_biometric_consent()');
      // One request (a supabase-js builder sends a new one at every `then`).
      enrolment = Promise.resolve(
        org.hr.supabase.rpc('enrol_fingerprint', {
          p_employee_id: who.employeeId,
          p_finger: 'right_index',
          p_template: `\\x${Buffer.from(demo.template).toString('hex')}`,
          p_quality: demo.quality,
          p_consent_text_version: CONSENT,
          p_template_format: demo.format,
        }),
      );
      await waitingForLock('enrol_fingerprint');
      await withdrawing.query('commit');
    } finally {
      withdrawing.release();
    }
    expect((await enrolment!).error?.message).toBe('fingerprint.consent_withdrawn');
    expect(await templatesOf(who.employeeId)).toBe(0);
    expect(
      await count('select count(*) as n from public.biometric_consent_withdrawals where employee_id = $1', [
        who.employeeId,
      ]),
    ).toBe(1);
  });

  it('the retention job destroys the templates of a withdrawn person, audited, and no one else’s', async () => {
    // The state the race used to leave: a withdrawal on record and a template stored after it.
    for (const who of [org.outsider, org.manager]) {
      const demo = template(who);
      await org.db.query(
        `insert into public.biometric_enrolments (employee_id, finger, template, template_format, quality,
           consent_text_version, consent_at) values ($1, 'right_index', $2, $3, $4, $5, app.now())`,
        [who.employeeId, Buffer.from(demo.template), demo.format, demo.quality, CONSENT],
      );
    }
    for (const who of [org.hr, org.manager, org.employee, org.kioskUs])
      expect((await who.supabase.rpc('run_biometric_retention')).error?.message).toBe(
        'biometric.retention_admin_only',
      );
    expect(await templatesOf(org.outsider.employeeId)).toBe(1);
    const { data, error } = await org.admin.supabase.rpc('run_biometric_retention');
    expect(error).toBeNull();
    expect(data).toBe(1);
    expect(await templatesOf(org.outsider.employeeId)).toBe(0);
    expect(await templatesOf(org.manager.employeeId)).toBe(1);
    const { rows } = await org.db.query(
      `select diff->>'reason' as reason from public.audit_logs
       where action = 'retention_destroyed' and entity_id = $1`,
      [org.outsider.employeeId],
    );
    expect(rows).toEqual([{ reason: 'consent_withdrawn' }]);
  });
});

describe('L6: an unverified press becomes a punch within limits only', () => {
  const listPress = async (who: Account, site: string, pressedAt: string) =>
    (
      await org.db.query<{ id: string }>(
        `insert into public.unverified_presses (idempotency_key, site_id, kiosk_user, personal_number, action,
           pressed_at, reason) values ($1, $2, $3, $4, 'check_in', $5, 'no_match') returning id`,
        [randomUUID(), site, org.kioskBf.userId, numbers.get(who)!, pressedAt],
      )
    ).rows[0]!.id;
  const resolve = (id: string, resolution: string) =>
    org.hr.supabase.rpc('resolve_unverified_press', { p_id: id, p_resolution: resolution });
  const unchanged = async (id: string, employeeId: string, before: number) => {
    expect(
      (
        await org.db.query('select resolution, attendance_id from public.unverified_presses where id = $1', [
          id,
        ])
      ).rows,
    ).toEqual([{ resolution: null, attendance_id: null }]);
    expect(
      await count('select count(*) as n from public.attendances where employee_id = $1', [employeeId]),
    ).toBe(before);
  };

  it('refuses a press older than 31 days; it can still be dismissed, and the person is told', async () => {
    const now = (await clockNow(org.db)).getTime();
    const id = await listPress(org.bfEmployee, org.sites.bf, new Date(now - 32 * 86_400_000).toISOString());
    const before = await count('select count(*) as n from public.attendances where employee_id = $1', [
      org.bfEmployee.employeeId,
    ]);
    const { error } = await resolve(id, 'recorded');
    expect(error).toMatchObject({ message: 'biometric.press_too_old', details: '{"days": 31}' });
    await unchanged(id, org.bfEmployee.employeeId, before);
    expect(await notifications(org.bfEmployee, 'biometric.press_dismissed')).toEqual([]);
    expect((await resolve(id, 'dismissed')).error).toBeNull();
    expect(await notifications(org.bfEmployee, 'biometric.press_dismissed')).toEqual([
      { date: new Date(now - 32 * 86_400_000).toISOString().slice(0, 10), action: 'check_in' },
    ]);
  });

  it('refuses a press in a pay period already processed, within 31 days', async () => {
    await approvedStructure(org, org.employee.employeeId, 5000);
    const run = await newRun(org, '2026-10');
    expect((await org.hr.supabase.rpc('process_payroll_run', { p_run_id: run.id })).error).toBeNull();
    const id = await listPress(org.employee, org.sites.us, '2026-10-26T14:00:00Z');
    const before = await count('select count(*) as n from public.attendances where employee_id = $1', [
      org.employee.employeeId,
    ]);
    const { error } = await resolve(id, 'recorded');
    expect(error).toMatchObject({
      message: 'biometric.press_period_settled',
      details: '{"date": "2026-10-26"}',
    });
    await unchanged(id, org.employee.employeeId, before);
  });

  it('records a recent press in an open period, and tells the person', async () => {
    const now = (await clockNow(org.db)).getTime();
    const pressedAt = new Date(now - 2 * 86_400_000).toISOString();
    const id = await listPress(org.bfEmployee, org.sites.bf, pressedAt);
    const { data, error } = await resolve(id, 'recorded');
    expect(error).toBeNull();
    expect(data).toMatchObject({ resolution: 'recorded', attendance_id: expect.any(String) });
    expect(await notifications(org.bfEmployee, 'biometric.press_recorded')).toEqual([
      { date: pressedAt.slice(0, 10), action: 'check_in' },
    ]);
  });
});

describe('L7: a replayed press keeps the repeat-press rule', () => {
  const replay = async (action: 'check_in' | 'check_out', at: number) => {
    const { data, error } = await org.kioskUs.supabase.rpc('replay_punch', {
      p_idempotency_key: randomUUID(),
      p_action: action,
      p_employee_id: org.manager.employeeId,
      p_punched_at: new Date(at).toISOString(),
      p_device: 'kiosk-test',
    });
    expect(error).toBeNull();
    return data as { outcome: string; reason: string | null };
  };
  const records = async () =>
    (
      await org.db.query<{ check_in: Date; check_out: Date | null }>(
        'select check_in, check_out from public.attendances where employee_id = $1 order by check_in',
        [org.manager.employeeId],
      )
    ).rows;

  it('is already recorded within the interval of the previous punch, whatever recorded it', async () => {
    await org.db.query('update public.system_settings set repeat_press_seconds = 60 where id = $1', [
      'default',
    ]);
    const now = (await clockNow(org.db)).getTime();
    const first = now - 40 * 60_000;
    expect(await replay('check_in', first)).toMatchObject({ outcome: 'accepted' });
    // 20 s later, queued on the same tablet: 'already recorded', the record stays open.
    expect(await replay('check_out', first + 20_000)).toMatchObject({
      outcome: 'rejected',
      reason: 'punch.already_recorded',
    });
    expect(await records()).toEqual([{ check_in: new Date(first), check_out: null }]);
    expect(
      await count(
        `select count(*) as n from public.punch_replays where employee_id = $1 and reason = 'punch.already_recorded'`,
        [org.manager.employeeId],
      ),
    ).toBe(1);
    // Outside the interval the check-out is recorded; a press 30 s after it is again 'already recorded'.
    expect(await replay('check_out', first + 20 * 60_000)).toMatchObject({ outcome: 'accepted' });
    expect(await replay('check_in', first + 20 * 60_000 + 30_000)).toMatchObject({
      outcome: 'rejected',
      reason: 'punch.already_recorded',
    });
    expect(await records()).toEqual([
      { check_in: new Date(first), check_out: new Date(first + 20 * 60_000) },
    ]);
  });
});
