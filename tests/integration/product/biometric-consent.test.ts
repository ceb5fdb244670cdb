// Issue 26 items 2-3: consent, retention, withdrawal, and a verify kiosk's offline presses.
// An enrolment records a published version of the biometric policy and is refused without one; the
// public page's facts are readable without signing in; a person withdraws their own consent only
// (templates destroyed at once, audited, the withdrawal on record for the PIN); the retention period
// is an admin's, a whole number of days within 3 years; a press queued offline at a verify site is
// verified 1:1 at replay: a match becomes a verification the replayed punch spends, anything else
// is no punch but a row HR dismisses or records.
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
const CURRENT = 'biometric-policy-2026-11-v2';
const TEMPLATE = `\\x${Buffer.alloc(64, 7).toString('hex')}`;

const count = async (sql: string, params: unknown[] = []) =>
  Number((await org.db.query<{ n: string }>(sql, params)).rows[0]!.n);
const templatesOf = (employeeId: string) =>
  count('select count(*) as n from public.biometric_enrolments where employee_id = $1', [employeeId]);

async function enrolDemo(who: Account) {
  const demo = demoEnrolment(who.employeeId);
  await org.db.query(
    `insert into public.biometric_enrolments (employee_id, finger, template, template_format, quality,
       consent_text_version, consent_at) values ($1, 'right_index', $2, $3, $4, $5, app.now())
     on conflict (employee_id, finger) do nothing`,
    [who.employeeId, Buffer.from(demo.template), demo.format, demo.quality, CURRENT],
  );
}

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

beforeAll(async () => {
  org = await createOrg();
  await org.db.query(`update public.sites set biometric_policy = 'verify' where id = $1`, [org.sites.bf]);
  for (const who of [org.admin, org.hr, org.employee, org.kioskUs, org.kioskBf]) {
    const { data } = await who.supabase.auth.getSession();
    tokens.set(who, data.session!.access_token);
  }
}, 600_000);

afterAll(async () => {
  await org?.stop();
});

describe('the published policy', () => {
  it('anyone, signed out, reads the current version and the retention period; nothing else', async () => {
    const { data, error } = await org.anon.rpc('biometric_policy_public');
    expect(error).toBeNull();
    expect(data).toEqual({
      version: CURRENT,
      text_key: 'v2',
      published_on: '2026-11-27',
      retention_days: 365,
    });
    const table = await org.anon.from('biometric_policy_versions').select('*');
    expect(table.error).not.toBeNull();
  });
});

describe('enrolment needs a published consent version', () => {
  const enrol = (who: Account, version: string | null) =>
    who.supabase.rpc('enrol_fingerprint', {
      p_employee_id: org.outsider.employeeId,
      p_finger: 'left_thumb',
      p_template: TEMPLATE,
      p_quality: 80,
      p_consent_text_version: version as string,
    });

  it('is refused without a version or with one never published; nothing is stored', async () => {
    expect((await enrol(org.hr, null)).error?.message).toBe('fingerprint.consent_required');
    expect((await enrol(org.hr, '  ')).error?.message).toBe('fingerprint.consent_required');
    expect((await enrol(org.hr, 'v1')).error?.message).toBe('fingerprint.consent_version_unknown');
    expect((await enrol(org.hr, 'biometric-policy-2099-v9')).error?.message).toBe(
      'fingerprint.consent_version_unknown',
    );
    expect(await templatesOf(org.outsider.employeeId)).toBe(0);
  });

  it('records the version agreed to, and ends an earlier withdrawal (a new consent)', async () => {
    await org.db.query('insert into public.biometric_consent_withdrawals (employee_id) values ($1)', [
      org.outsider.employeeId,
    ]);
    const { error } = await enrol(org.hr, CURRENT);
    expect(error).toBeNull();
    const { rows } = await org.db.query(
      'select consent_text_version from public.biometric_enrolments where employee_id = $1',
      [org.outsider.employeeId],
    );
    expect(rows).toEqual([{ consent_text_version: CURRENT }]);
    expect(
      await count('select count(*) as n from public.biometric_consent_withdrawals where employee_id = $1', [
        org.outsider.employeeId,
      ]),
    ).toBe(0);
  });

  it('self-enrolment (the fingerprint service) is refused an unknown version too', async () => {
    const { rows } = await org.db.query<{ v: string }>('select app.enrolment_gallery_version() as v');
    const service = await org.service.rpc('self_enrol_fingerprint', {
      p_user_id: org.employee.userId,
      p_finger: 'right_thumb',
      p_template: TEMPLATE,
      p_quality: 80,
      p_consent_text_version: 'made-up',
      p_template_format: 'pointage-v1',
      p_gallery_version: rows[0]!.v,
    });
    expect(service.error?.message).toBe('fingerprint.consent_version_unknown');
    expect(await templatesOf(org.employee.employeeId)).toBe(0);
  });
});

