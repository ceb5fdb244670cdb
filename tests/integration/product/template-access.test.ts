// Issue 23 §5: fingerprint templates reach only admins, the kiosks of the person's site and the
// server. Every path a template could take to a client, as each role (admin, HR, manager, employee, a
// kiosk of the person's site, a kiosk of another site, anon); then the server's staff duplicate check
// and the portal's own-finger check, which answer outcomes and never a template.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { extract, syntheticFinger } from '../../../src/fingerprint/index.ts';
import { templateToBase64 } from '../../../src/fingerprint/template/binary.ts';
import { demoEnrolment, fingerSeed } from '../../../supabase/seed/fingerprints.ts';
import { api } from '../helpers.ts';
import { createOrg, type Account, type Org } from './org.ts';

let org: Org;
/** The stored template of each enrolled person, hex and base64 (to look for it in answers). */
const stored = new Map<string, { hex: string; base64: string }>();

function impressions(seed: number, count = 3, first = 6): string[] {
  const out: string[] = [];
  for (let index = first; out.length < count && index < first + 8; index++) {
    try {
      out.push(templateToBase64(extract(syntheticFinger(seed, index))));
    } catch {
      // Too poor to extract: the person presses again.
    }
  }
  return out;
}

async function enrolDemoFinger(employeeId: string) {
  const demo = demoEnrolment(employeeId);
  const bytes = Buffer.from(demo.template);
  await org.db.query(
    `insert into public.biometric_enrolments (employee_id, finger, template, template_format, quality,
       consent_text_version, consent_at) values ($1, 'right_index', $2, $3, $4, 'v1', app.now())`,
    [employeeId, bytes, demo.format, demo.quality],
  );
  stored.set(employeeId, { hex: bytes.toString('hex'), base64: bytes.toString('base64') });
}

/** Whether a text carries any stored template (hex as PostgREST gives bytea, or base64), or a part of one. */
function carriesTemplate(text: string): boolean {
  return [...stored.values()].some(
    ({ hex, base64 }) => text.includes(hex.slice(0, 64)) || text.includes(base64.slice(0, 48)),
  );
}

const call = (who: Account | null, body: unknown) =>
  api(org.stack, '/functions/v1/fingerprint-enrol', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(who ? { Authorization: `Bearer ${tokenOf.get(who)!}` } : {}),
    },
    body: JSON.stringify(body),
  });
const tokenOf = new Map<Account, string>();

let roles: [string, SupabaseClient][];
/** Three impressions of each enrolled person's finger and of a new one, made once (seconds each). */
const fingers = new Map<string, string[]>();
const NEW_FINGER = 'new';

beforeAll(async () => {
  org = await createOrg();
  for (const who of [org.employee, org.outsider, org.bfEmployee, org.manager])
    await enrolDemoFinger(who.employeeId);
  for (const who of [org.admin, org.hr, org.manager, org.employee, org.kioskUs, org.kioskBf]) {
    const { data } = await who.supabase.auth.getSession();
    tokenOf.set(who, data.session!.access_token);
  }
  for (const who of [org.employee, org.outsider, org.bfEmployee])
    fingers.set(who.employeeId, impressions(fingerSeed(who.employeeId)));
  fingers.set(NEW_FINGER, impressions(5_550_001));
  // The function thread starts (and builds its gallery) on its first call.
  await call(org.hr, {
    action: 'check',
    employeeId: org.employee.employeeId,
    templates: fingers.get(NEW_FINGER),
  });
  await org.db.query(`delete from public.audit_logs where action like 'duplicate%'`);
  roles = [
    ['admin', org.admin.supabase],
    ['hr', org.hr.supabase],
    ['manager', org.manager.supabase],
    ['employee', org.employee.supabase],
    ['kiosk-us', org.kioskUs.supabase],
    ['kiosk-bf', org.kioskBf.supabase],
    ['anon', org.anon],
  ];
}, 600_000);

afterAll(async () => {
  await org?.stop();
});

