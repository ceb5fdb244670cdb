// The scanner page's RPCs as each role: the roster's version (what a running kiosk polls), the
// staff duplicate gallery (the server's only), and an admin's removal of a finger; enrolment,
// duplicate search and removal are audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeTemplate } from '../../../src/fingerprint/template/binary.ts';
import {
  decodeStoredTemplates,
  encodeTemplateSet,
  SET_FORMAT,
} from '../../../src/fingerprint/template/stored.ts';
import { MinutiaType, type Template } from '../../../src/fingerprint/template/types.ts';
import { createOrg, type Org } from './org.ts';

let org: Org;

function templateHex(seed: number): string {
  const template: Template = {
    width: 300,
    height: 400,
    dpi: 500,
    quality: 70,
    minutiae: Array.from({ length: 15 }, (_, i) => ({
      x: (seed * 7 + i * 17) % 290,
      y: (seed * 11 + i * 23) % 390,
      angle: ((seed + i) % 12) / 2,
      type: i % 2 ? MinutiaType.ending : MinutiaType.bifurcation,
      quality: 50,
    })),
  };
  return `\\x${Buffer.from(encodeTemplate(template)).toString('hex')}`;
}

async function enrol(employeeId: string, seed: number) {
  const { error } = await org.admin.supabase.rpc('enrol_fingerprint', {
    p_employee_id: employeeId,
    p_finger: 'right_index',
    p_template: templateHex(seed),
    p_quality: 70,
    p_consent_text_version: 'biometric-consent-2026-11-v1',
  });
  expect(error).toBeNull();
}

const audits = async (entityId: string) =>
  (
    await org.db.query(
      `select action, diff, actor_employee_id from public.audit_logs
       where entity = 'biometric_enrolments' and entity_id = $1 order by created_at, id`,
      [entityId],
    )
  ).rows as { action: string; diff: Record<string, unknown>; actor_employee_id: string | null }[];

beforeAll(async () => {
  org = await createOrg();
  await enrol(org.employee.employeeId, 1);
  await enrol(org.outsider.employeeId, 2);
  await enrol(org.bfEmployee.employeeId, 3);
});

afterAll(async () => {
  await org?.stop();
});

describe('kiosk_roster_version', () => {
  it('changes when an enrolment of the kiosk’s site changes, not for another site', async () => {
    const version = async () => {
      const { data, error } = await org.kioskUs.supabase.rpc('kiosk_roster_version');
      expect(error).toBeNull();
      return data as string;
    };
    const before = await version();
    expect(before).toMatch(/^[0-9a-f]{32}$/);
    await enrol(org.bfEmployee.employeeId, 4);
    expect(await version()).toBe(before);
    await enrol(org.manager.employeeId, 5);
    const after = await version();
    expect(after).not.toBe(before);
    await org.admin.supabase.rpc('remove_fingerprint', {
      p_employee_id: org.manager.employeeId,
      p_finger: 'right_index',
    });
    expect(await version()).toBe(before);
  });

  it('says nothing to HR, and an employee only about their own enrolment', async () => {
    const { data: employee } = await org.employee.supabase.rpc('kiosk_roster_version');
    const { data: hr } = await org.hr.supabase.rpc('kiosk_roster_version');
    const site = (await org.kioskUs.supabase.rpc('kiosk_roster_version')).data;
    // An empty roster's version: only the site's biometric policy, which is no one's data.
    const nobody = (
      await org.db.query(
        `select md5(case when app.site_identifies(site_id) then 'identify' else 'verify' end || ';') as v
           from public.employees where id = $1`,
        [org.hr.employeeId],
      )
    ).rows[0].v;
    expect(hr).toBe(nobody);
    expect(employee).not.toBe(site);
    expect(employee).not.toBe(nobody);
    const own = await org.employee.supabase.rpc('kiosk_roster');
    expect(new Set((own.data ?? []).map((r: { employee_id: string }) => r.employee_id))).toEqual(
      new Set([org.employee.employeeId]),
    );
    // Their own row names their finger, never its template (the portal's check runs on the server).
    expect((own.data ?? []).map((r: { template: unknown }) => r.template)).toEqual([null]);
    const { error } = await org.anon.rpc('kiosk_roster_version');
    expect(error).not.toBeNull();
  });
});

