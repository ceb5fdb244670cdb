// Issue 26 item 1: a biometric policy per site. A 'verify' site's kiosk reads no template by any
// table or function; its presses are compared on the server with the one person whose personal
// number was typed (a wrong number and another finger answer alike); its fingerprint punches need
// that verification; only admins choose the policy; every person has a number unique within the site.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockNow } from '../../clock.ts';
import { extract, syntheticFinger } from '../../../src/fingerprint/index.ts';
import { templateToBase64 } from '../../../src/fingerprint/template/binary.ts';
import { demoEnrolment, fingerSeed } from '../../../supabase/seed/fingerprints.ts';
import { api } from '../helpers.ts';
import { createOrg, type Account, type Org } from './org.ts';

let org: Org;
const tokens = new Map<Account, string>();
let bfNumber: string;
let storedBase64: string;

/** A new press (not an enrolled impression) of a demo finger. */
function press(seed: number): string {
  for (let impression = 7; impression < 15; impression++) {
    try {
      return templateToBase64(extract(syntheticFinger(seed, impression)));
    } catch {
      // Too poor to extract: the next impression.
    }
  }
  throw new Error('no usable press');
}

const verifyCall = (who: Account, body: Record<string, unknown>) =>
  api(org.stack, '/functions/v1/fingerprint-enrol', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens.get(who)!}` },
    body: JSON.stringify({ action: 'kiosk-verify', ...body }),
  });

const openPunches = async (employeeId: string) =>
  (await org.db.query('select id from public.attendances where employee_id = $1', [employeeId])).rowCount;

beforeAll(async () => {
  org = await createOrg();
  for (const who of [org.bfEmployee, org.employee]) {
    const demo = demoEnrolment(who.employeeId);
    await org.db.query(
      `insert into public.biometric_enrolments (employee_id, finger, template, template_format, quality,
         consent_text_version, consent_at) values ($1, 'right_index', $2, $3, $4, 'v1', app.now())`,
      [who.employeeId, Buffer.from(demo.template), demo.format, demo.quality],
    );
    if (who === org.bfEmployee) storedBase64 = Buffer.from(demo.template).toString('base64');
  }
  for (const who of [org.admin, org.hr, org.employee, org.kioskUs, org.kioskBf]) {
    const { data } = await who.supabase.auth.getSession();
    tokens.set(who, data.session!.access_token);
  }
  bfNumber = (
    await org.db.query<{ n: string }>('select personal_number as n from public.employees where id = $1', [
      org.bfEmployee.employeeId,
    ])
  ).rows[0]!.n;
}, 600_000);

afterAll(async () => {
  await org?.stop();
});

describe('the policy', () => {
  it('a new BF site verifies and a new US site identifies unless told otherwise', async () => {
    const { rows } = await org.db.query<{ country: string; biometric_policy: string }>(
      `insert into public.sites (name, country, time_zone, currency) values
         ('Bobo', 'BF', 'Africa/Ouagadougou', 'XOF'), ('Peoria', 'US', 'America/Chicago', 'USD')
       returning country, biometric_policy`,
    );
    expect(rows).toEqual([
      { country: 'BF', biometric_policy: 'verify' },
      { country: 'US', biometric_policy: 'identify' },
    ]);
  });

  it('only an admin chooses it, among the two policies; the change is audited', async () => {
    const before = await org.kioskBf.supabase.rpc('kiosk_roster_version');
    for (const who of [org.hr, org.manager, org.employee, org.kioskBf]) {
      const { error } = await who.supabase.rpc('set_site_biometric_policy', {
        p_site_id: org.sites.bf,
        p_policy: 'verify',
      });
      expect(error?.message).toBe('biometric.policy_admin_only');
    }
    const unknown = await org.admin.supabase.rpc('set_site_biometric_policy', {
      p_site_id: org.sites.bf,
      p_policy: 'search',
    });
    expect(unknown.error?.message).toBe('biometric.unknown_policy');
    expect((await org.kioskBf.supabase.rpc('my_site_biometric_policy')).data).toBe('identify');

    const set = await org.admin.supabase.rpc('set_site_biometric_policy', {
      p_site_id: org.sites.bf,
      p_policy: 'verify',
    });
    expect(set.error).toBeNull();
    expect((await org.kioskBf.supabase.rpc('my_site_biometric_policy')).data).toBe('verify');
    expect((await org.kioskUs.supabase.rpc('my_site_biometric_policy')).data).toBe('identify');
    // The kiosk's roster version changes: it drops the templates it held at its next poll.
    expect((await org.kioskBf.supabase.rpc('kiosk_roster_version')).data).not.toBe(before.data);
    const { rows } = await org.db.query(
      `select diff from public.audit_logs where entity = 'sites' and action = 'biometric_policy' and entity_id = $1`,
      [org.sites.bf],
    );
    expect(rows).toEqual([{ diff: { from: 'identify', to: 'verify' } }]);
  });
});

describe('personal numbers', () => {
  it('every person has 4 to 6 digits, unique within the site; kiosks have none', async () => {
    const { rows } = await org.db.query<{ role: string; site_id: string; personal_number: string | null }>(
      'select role, site_id, personal_number from public.employees',
    );
    for (const row of rows) {
      if (row.role === 'kiosk') expect(row.personal_number).toBeNull();
      else expect(row.personal_number).toMatch(/^[1-9][0-9]{3,5}$/);
    }
    const keys = rows.filter((r) => r.personal_number).map((r) => `${r.site_id}:${r.personal_number}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('a person moving to a site where their number is taken gets a new one; a taken number is refused', async () => {
    const taken = await org.db.query(`update public.employees set personal_number = $1 where id = $2`, [
      bfNumber,
      org.outsider.employeeId,
    ]);
    expect(taken.rowCount).toBe(1); // Another site: allowed.
    const { rows } = await org.db.query<{ personal_number: string }>(
      `update public.employees set site_id = $1 where id = $2 returning personal_number`,
      [org.sites.bf, org.outsider.employeeId],
    );
    expect(rows[0]!.personal_number).not.toBe(bfNumber);
    await expect(
      org.db.query(`update public.employees set personal_number = $1 where id = $2`, [
        bfNumber,
        org.outsider.employeeId,
      ]),
    ).rejects.toThrow(/employees_site_personal_number/);
    await expect(
      org.db.query(`update public.employees set personal_number = '0123' where id = $1`, [
        org.outsider.employeeId,
      ]),
    ).rejects.toThrow(/employee_personal_number_format/);
    await org.db.query('update public.employees set site_id = $1 where id = $2', [
      org.sites.us,
      org.outsider.employeeId,
    ]);
  });

  it("kiosk_person(): a kiosk learns the first name of its site's person, nothing else; others are refused", async () => {
    const { data } = await org.kioskBf.supabase.rpc('kiosk_person', { p_number: bfNumber });
    expect(data).toEqual([{ first_name: 'Awa' }]);
    for (const number of ['99999999', 'abc', '', '123456789'])
      expect((await org.kioskBf.supabase.rpc('kiosk_person', { p_number: number })).data).toEqual([]);
    // Another site's kiosk does not find them.
    expect((await org.kioskUs.supabase.rpc('kiosk_person', { p_number: bfNumber })).data).toEqual([]);
    for (const who of [org.employee, org.hr, org.admin]) {
      const { error } = await who.supabase.rpc('kiosk_person', { p_number: bfNumber });
      expect(error?.message).toBe('biometric.kiosk_only');
    }
  });
});

