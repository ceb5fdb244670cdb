// The kiosk's one tap (issue 25 item 5): one_tap_punch checks a person in or out from their open
// record; a press within the settings' interval of their last punch is 'already recorded' (never a
// 0.00 h record), also when two presses arrive at once; who may tap whom; the interval's bounds;
// the verify kiosk's finger names (kiosk_person_fingers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEnrolment } from '../../../supabase/seed/fingerprints.ts';
import { pinClock, PINNED_AT } from '../../clock.ts';
import { createOrg, type Org } from './org.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
});
afterAll(() => org?.stop());

/** PINNED_AT plus `seconds`, frozen there (each test works at its own moments). */
const at = (seconds: number) => new Date(Date.parse(PINNED_AT) + seconds * 1000).toISOString();
const freeze = (seconds: number) => pinClock(org.stack, at(seconds), { frozen: true });

const records = async (employeeId: string) =>
  (
    await org.db.query<{
      check_in: Date;
      check_out: Date | null;
      total_hours: string | null;
      source: string;
    }>(
      'select check_in, check_out, total_hours, source from public.attendances where employee_id = $1 order by check_in',
      [employeeId],
    )
  ).rows;

const tap = (who: Org['kioskUs'], employeeId: string, source = 'fingerprint') =>
  who.supabase.rpc('one_tap_punch', { p_employee_id: employeeId, p_source: source, p_device: 'kiosk-test' });