describe('enrol_fingerprint: what is stored', () => {
  it('keeps the three impressions as one set row, which the kiosk reads back whole', async () => {
    const set = encodeTemplateSet(
      [6, 7, 8].map((seed) => Buffer.from(templateHex(seed).slice(2), 'hex')).map((b) => new Uint8Array(b)),
    );
    const { error } = await org.admin.supabase.rpc('enrol_fingerprint', {
      p_employee_id: org.employee.employeeId,
      p_finger: 'left_index',
      p_template: `\\x${Buffer.from(set).toString('hex')}`,
      p_quality: 70,
      p_consent_text_version: 'biometric-consent-2026-11-v1',
      p_template_format: SET_FORMAT,
    });
    expect(error).toBeNull();
    const { data } = await org.kioskUs.supabase.rpc('kiosk_roster');
    const row = (
      data as { employee_id: string; finger: string; template: string; template_format: string }[]
    ).find((r) => r.employee_id === org.employee.employeeId && r.finger === 'left_index')!;
    expect(row.template_format).toBe(SET_FORMAT);
    const bytes = new Uint8Array(Buffer.from(row.template.slice(2), 'hex'));
    expect(decodeStoredTemplates(bytes, row.template_format)).toHaveLength(3);
    await org.admin.supabase.rpc('remove_fingerprint', {
      p_employee_id: org.employee.employeeId,
      p_finger: 'left_index',
    });
  });

  it('refuses a format the engine cannot read, and stores nothing', async () => {
    const { error } = await org.admin.supabase.rpc('enrol_fingerprint', {
      p_employee_id: org.manager.employeeId,
      p_finger: 'left_thumb',
      p_template: templateHex(9),
      p_quality: 70,
      p_consent_text_version: 'biometric-consent-2026-11-v1',
      p_template_format: 'wsq',
    });
    expect(error?.message).toBe('fingerprint.invalid_template');
    const { rows } = await org.db.query(
      `select 1 from public.biometric_enrolments where employee_id = $1 and finger = 'left_thumb'`,
      [org.manager.employeeId],
    );
    expect(rows).toHaveLength(0);
  });
});

describe('the staff duplicate gallery', () => {
  it('is no longer a browser function: the check runs on the server (template-access.test.ts)', async () => {
    for (const supabase of [org.admin.supabase, org.hr.supabase, org.manager.supabase, org.anon]) {
      const { data, error } = await supabase.rpc('fingerprint_duplicate_gallery', {});
      expect(data).toBeNull();
      expect(error).not.toBeNull();
      const staff = await supabase.rpc('staff_duplicate_gallery', { p_user_id: org.hr.userId });
      expect(staff.data).toBeNull();
      expect(staff.error).not.toBeNull();
    }
    // The service role (the fingerprint-enrol endpoint) gets the company's enrolments, audited.
    const { data, error } = await org.service.rpc('staff_duplicate_gallery', {
      p_user_id: org.hr.userId,
      p_employee_id: org.employee.employeeId,
    });
    expect(error).toBeNull();
    expect((data as { rows: unknown[] }).rows).toHaveLength(3);
    const trail = await audits(org.employee.employeeId);
    expect(trail.at(-1)).toMatchObject({
      action: 'duplicate_search',
      diff: { templates: 2 },
      actor_employee_id: org.hr.employeeId,
    });
  });

  it('lets the service search for a manager for their team or a new registration, not for others', async () => {
    const search = (employeeId: string | null) =>
      org.service.rpc('staff_duplicate_gallery', {
        p_user_id: org.manager.userId,
        p_employee_id: employeeId,
      });
    expect((await search(org.employee.employeeId)).error).toBeNull();
    expect((await search(null)).error).toBeNull();
    expect((await search(org.outsider.employeeId)).error?.message).toBe('fingerprint.enrol_denied');
    for (const who of [org.employee, org.kioskUs]) {
      const { error } = await org.service.rpc('staff_duplicate_gallery', { p_user_id: who.userId });
      expect(error?.message).toBe('fingerprint.enrol_denied');
    }
  });
});