describe('withdrawal', () => {
  it("nobody withdraws another person's consent: HR, an admin, a manager are refused and nothing changes", async () => {
    await enrolDemo(org.employee);
    for (const who of [org.hr, org.admin, org.manager, org.outsider]) {
      const { error } = await who.supabase.rpc('withdraw_biometric_consent', {
        p_employee_id: org.employee.employeeId,
      });
      expect(error?.message, who.email).toBe('biometric.withdraw_own_only');
    }
    expect(await templatesOf(org.employee.employeeId)).toBe(1);
    const withdrawn = await count('select count(*) as n from public.biometric_consent_withdrawals');
    expect(withdrawn).toBe(0);
  });

  it('the person withdraws: every template destroyed at once, audited, recorded for the PIN', async () => {
    const before = await org.employee.supabase.rpc('my_biometric_consent');
    expect(before.data).toMatchObject({ fingers: 1, consent_text_version: CURRENT, withdrawn_at: null });
    const { data, error } = await org.employee.supabase.rpc('withdraw_biometric_consent', {});
    expect(error).toBeNull();
    expect(data).toBe(1);
    expect(await templatesOf(org.employee.employeeId)).toBe(0);
    const audit = await org.db.query(
      `select action, diff from public.audit_logs where entity = 'biometric_enrolments' and entity_id = $1
         and action = 'consent_withdrawn'`,
      [org.employee.employeeId],
    );
    expect(audit.rows).toEqual([{ action: 'consent_withdrawn', diff: { templates_destroyed: 1 } }]);
    const after = await org.employee.supabase.rpc('my_biometric_consent');
    expect(after.data).toMatchObject({ fingers: 0 });
    expect((after.data as { withdrawn_at: string | null }).withdrawn_at).not.toBeNull();
    // The PIN work reads this: the person's own row, and HR's.
    const own = await org.employee.supabase.from('biometric_consent_withdrawals').select('employee_id');
    expect(own.data).toEqual([{ employee_id: org.employee.employeeId }]);
    const other = await org.outsider.supabase.from('biometric_consent_withdrawals').select('employee_id');
    expect(other.data).toEqual([]);
  });
});