describe('who reads templates, path by path', () => {
  it('the table: admins only', async () => {
    for (const [name, supabase] of roles) {
      const { data, error } = await supabase.from('biometric_enrolments').select('employee_id, template');
      if (name === 'admin') expect((data ?? []).length).toBe(4);
      else expect(data ?? []).toEqual([]);
      if (name === 'anon') expect(error).not.toBeNull();
    }
  });

  it("kiosk_roster(): templates for admins and for the kiosk of the person's site only", async () => {
    const templatesBy = async (supabase: SupabaseClient) => {
      const { data } = await supabase.rpc('kiosk_roster');
      return ((data ?? []) as { employee_id: string; template: string | null }[])
        .filter((r) => r.template !== null)
        .map((r) => r.employee_id)
        .sort();
    };
    const us = [org.employee, org.outsider, org.manager].map((a) => a.employeeId).sort();
    expect(await templatesBy(org.admin.supabase)).toEqual([...us, org.bfEmployee.employeeId].sort());
    expect(await templatesBy(org.kioskUs.supabase)).toEqual(us);
    expect(await templatesBy(org.kioskBf.supabase)).toEqual([org.bfEmployee.employeeId]);
    for (const supabase of [org.hr.supabase, org.manager.supabase, org.employee.supabase, org.anon])
      expect(await templatesBy(supabase)).toEqual([]);
    // The portal's roster still names the person and their finger, without the template.
    const { data: own } = await org.employee.supabase.rpc('kiosk_roster');
    expect(own).toEqual([
      expect.objectContaining({
        employee_id: org.employee.employeeId,
        finger: 'right_index',
        template: null,
        template_format: null,
      }),
    ]);
  });

  it('fingerprint_duplicate_gallery() is gone, and the server-only functions refuse every browser role', async () => {
    for (const [, supabase] of roles) {
      const args = { p_user_id: org.employee.userId };
      const answers = await Promise.all([
        supabase.rpc('fingerprint_duplicate_gallery', {}),
        supabase.rpc('staff_duplicate_gallery', args),
        supabase.rpc('staff_duplicate_found', {
          ...args,
          p_employee_id: null,
          p_duplicate_of: org.employee.employeeId,
        }),
        supabase.rpc('own_enrolment_templates', args),
        supabase.rpc('self_enrolment_gallery', { ...args, p_known_version: null, p_client_ip: '1.2.3.4' }),
      ]);
      for (const answer of answers) {
        expect(answer.data).toBeNull();
        expect(answer.error).not.toBeNull();
      }
    }
  });

  it('of the functions a signed-in person may call, only kiosk_roster() returns template bytes', async () => {
    // Any public function with a bytea result or a bytea out-column that authenticated may execute.
    const { rows } = await org.db.query<{ name: string }>(
      `select distinct p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and has_function_privilege('authenticated', p.oid, 'execute')
         and ('bytea'::regtype = p.prorettype or 'public.biometric_enrolments'::regtype = p.prorettype
              or 'bytea'::regtype = any (coalesce(p.proallargtypes, '{}')))`,
    );
    expect(rows.map((r) => r.name)).toEqual(['kiosk_roster']);
    // The jsonb galleries are the service role's.
    const { rows: galleries } = await org.db.query<{ name: string; browser: boolean; service: boolean }>(
      `select p.proname as name, has_function_privilege('authenticated', p.oid, 'execute') or
              has_function_privilege('anon', p.oid, 'execute') as browser,
              has_function_privilege('service_role', p.oid, 'execute') as service
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname in
         ('staff_duplicate_gallery', 'staff_duplicate_found', 'own_enrolment_templates', 'self_enrolment_gallery')
       order by 1`,
    );
    expect(galleries).toEqual(
      [
        'own_enrolment_templates',
        'self_enrolment_gallery',
        'staff_duplicate_found',
        'staff_duplicate_gallery',
      ].map((name) => ({ name, browser: false, service: true })),
    );
  });

  it('no view has a bytea column, and the templates table is not published to realtime', async () => {
    const { rows: views } = await org.db.query(
      `select c.table_name, c.column_name from information_schema.columns c
       join information_schema.views v on v.table_schema = c.table_schema and v.table_name = c.table_name
       where c.table_schema = 'public' and c.data_type = 'bytea'`,
    );
    expect(views).toEqual([]);
    const { rows: published } = await org.db.query(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'biometric_enrolments'`,
    );
    expect(published).toEqual([]);
  });

  it("the company export is the admin's and carries no template; audit rows carry none either", async () => {
    const exported = await org.admin.supabase.rpc('export_company_data');
    expect(exported.error).toBeNull();
    const enrolments = (exported.data as Record<string, Record<string, unknown>[]>).biometric_enrolments!;
    expect(enrolments).toHaveLength(4);
    for (const row of enrolments) expect(row).not.toHaveProperty('template');
    expect(carriesTemplate(JSON.stringify(exported.data))).toBe(false);
    for (const [name, supabase] of roles.filter(([n]) => n !== 'admin')) {
      const refused = await supabase.rpc('export_company_data');
      expect(refused.data, name).toBeNull();
      expect(refused.error, name).not.toBeNull();
    }
    const { rows } = await org.db.query<{ diff: unknown }>('select diff from public.audit_logs');
    expect(carriesTemplate(JSON.stringify(rows))).toBe(false);
  });
});

// The matcher runs in the stack's function thread: seconds on a busy machine.
describe('the staff duplicate check runs on the server', { timeout: 240_000 }, () => {
  it('as HR, finds whose finger it is for a new registration, without any template in the answer, and audits it', async () => {
    const response = await call(org.hr, {
      action: 'check',
      employeeId: null,
      templates: fingers.get(org.outsider.employeeId),
    });
    const text = await response.text();
    expect(response.status).toBe(409);
    expect(JSON.parse(text)).toEqual({
      status: 'duplicate',
      duplicateOf: { id: org.outsider.employeeId, name: 'Outsider Test' },
    });
    expect(carriesTemplate(text)).toBe(false);
    const { rows } = await org.db.query<{ action: string; diff: Record<string, unknown>; actor: string }>(
      `select action, diff, actor from public.audit_logs where entity = 'biometric_enrolments' and entity_id = 'new'
       order by id`,
    );
    expect(rows).toEqual([
      { action: 'duplicate_search', diff: { templates: 4 }, actor: org.hr.userId },
      { action: 'duplicate_found', diff: { duplicate_of: org.outsider.employeeId }, actor: org.hr.userId },
    ]);
  });

  it("as a manager, for their team member: the person's own finger is no duplicate, a teammate's is", async () => {
    const own = await call(org.manager, {
      action: 'check',
      employeeId: org.employee.employeeId,
      templates: fingers.get(org.employee.employeeId),
    });
    expect(await own.json()).toEqual({ status: 'no-duplicate' });
    const someoneElses = await call(org.manager, {
      action: 'check',
      employeeId: org.employee.employeeId,
      templates: fingers.get(org.bfEmployee.employeeId),
    });
    expect(someoneElses.status).toBe(409);
    expect(await someoneElses.json()).toMatchObject({ duplicateOf: { id: org.bfEmployee.employeeId } });
  });

  it('refuses a manager outside their team, an employee, a kiosk and anon, searching nothing', async () => {
    const templates = fingers.get(org.employee.employeeId);
    const before = (await org.db.query(`select count(*)::int as n from public.audit_logs`)).rows[0].n;
    const outside = await call(org.manager, {
      action: 'check',
      employeeId: org.outsider.employeeId,
      templates,
    });
    expect(outside.status).toBe(403);
    for (const who of [org.employee, org.kioskUs]) {
      const refused = await call(who, { action: 'check', employeeId: null, templates });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ status: 'unauthorized' });
    }
    expect((await call(null, { action: 'check', employeeId: null, templates })).status).toBe(401);
    for (const employeeId of ['Infinity', 'NaN', '-1', "' or 1=1 --"]) {
      const bad = await call(org.hr, { action: 'check', employeeId, templates });
      expect(bad.status).toBe(400);
    }
    const missing = await call(org.hr, {
      action: 'check',
      employeeId: '00000000-0000-4000-8000-000000000000',
      templates,
    });
    expect(missing.status).toBe(400);
    const after = (await org.db.query(`select count(*)::int as n from public.audit_logs`)).rows[0].n;
    expect(after).toBe(before);
  });

  it('is budgeted: 60 searches an hour per staff member', async () => {
    await org.db.query(
      `insert into public.audit_logs (entity, entity_id, action, diff, actor, actor_employee_id)
       select 'biometric_enrolments', 'new', 'duplicate_search', '{"templates": 4}', $1, $2 from generate_series(1, 60)`,
      [org.admin.userId, org.admin.employeeId],
    );
    const refused = await call(org.admin, {
      action: 'check',
      employeeId: null,
      templates: fingers.get(NEW_FINGER),
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ status: 'too-many', message: 'fingerprint.too_many_checks' });
    const { rows } = await org.db.query(
      `select count(*)::int as n from public.audit_logs where action = 'duplicate_search' and actor = $1`,
      [org.admin.userId],
    );
    expect(rows[0].n).toBe(60);
  });
});

describe("the portal's own-finger check runs on the server", { timeout: 240_000 }, () => {
  it('matches one press of the signed-in person with their own finger only, and names only them', async () => {
    const press = (seed: number, index: number) => templateToBase64(extract(syntheticFinger(seed, index)));
    const seed = fingerSeed(org.employee.employeeId);
    let answer: Record<string, unknown> = {};
    // One press may be too poor to decide, as on any reader: at most three.
    for (let index = 12; index < 15; index++) {
      answer = (await (
        await call(org.employee, { action: 'verify', template: press(seed, index) })
      ).json()) as Record<string, unknown>;
      if (answer.status !== 'retry') break;
    }
    expect(answer).toMatchObject({
      status: 'matched',
      employee: { id: org.employee.employeeId, name: 'Employee Test' },
    });
    const other = await call(org.employee, {
      action: 'verify',
      template: press(fingerSeed(org.outsider.employeeId), 12),
    });
    const otherAnswer = (await other.json()) as Record<string, unknown>;
    expect(otherAnswer.status).toBe('no_match');
    expect(otherAnswer.employee).toBeUndefined();
    // HR has no finger enrolled; a kiosk has no employee finger of its own.
    expect(await (await call(org.hr, { action: 'verify', template: press(seed, 12) })).json()).toEqual({
      status: 'not-enrolled',
    });
    expect((await call(org.kioskUs, { action: 'verify', template: press(seed, 12) })).status).toBe(403);
    expect((await call(org.employee, { action: 'verify', template: 'not base64!' })).status).toBe(400);
  });
});