describe('remove_fingerprint', () => {
  it('is refused to everyone but admins', async () => {
    for (const account of [org.hr, org.manager, org.employee, org.kioskUs]) {
      const { error } = await account.supabase.rpc('remove_fingerprint', {
        p_employee_id: org.employee.employeeId,
        p_finger: 'right_index',
      });
      expect(error?.message).toBe('fingerprint.remove_admin_only');
    }
    const { count } = await org.db
      .query('select count(*)::int as count from public.biometric_enrolments where employee_id = $1', [
        org.employee.employeeId,
      ])
      .then((r) => r.rows[0] as { count: number });
    expect(count).toBe(1);
  });

  it('lets an admin remove an enrolled finger, audited with the reason, and re-enrol it', async () => {
    const { error } = await org.admin.supabase.rpc('remove_fingerprint', {
      p_employee_id: org.employee.employeeId,
      p_finger: 'right_index',
      p_reason: 'cut on the finger',
    });
    expect(error).toBeNull();
    const trail = await audits(org.employee.employeeId);
    expect(trail.slice(-2).map((a) => a.action)).toEqual(['delete', 'remove']);
    expect(trail.at(-1)).toMatchObject({
      diff: { finger: 'right_index', reason: 'cut on the finger' },
      actor_employee_id: org.admin.employeeId,
    });
    const again = await org.admin.supabase.rpc('remove_fingerprint', {
      p_employee_id: org.employee.employeeId,
      p_finger: 'right_index',
    });
    expect(again.error?.message).toBe('fingerprint.not_enrolled');
    await enrol(org.employee.employeeId, 6);
    expect((await audits(org.employee.employeeId)).at(-1)?.action).toBe('enrol');
  });
});

describe('demo_finger: the simulator’s stored demo fingers', () => {
  const seed = 4053052494;
  const finger = Buffer.from('a stored finger, packed and deflated');

  it('gives a signed-in user the finger of a seed only while the simulator is allowed; never to anonymous callers', async () => {
    const before = (
      await org.db.query(`select scanner_simulator from public.system_settings where id = 'default'`)
    ).rows[0].scanner_simulator as boolean;
    await org.db.query(
      `insert into public.demo_fingers (seed, ridges) values ($1, $2) on conflict (seed) do nothing`,
      [seed, finger],
    );
    try {
      await org.db.query(`update public.system_settings set scanner_simulator = false where id = 'default'`);
      const off = await org.kioskUs.supabase.rpc('demo_finger', { p_seed: seed });
      expect(off.data).toBeNull();
      expect(off.error?.message).toBe('scanner.simulator_off');

      await org.db.query(`update public.system_settings set scanner_simulator = true where id = 'default'`);
      for (const account of [org.kioskUs, org.admin, org.employee]) {
        const on = await account.supabase.rpc('demo_finger', { p_seed: seed });
        expect(on.error).toBeNull();
        expect(Buffer.from(on.data as string, 'base64')).toEqual(finger);
      }
      // A finger nobody stored (a system started without demo data): null, the scanner grows it.
      const missing = await org.kioskUs.supabase.rpc('demo_finger', { p_seed: seed + 1 });
      expect(missing).toMatchObject({ data: null, error: null });

      const anonymous = await org.anon.rpc('demo_finger', { p_seed: seed });
      expect(anonymous.data).toBeNull();
      expect(anonymous.error).not.toBeNull();
    } finally {
      await org.db.query(`update public.system_settings set scanner_simulator = $1 where id = 'default'`, [
        before,
      ]);
    }
  });

  it('is not a table anyone reads or writes directly', async () => {
    for (const supabase of [org.admin.supabase, org.kioskUs.supabase, org.anon]) {
      const read = await supabase.from('demo_fingers').select('seed');
      expect(read.data ?? []).toEqual([]);
      const write = await supabase.from('demo_fingers').insert({ seed: 1, ridges: '\\x00' });
      expect(write.error).not.toBeNull();
    }
  });
});
