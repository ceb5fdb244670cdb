// The fingerprint-enrol function endpoint through the local stack's gateway: a self-signed-up person
// enrols their own first finger; the server checks the impressions, searches every enrolled finger
// (the gallery never leaves it) and stores the enrolment with an audit row. Refused without a
// session, refused for a duplicate with nothing stored, and 'unavailable' when the check cannot run.
// The search budget counts per person and per client address (issue 28 §5), so new sign-ups from one
// address do not buy fresh searches. The stack here believes X-Forwarded-For from 127.0.0.1 (as it
// would behind a reverse proxy on the same host), so a test can speak from several addresses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extract, syntheticFinger } from '../../../src/fingerprint/index.ts';
import { templateToBase64 } from '../../../src/fingerprint/template/binary.ts';
import { decodeStoredTemplates, SET_FORMAT } from '../../../src/fingerprint/template/stored.ts';
import { demoEnrolment, fingerSeed } from '../../../supabase/seed/fingerprints.ts';
import { api, signedInUser } from '../helpers.ts';
import { createOrg, type Org } from './org.ts';

let org: Org;
const CONSENT = 'biometric-consent-2026-11-v1';

/** Later impressions of a synthetic finger (three by default), as the scanner page would send them. */
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

function enrolCall(token: string | null, body: unknown, apikey = org.stack.anonKey, forwardedFor?: string) {
  return api(org.stack, '/functions/v1/fingerprint-enrol', {
    method: 'POST',
    headers: {
      apikey,
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
    },
    body: JSON.stringify(body),
  });
}

const enrolmentsOf = async (employeeId: string) =>
  (
    await org.db.query<{
      finger: string;
      template_format: string;
      template: Buffer;
      consent_text_version: string;
    }>(
      'select finger, template_format, template, consent_text_version from public.biometric_enrolments where employee_id = $1',
      [employeeId],
    )
  ).rows;

const auditsOf = async (employeeId: string) =>
  (
    await org.db.query<{ action: string; actor: string | null; diff: Record<string, unknown> }>(
      `select action, actor, diff from public.audit_logs
       where entity = 'biometric_enrolments' and entity_id = $1 order by id`,
      [employeeId],
    )
  ).rows;

async function newcomer(label: string) {
  const person = await signedInUser(org.stack, label);
  const { rows } = await org.db.query<{ id: string }>('select id from public.employees where user_id = $1', [
    person.user.id,
  ]);
  return { ...person, employeeId: rows[0]!.id, token: person.session.access_token };
}

const trustedBefore = process.env.FINGERPRINT_TRUSTED_PROXIES;

beforeAll(async () => {
  process.env.FINGERPRINT_TRUSTED_PROXIES = '127.0.0.1';
  org = await createOrg();
  // A real enrolled finger (the demo finger of org.employee), as the seed stores it.
  const demo = demoEnrolment(org.employee.employeeId);
  await org.db.query(
    `insert into public.biometric_enrolments (employee_id, finger, template, template_format, quality,
       consent_text_version, consent_at) values ($1, 'right_index', $2, $3, $4, 'demo', app.now())`,
    [org.employee.employeeId, Buffer.from(demo.template), demo.format, demo.quality],
  );
});

afterAll(async () => {
  await org?.stop();
  if (trustedBefore === undefined) delete process.env.FINGERPRINT_TRUSTED_PROXIES;
  else process.env.FINGERPRINT_TRUSTED_PROXIES = trustedBefore;
});