describe('the retention period', () => {
  const set = (who: Account, days: number | string | null) =>
    who.supabase.rpc('set_biometric_retention_days', { p_days: days as number });
  const current = () =>
    count(`select biometric_retention_days as n from public.system_settings where id = 'default'`);

  it('is refused outside 30 days to 3 years, not whole, or not a number; nothing changes', async () => {
    for (const days of [0, -1, -365, 29, 1096, 5000, 365.5, 'NaN', 'Infinity', null]) {
      const { error } = await set(org.admin, days);
      expect(error, String(days)).not.toBeNull();
      if (typeof days === 'number') expect(error?.message).toBe('biometric.retention_out_of_range');
    }
    expect(await current()).toBe(365);
  });

  it('only an admin sets it; the change is audited and the public page reads it', async () => {
    for (const who of [org.hr, org.manager, org.employee]) {
      expect((await set(who, 400)).error?.message).toBe('biometric.retention_setting_admin_only');
    }
    expect(await current()).toBe(365);
    expect((await set(org.admin, 1095)).error).toBeNull();
    expect(await current()).toBe(1095);
    const page = await org.anon.rpc('biometric_policy_public');
    expect(page.data).toMatchObject({ retention_days: 1095 });
    const audit = await org.db.query(
      `select diff from public.audit_logs where entity = 'system_settings' and diff ? 'biometric_retention_days'`,
    );
    expect(audit.rows).toEqual([{ diff: { biometric_retention_days: { old: 365, new: 1095 } } }]);
    expect((await set(org.admin, 365)).error).toBeNull();
  });
});