describe("a verify site's kiosk", () => {
  it('reads no template by any table or function', async () => {
    const roster = await org.kioskBf.supabase.rpc('kiosk_roster');
    const rows = (roster.data ?? []) as { employee_id: string; template: string | null; finger: string }[];
    expect(rows.find((r) => r.employee_id === org.bfEmployee.employeeId)).toMatchObject({
      finger: 'right_index',
      template: null,
    });
    expect(rows.every((r) => r.template === null)).toBe(true);
    expect((await org.kioskBf.supabase.from('biometric_enrolments').select('template')).data).toEqual([]);
    for (const [name, args] of [
      ['kiosk_verification_templates', { p_user_id: org.kioskBf.userId, p_number: bfNumber }],
      [
        'record_kiosk_verification',
        {
          p_user_id: org.kioskBf.userId,
          p_employee_id: org.bfEmployee.employeeId,
          p_method: 'finger',
          p_score: 99,
        },
      ],
      ['own_enrolment_templates', { p_user_id: org.bfEmployee.userId }],
      ['staff_duplicate_gallery', { p_user_id: org.kioskBf.userId }],
      [
        'self_enrolment_gallery',
        { p_user_id: org.kioskBf.userId, p_known_version: null, p_client_ip: '1.2.3.4' },
      ],
    ] as const) {
      const answer = await org.kioskBf.supabase.rpc(name, args as never);
      expect(answer.data, name).toBeNull();
      expect(answer.error, name).not.toBeNull();
    }
    const { rows: tables } = await org.db.query(
      `select has_table_privilege('authenticated', 'public.kiosk_verifications', 'select') as v,
              has_table_privilege('authenticated', 'public.simulated_fingers', 'select') as s`,
    );
    expect(tables).toEqual([{ v: false, s: false }]);
  });

  it('a fingerprint punch needs the server verification: nothing is recorded without it', async () => {
    const { error } = await org.kioskBf.supabase.rpc('check_in', {
      p_employee_id: org.bfEmployee.employeeId,
      p_source: 'fingerprint',
    });
    expect(error?.message).toBe('punch.verification_required');
    expect(await openPunches(org.bfEmployee.employeeId)).toBe(0);
  });

  it("the server accepts the person's finger with their number, once, and answers their first name only", async () => {
    const response = await verifyCall(org.kioskBf, {
      number: bfNumber,
      template: press(fingerSeed(org.bfEmployee.employeeId)),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    expect(text).not.toContain(storedBase64.slice(0, 48));
    const answer = JSON.parse(text) as { status: string; employee: { id: string; name: string } };
    expect(answer).toMatchObject({
      status: 'matched',
      employee: { id: org.bfEmployee.employeeId, name: 'Awa' },
    });

    const checkedIn = await org.kioskBf.supabase.rpc('check_in', {
      p_employee_id: org.bfEmployee.employeeId,
      p_source: 'fingerprint',
    });
    expect(checkedIn.error).toBeNull();
    // The verification is spent: a second punch needs a second press.
    const out = await org.kioskBf.supabase.rpc('check_out', { p_employee_id: org.bfEmployee.employeeId });
    expect(out.error?.message).toBe('punch.verification_required');
    expect(await openPunches(org.bfEmployee.employeeId)).toBe(1);
  });

  it("another person's finger with the right number, and the right finger with a wrong number: both 'no_match'", async () => {
    const other = await verifyCall(org.kioskBf, {
      number: bfNumber,
      template: press(fingerSeed(org.employee.employeeId)),
    });
    expect(await other.json()).toEqual({ status: 'no_match' });
    const wrongNumber = await verifyCall(org.kioskBf, {
      number: bfNumber === '4321' ? '4322' : '4321',
      template: press(fingerSeed(org.bfEmployee.employeeId)),
    });
    expect(await wrongNumber.json()).toEqual({ status: 'no_match' });
    const { rows } = await org.db.query('select 1 from public.kiosk_verifications where consumed_at is null');
    expect(rows).toEqual([]);
  });

  it('bad input and the wrong callers are refused', async () => {
    const template = press(fingerSeed(org.bfEmployee.employeeId));
    for (const body of [
      { number: 'abc', template },
      { number: '123456789', template },
      { number: bfNumber },
      { number: bfNumber, template: 'not-a-template' },
      { number: 1234, template },
    ]) {
      const response = await verifyCall(org.kioskBf, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { status: string }).status).toBe('bad-request');
    }
    // An identify site's kiosk, an employee, an admin: not a verify kiosk.
    for (const who of [org.kioskUs, org.employee, org.admin]) {
      const response = await verifyCall(who, { number: bfNumber, template });
      expect(response.status).toBe(403);
    }
    const anonymous = await api(org.stack, '/functions/v1/fingerprint-enrol', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'kiosk-verify', number: bfNumber, template }),
    });
    expect(anonymous.status).toBe(401);
    const { rows } = await org.db.query('select 1 from public.kiosk_verifications where consumed_at is null');
    expect(rows).toEqual([]);
  });

  it('a replayed punch (offline after the match) needs that verification too, and spends it', async () => {
    // Now on the stack's clock: after the check-in an earlier case recorded (a minute before the pinned
    // start would be a check-out before its check-in).
    const punchedAt = (await clockNow(org.db)).toISOString();
    // That check-in two hours back: a press within the repeat-press interval of the previous punch
    // would be 'already recorded' (replayed or not).
    await org.db.query(
      `update public.attendances set check_in = check_in - interval '2 hours'
       where employee_id = $1 and check_out is null`,
      [org.bfEmployee.employeeId],
    );
    const replay = (key: string) =>
      org.kioskBf.supabase.rpc('replay_punch', {
        p_idempotency_key: key,
        p_action: 'check_out',
        p_employee_id: org.bfEmployee.employeeId,
        p_punched_at: punchedAt,
        p_device: 'kiosk-test',
      });
    const unverified = await replay(randomUUID());
    expect(unverified.data).toMatchObject({ outcome: 'rejected', reason: 'punch.verification_required' });
    expect(await openPunches(org.bfEmployee.employeeId)).toBe(1);
    // The server matched the press a minute ago (as kiosk-verify does), then the network failed.
    await org.db.query(
      `insert into public.kiosk_verifications (kiosk_user, employee_id, method, score, verified_at)
       values ($1, $2, 'finger', 60, $3)`,
      [org.kioskBf.userId, org.bfEmployee.employeeId, punchedAt],
    );
    const verified = await replay(randomUUID());
    expect(verified.data, JSON.stringify(verified)).toMatchObject({ outcome: 'accepted' });
    const again = await replay(randomUUID());
    expect(again.data).toMatchObject({ outcome: 'rejected' });
  });

  it('an identify site keeps its kiosk punches as before', async () => {
    const { error } = await org.kioskUs.supabase.rpc('check_in', {
      p_employee_id: org.employee.employeeId,
      p_source: 'fingerprint',
    });
    expect(error).toBeNull();
  });
});