// Extraction here and the matcher in the stack's function thread take seconds on a busy machine.
describe('fingerprint-enrol endpoint', { timeout: 240_000 }, () => {
  it('refuses a call without a session, with the anon key as the session, and without an API key', async () => {
    const body = { finger: 'right_index', templates: ['a', 'b', 'c'], consentVersion: CONSENT };
    const none = await enrolCall(null, body);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ status: 'unauthorized' });
    const anon = await enrolCall(org.stack.anonKey, body);
    expect(anon.status).toBe(401);
    const noKey = await fetch(`${org.stack.url}/functions/v1/fingerprint-enrol`, { method: 'POST' });
    expect(noKey.status).toBe(401);
  });

  it('refuses a body without three templates or without consent', async () => {
    const person = await newcomer('badbody');
    const few = await enrolCall(person.token, {
      finger: 'right_index',
      templates: ['x'],
      consentVersion: CONSENT,
    });
    expect(few.status).toBe(400);
    const noConsent = await enrolCall(person.token, {
      finger: 'right_index',
      templates: impressions(4242),
      consentVersion: ' ',
    });
    expect(noConsent.status).toBe(400);
    expect(await enrolmentsOf(person.employeeId)).toHaveLength(0);
  });

  it("refuses someone else's finger as a duplicate and stores nothing (the search is audited)", async () => {
    const person = await newcomer('dup');
    const response = await enrolCall(person.token, {
      finger: 'right_index',
      templates: impressions(fingerSeed(org.employee.employeeId)),
      consentVersion: CONSENT,
    });
    expect(response.status).toBe(409);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ status: 'duplicate' }); // nothing about whose finger it is
    expect(await enrolmentsOf(person.employeeId)).toHaveLength(0);
    const audits = await auditsOf(person.employeeId);
    expect(audits).toEqual([
      { action: 'self_duplicate_search', actor: person.user.id, diff: { templates: 1, ip: '127.0.0.1' } },
    ]);
  });

  it('refuses impressions of different fingers as inconsistent', async () => {
    const person = await newcomer('mixed');
    const [a] = impressions(111, 1);
    const [b] = impressions(222, 1);
    const [c] = impressions(333, 1);
    const response = await enrolCall(person.token, {
      finger: 'right_index',
      templates: [a, b, c],
      consentVersion: CONSENT,
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ status: 'inconsistent' });
    expect(await enrolmentsOf(person.employeeId)).toHaveLength(0);
  });

  it('stores a new finger with its consent version and an audit row, once', async () => {
    const person = await newcomer('fresh');
    const templates = impressions(777_001);
    const response = await enrolCall(person.token, {
      finger: 'left_index',
      templates,
      consentVersion: CONSENT,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; quality: number };
    expect(body).toMatchObject({ status: 'enrolled', finger: 'left_index' });
    const rows = await enrolmentsOf(person.employeeId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      finger: 'left_index',
      template_format: SET_FORMAT,
      consent_text_version: CONSENT,
    });
    // All three impressions are kept, as sent.
    expect(decodeStoredTemplates(rows[0]!.template, SET_FORMAT)).toHaveLength(3);
    const audits = await auditsOf(person.employeeId);
    expect(audits.map((a) => a.action)).toEqual(['self_duplicate_search', 'enrol', 'self_enrol']);
    expect(audits.at(-1)).toMatchObject({
      actor: person.user.id,
      diff: { finger: 'left_index', consent_text_version: CONSENT, quality: body.quality },
    });

    // The person cannot enrol again by themselves (staff change an enrolled finger).
    const again = await enrolCall(person.token, {
      finger: 'right_thumb',
      templates: impressions(777_002),
      consentVersion: CONSENT,
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ status: 'already-enrolled' });
    expect(await enrolmentsOf(person.employeeId)).toHaveLength(1);
  });

  it('the database functions behind it are the service role’s only', async () => {
    const person = await newcomer('direct');
    const args = { p_user_id: person.user.id, p_known_version: null, p_client_ip: '192.0.2.1' };
    const gallery = await person.supabase.rpc('self_enrolment_gallery', args);
    expect(gallery.error).not.toBeNull();
    const store = await person.supabase.rpc('self_enrol_fingerprint', {
      p_user_id: person.user.id,
      p_finger: 'right_index',
      p_template: '\\x00',
      p_quality: 50,
      p_consent_text_version: CONSENT,
      p_template_format: SET_FORMAT,
      p_gallery_version: 'any',
    });
    expect(store.error?.message).toBe('permission denied for function self_enrol_fingerprint');
    const anonGallery = await org.anon.rpc('self_enrolment_gallery', args);
    expect(anonGallery.error).not.toBeNull();
    // The service gets the rows once per version of the enrolments, none when it holds the current one.
    const first = await org.service.rpc('self_enrolment_gallery', args);
    expect(first.error).toBeNull();
    const current = first.data as { version: string; employee_id: string; rows: unknown[] | null };
    expect(current.employee_id).toBe(person.employeeId);
    expect(current.rows?.length).toBeGreaterThan(0);
    const again = await org.service.rpc('self_enrolment_gallery', {
      ...args,
      p_known_version: current.version,
    });
    expect(again.data).toEqual({ ...current, rows: null });
    // The simulator switch is readable before signing in (the sign-up page's scanner).
    const simulator = await org.anon.rpc('scanner_simulator_enabled');
    expect(simulator.error).toBeNull();
    expect(typeof simulator.data).toBe('boolean');
  });

  it('refuses a store checked against a gallery that changed since, and stores nothing', async () => {
    const person = await newcomer('stale');
    const searched = await org.service.rpc('self_enrolment_gallery', {
      p_user_id: person.user.id,
      p_known_version: null,
      p_client_ip: '192.0.2.2',
    });
    const version = (searched.data as { version: string }).version;
    // Meanwhile someone else's finger is stored.
    const other = await newcomer('meanwhile');
    const fresh = await enrolCall(other.token, {
      finger: 'right_index',
      templates: impressions(fingerSeed(other.employeeId)),
      consentVersion: CONSENT,
    });
    expect(fresh.status).toBe(200);
    const store = (galleryVersion: string) =>
      org.service.rpc('self_enrol_fingerprint', {
        p_user_id: person.user.id,
        p_finger: 'right_index',
        p_template: `\\x${Buffer.from(demoEnrolment(person.employeeId).template).toString('hex')}`,
        p_quality: 60,
        p_consent_text_version: CONSENT,
        p_template_format: SET_FORMAT,
        p_gallery_version: galleryVersion,
      });
    const stale = await store(version);
    expect(stale.error?.message).toBe('fingerprint.fingers_changed');
    expect(await enrolmentsOf(person.employeeId)).toEqual([]);
    const current = await org.service.rpc('self_enrolment_gallery', {
      p_user_id: person.user.id,
      p_known_version: version,
      p_client_ip: '192.0.2.2',
    });
    const now = (current.data as { version: string }).version;
    expect(now).not.toBe(version);
    expect((await store(now)).error).toBeNull();
    expect(await enrolmentsOf(person.employeeId)).toHaveLength(1);
  });

  it('of two sign-ups enrolling the same finger at the same moment, one is enrolled and the other told it is a duplicate', async () => {
    const [first, second] = await Promise.all([newcomer('twin-a'), newcomer('twin-b')]);
    const finger = fingerSeed(first.employeeId);
    const answers = await Promise.all([
      enrolCall(first.token, {
        finger: 'right_index',
        templates: impressions(finger, 3, 6),
        consentVersion: CONSENT,
      }),
      enrolCall(second.token, {
        finger: 'right_index',
        templates: impressions(finger, 3, 10),
        consentVersion: CONSENT,
      }),
    ]);
    const bodies = await Promise.all(answers.map((a) => a.json() as Promise<{ status: string }>));
    expect(bodies.map((b) => b.status).sort()).toEqual(['duplicate', 'enrolled']);
    const stored = [...(await enrolmentsOf(first.employeeId)), ...(await enrolmentsOf(second.employeeId))];
    expect(stored).toHaveLength(1);
  });

  it("answers 'unavailable' and stores nothing when the duplicate check cannot run", async () => {
    const person = await newcomer('broken');
    const saved = (
      await org.db.query<{ def: string }>(
        `select pg_get_functiondef('public.self_enrolment_gallery(uuid, text, text)'::regprocedure) as def`,
      )
    ).rows[0]!.def;
    await org.db.query(
      `create or replace function public.self_enrolment_gallery(p_user_id uuid, p_known_version text, p_client_ip text) returns jsonb
       language plpgsql as $$ begin raise exception 'gallery unavailable'; end $$`,
    );
    try {
      const response = await enrolCall(person.token, {
        finger: 'right_index',
        templates: impressions(888_001),
        consentVersion: CONSENT,
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: 'unavailable' });
      expect(await enrolmentsOf(person.employeeId)).toHaveLength(0);
    } finally {
      await org.db.query(saved);
    }
  });
});