describe('a verify kiosk replays a press it queued offline', () => {
  let bfNumber: string;
  const replay = (who: Account, body: Record<string, unknown>) =>
    api(org.stack, '/functions/v1/fingerprint-enrol', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens.get(who)!}` },
      body: JSON.stringify({ action: 'kiosk-replay', device: 'kiosk-test', ...body }),
    });
  const punches = (employeeId: string) =>
    count('select count(*) as n from public.attendances where employee_id = $1', [employeeId]);

  beforeAll(async () => {
    await enrolDemo(org.bfEmployee);
    bfNumber = (
      await org.db.query<{ n: string }>('select personal_number as n from public.employees where id = $1', [
        org.bfEmployee.employeeId,
      ])
    ).rows[0]!.n;
  });

  it("the person's press verifies: a verification dated at the press, spent by the replayed punch", async () => {
    const pressedAt = new Date((await clockNow(org.db)).getTime() - 20 * 60_000).toISOString();
    const key = randomUUID();
    const answer = await replay(org.kioskBf, {
      number: bfNumber,
      template: press(fingerSeed(org.bfEmployee.employeeId)),
      key,
      punch: 'check_in',
      pressedAt,
    });
    const body = (await answer.json()) as { status: string; employee?: { id: string } };
    expect(body.status, JSON.stringify(body)).toBe('matched');
    expect(body.employee?.id).toBe(org.bfEmployee.employeeId);
    const punched = await org.kioskBf.supabase.rpc('replay_punch', {
      p_idempotency_key: key,
      p_action: 'check_in',
      p_employee_id: org.bfEmployee.employeeId,
      p_punched_at: pressedAt,
      p_device: 'kiosk-test',
    });
    expect(punched.data, JSON.stringify(punched)).toMatchObject({ outcome: 'accepted' });
    expect(await punches(org.bfEmployee.employeeId)).toBe(1);
    expect(await count('select count(*) as n from public.unverified_presses')).toBe(0);
  });

  it("another person's finger is no punch: listed once for HR with its time, number and site", async () => {
    const pressedAt = new Date((await clockNow(org.db)).getTime() - 10 * 60_000).toISOString();
    const key = randomUUID();
    const body = {
      number: bfNumber,
      template: press(fingerSeed(org.employee.employeeId)),
      key,
      punch: 'check_out',
      pressedAt,
    };
    for (let i = 0; i < 2; i++) {
      const answer = await replay(org.kioskBf, body);
      expect(((await answer.json()) as { status: string }).status).toBe('review');
    }
    expect(await punches(org.bfEmployee.employeeId)).toBe(1);
    const { rows } = await org.db.query(
      `select site_id, personal_number, action, pressed_at, reason, resolution from public.unverified_presses`,
    );
    expect(rows).toEqual([
      {
        site_id: org.sites.bf,
        personal_number: bfNumber,
        action: 'check_out',
        pressed_at: new Date(pressedAt),
        reason: 'no_match',
        resolution: null,
      },
    ]);
    // No verification was recorded: a replay for that person by id alone is still refused.
    const punched = await org.kioskBf.supabase.rpc('replay_punch', {
      p_idempotency_key: randomUUID(),
      p_action: 'check_out',
      p_employee_id: org.bfEmployee.employeeId,
      p_punched_at: pressedAt,
    });
    expect(punched.data).toMatchObject({ outcome: 'rejected', reason: 'punch.verification_required' });
  });

  it('bad input, an identify kiosk, presses too old or from the future are refused and list nothing', async () => {
    const now = (await clockNow(org.db)).getTime();
    const good = {
      number: bfNumber,
      template: press(fingerSeed(org.employee.employeeId)),
      punch: 'check_in',
      pressedAt: new Date(now).toISOString(),
    };
    const cases: [Account, Record<string, unknown>, number][] = [
      [org.kioskBf, { ...good, key: 'not-a-key' }, 400],
      [org.kioskBf, { ...good, key: randomUUID(), number: '12a' }, 400],
      [org.kioskBf, { ...good, key: randomUUID(), punch: 'lunch' }, 400],
      [org.kioskBf, { ...good, key: randomUUID(), pressedAt: 'yesterday' }, 400],
      [org.kioskBf, { ...good, key: randomUUID(), template: 'AAAA' }, 400],
      [org.kioskBf, { ...good, key: randomUUID(), pressedAt: new Date(now + 3_600_000).toISOString() }, 409],
      [
        org.kioskBf,
        { ...good, key: randomUUID(), pressedAt: new Date(now - 40 * 86_400_000).toISOString() },
        409,
      ],
      [org.kioskUs, { ...good, key: randomUUID() }, 403],
      [org.employee, { ...good, key: randomUUID() }, 403],
    ];
    for (const [who, body, status] of cases) {
      const answer = await replay(who, body);
      expect(answer.status, JSON.stringify({ who: who.email, body: { ...body, template: '…' } })).toBe(
        status,
      );
    }
    expect(await count('select count(*) as n from public.unverified_presses')).toBe(1);
  });

  it('HR sees the list, dismisses or records; others neither read nor resolve it', async () => {
    const listed = await org.hr.supabase.from('unverified_presses').select('id, personal_number');
    expect(listed.data).toHaveLength(1);
    const id = listed.data![0]!.id as string;
    for (const who of [org.manager, org.employee, org.kioskBf]) {
      expect((await who.supabase.from('unverified_presses').select('id')).data, who.email).toEqual([]);
      const { error } = await who.supabase.rpc('resolve_unverified_press', {
        p_id: id,
        p_resolution: 'dismissed',
      });
      expect(error?.message, who.email).toBe('biometric.press_review_hr_only');
    }
    const unknown = await org.hr.supabase.rpc('resolve_unverified_press', {
      p_id: id,
      p_resolution: 'ignore',
    });
    expect(unknown.error?.message).toBe('biometric.press_resolution_unknown');
    expect(await count('select count(*) as n from public.unverified_presses where resolution is null')).toBe(
      1,
    );

    // HR checked with the person: the press was theirs. The check-out is recorded at the press's time.
    const recorded = await org.hr.supabase.rpc('resolve_unverified_press', {
      p_id: id,
      p_resolution: 'recorded',
    });
    expect(recorded.error).toBeNull();
    const { rows } = await org.db.query<{ check_out: Date | null }>(
      'select check_out from public.attendances where employee_id = $1',
      [org.bfEmployee.employeeId],
    );
    expect(rows[0]!.check_out).not.toBeNull();
    const again = await org.hr.supabase.rpc('resolve_unverified_press', {
      p_id: id,
      p_resolution: 'dismissed',
    });
    expect(again.error?.message).toBe('biometric.press_already_resolved');
    const audit = await count(
      `select count(*) as n from public.audit_logs where entity = 'unverified_presses' and entity_id = $1`,
      [id],
    );
    expect(audit).toBe(2);
  });
});