describe('one tap', () => {
  it('checks a person in, then out two hours later, from their open record', async () => {
    const person = org.employee.employeeId;
    await freeze(0);
    const first = await tap(org.kioskUs, person);
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ status: 'checked_in', check_out: null, source: 'fingerprint' });
    expect(first.data.device).toBe('kiosk-test');

    await freeze(2 * 3600);
    const second = await tap(org.kioskUs, person);
    expect(second.error).toBeNull();
    expect(second.data).toMatchObject({ id: first.data.id, status: 'checked_out', total_hours: 2 });
    expect(await records(person)).toHaveLength(1);

    // The next tap, later on, opens a new record.
    await freeze(3 * 3600);
    const third = await tap(org.kioskUs, person);
    expect(third.data).toMatchObject({ status: 'checked_in', check_out: null });
    expect(await records(person)).toHaveLength(2);
  });

  it("answers 'already recorded' to a second press within the interval, after a check-in and after a check-out", async () => {
    const person = org.outsider.employeeId;
    await freeze(10_000);
    expect((await tap(org.kioskUs, person)).error).toBeNull();
    const before = await records(person);

    // 59 s later: the same press again, not a 0.00 h check-out.
    await freeze(10_059);
    const again = await tap(org.kioskUs, person);
    expect(again.error).toMatchObject({ message: 'punch.already_recorded' });
    expect(JSON.parse(again.error!.details)).toMatchObject({ seconds: 60 });
    // The kiosk's explicit Check Out is held to the same rule; its Check In too.
    const out = await org.kioskUs.supabase.rpc('check_out', { p_employee_id: person });
    expect(out.error).toMatchObject({ message: 'punch.already_recorded' });
    const checkIn = await org.kioskUs.supabase.rpc('check_in', {
      p_employee_id: person,
      p_source: 'fingerprint',
    });
    expect(checkIn.error).toMatchObject({ message: 'punch.already_recorded' });
    expect(await records(person)).toEqual(before);

    // 60 s after: the check-out is recorded; a press 30 s after it is 'already recorded' again.
    await freeze(10_060);
    const closed = await tap(org.kioskUs, person);
    expect(closed.data).toMatchObject({ status: 'checked_out' });
    await freeze(10_090);
    expect((await tap(org.kioskUs, person)).error).toMatchObject({ message: 'punch.already_recorded' });
    const after = await records(person);
    expect(after).toHaveLength(1);
    expect(Number(after[0]!.total_hours)).toBeGreaterThan(0);
  });

  it('records one punch for two presses at once', async () => {
    const person = org.bfEmployee.employeeId;
    await freeze(20_000);
    const answers = await Promise.all([
      tap(org.kioskBf, person),
      tap(org.kioskBf, person),
      tap(org.kioskBf, person),
    ]);
    const recorded = answers.filter((a) => !a.error);
    const refused = answers.filter((a) => a.error);
    expect(recorded).toHaveLength(1);
    expect(refused.map((a) => a.error!.message)).toEqual([
      'punch.already_recorded',
      'punch.already_recorded',
    ]);
    expect(await records(person)).toHaveLength(1);
  });

  it('refuses the wrong caller, another site, another source and an unknown person, changing nothing', async () => {
    await freeze(30_000);
    const snapshot = async () =>
      (await org.db.query('select id, check_in, check_out from public.attendances order by id')).rows;
    const before = await snapshot();
    const cases: [PromiseLike<{ error: { message: string; code?: string } | null }>, RegExp][] = [
      // An employee taps only for themselves.
      [tap(org.employee, org.outsider.employeeId, 'manual'), /^punch\.own_only$/],
      // A kiosk taps only for its own site's people, by fingerprint or PIN.
      [tap(org.kioskUs, org.bfEmployee.employeeId), /^punch\.other_site$/],
      [tap(org.kioskUs, org.employee.employeeId, 'manual'), /^punch\.kiosk_source$/],
      [tap(org.admin, org.employee.employeeId, 'correction'), /^punch\.use_correction$/],
      [tap(org.kioskUs, '00000000-0000-4000-8000-000000000000'), /^employee\.not_found$/],
      // Signed out: not even callable.
      [
        org.anon.rpc('one_tap_punch', { p_employee_id: org.employee.employeeId }),
        /permission denied|access\.sign_in_required/,
      ],
    ];
    for (const [call, expected] of cases) {
      const { error } = await call;
      expect(error?.message).toMatch(expected);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('the repeated-press interval setting', () => {
  const setInterval = (who: Org['admin'], seconds: number | null) =>
    who.supabase
      .from('system_settings')
      .update({ repeat_press_seconds: seconds as number })
      .eq('id', 'default')
      .select('repeat_press_seconds');
  const current = async () =>
    (await org.db.query("select repeat_press_seconds from public.system_settings where id = 'default'"))
      .rows[0]?.repeat_press_seconds as number;

  it('is 60 s by default, bounded to 10–600 s, and changed by an admin only', async () => {
    expect(await current()).toBe(60);
    for (const bad of [9, 0, -60, 601, 86_400]) {
      const { error } = await setInterval(org.admin, bad);
      expect(error?.message).toContain('system_settings_repeat_press_seconds_range');
    }
    expect((await setInterval(org.admin, null)).error?.code).toBe('23502');
    // HR and a kiosk change nothing (row-level security: no row for them to update).
    expect((await setInterval(org.hr, 30)).data).toEqual([]);
    expect((await setInterval(org.kioskUs, 30)).data).toEqual([]);
    expect(await current()).toBe(60);
  });

  it('is the interval the database applies', async () => {
    expect((await setInterval(org.admin, 10)).data).toEqual([{ repeat_press_seconds: 10 }]);
    try {
      const person = org.manager.employeeId;
      await freeze(40_000);
      expect((await tap(org.manager, person, 'manual')).error).toBeNull();
      await freeze(40_009);
      expect((await tap(org.manager, person, 'manual')).error).toMatchObject({
        message: 'punch.already_recorded',
      });
      await freeze(40_011);
      expect((await tap(org.manager, person, 'manual')).data).toMatchObject({ status: 'checked_out' });
    } finally {
      await setInterval(org.admin, 60);
    }
  });
});

describe("the verify kiosk's finger names", () => {
  it('gives the enrolled fingers of the person with that number at the kiosk’s site, to kiosks only', async () => {
    const who = org.bfEmployee.employeeId;
    const demo = demoEnrolment(who);
    await org.db.query(
      `insert into public.biometric_enrolments (employee_id, finger, template, template_format, quality,
         consent_text_version, consent_at) values ($1, 'left_index', $2, $3, $4, 'v1', app.now())`,
      [who, Buffer.from(demo.template), demo.format, demo.quality],
    );
    const number = (
      await org.db.query<{ n: string }>('select personal_number as n from public.employees where id = $1', [
        who,
      ])
    ).rows[0]!.n;
    expect((await org.kioskBf.supabase.rpc('kiosk_person_fingers', { p_number: number })).data).toEqual([
      'left_index',
    ]);
    // Another site's kiosk, a malformed number: nothing. Anyone but a kiosk: refused.
    expect((await org.kioskUs.supabase.rpc('kiosk_person_fingers', { p_number: number })).data).toEqual([]);
    expect((await org.kioskBf.supabase.rpc('kiosk_person_fingers', { p_number: "1' or 1=1" })).data).toEqual(
      [],
    );
    expect(
      (await org.employee.supabase.rpc('kiosk_person_fingers', { p_number: number })).error?.message,
    ).toBe('biometric.kiosk_only');
  });
});