describe('the search budget, per person and per client address', { timeout: 240_000 }, () => {
  const NETWORK = '198.51.100.20';
  const searchesFrom = async (ip: string) =>
    (
      await org.db.query<{ n: number }>(
        `select count(*)::int as n from public.audit_logs where action = 'self_duplicate_search' and diff ->> 'ip' = $1`,
        [ip],
      )
    ).rows[0]!.n;
  /** Earlier searches (of other sign-ups) from an address in the last hour. */
  const earlierSearches = (ip: string, count: number, employeeId: string, userId: string) =>
    org.db.query(
      `insert into public.audit_logs (entity, entity_id, action, diff, actor, actor_employee_id)
       select 'biometric_enrolments', $3::text, 'self_duplicate_search', jsonb_build_object('templates', 1, 'ip', $1::text),
         $4::uuid, $3::uuid from generate_series(1, $2::int)`,
      [ip, count, employeeId, userId],
    );
  // Impressions of different fingers: searched (and counted), then refused as inconsistent; cheap.
  let mixed: string[] = [];
  beforeAll(() => {
    mixed = [impressions(401, 1)[0]!, impressions(402, 1)[0]!, impressions(403, 1)[0]!];
  });

  it('refuses a person after 10 searches an hour, from any address', async () => {
    const person = await newcomer('patient');
    await earlierSearches('192.0.2.50', 10, person.employeeId, person.user.id);
    const refused = await enrolCall(
      person.token,
      { finger: 'right_index', templates: mixed, consentVersion: CONSENT },
      undefined,
      '192.0.2.51',
    );
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ status: 'too-many', message: 'fingerprint.too_many_checks' });
    expect(await searchesFrom('192.0.2.51')).toBe(0);
  });

  it('refuses new sign-ups from an address after 30 searches an hour; another address still searches', async () => {
    const earlier = await newcomer('earlier');
    await earlierSearches(NETWORK, 29, earlier.employeeId, earlier.user.id);
    const body = { finger: 'right_index', templates: mixed, consentVersion: CONSENT };
    // The 30th search of the hour from this address.
    const last = await newcomer('thirtieth');
    expect((await enrolCall(last.token, body, undefined, NETWORK)).status).toBe(422);
    expect(await searchesFrom(NETWORK)).toBe(30);

    // A brand-new account (a fresh personal budget) from the same address gets nothing more,
    // even when it writes its own X-Forwarded-For entry in front of the proxy's.
    const fresh = await newcomer('fresh-account');
    for (const forwardedFor of [NETWORK, `203.0.113.99, ${NETWORK}`]) {
      const refused = await enrolCall(fresh.token, body, undefined, forwardedFor);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        status: 'too-many',
        message: 'fingerprint.too_many_checks_network',
      });
    }
    expect(await searchesFrom(NETWORK)).toBe(30);
    expect(await searchesFrom('203.0.113.99')).toBe(0);
    expect(await auditsOf(fresh.employeeId)).toEqual([]);

    // The same account from another address searches (and is told the impressions differ).
    expect((await enrolCall(fresh.token, body, undefined, '198.51.100.21')).status).toBe(422);
    expect(await searchesFrom('198.51.100.21')).toBe(1);
  });
});
