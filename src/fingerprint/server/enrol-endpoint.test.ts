import { beforeAll, describe, expect, it } from 'vitest';
import { extract } from '../extract/index.ts';
import { Gallery } from '../identify/gallery.ts';
import { syntheticFinger } from '../synth/index.ts';
import { templateToBase64 } from '../template/binary.ts';
import { decodeStoredTemplates, SET_FORMAT, storedEnrolmentTemplate } from '../template/stored.ts';
import {
  checkEnrolment,
  duplicateGallery,
  handleFingerprintEnrol,
  parseEnrolRequest,
} from './enrol-endpoint.ts';

/** Later impressions of a synthetic finger, base64 templates (as the scanner page sends them). */
function impressions(seed: number, count = 3, first = 0): string[] {
  const out: string[] = [];
  for (let index = first; out.length < count && index < first + 8; index++) {
    try {
      out.push(templateToBase64(extract(syntheticFinger(seed, index))));
    } catch {
      // too poor: pressed again
    }
  }
  return out;
}

const env = (fetch: typeof globalThis.fetch) => ({
  supabaseUrl: 'http://api.test/',
  anonKey: 'anon',
  serviceKey: 'service',
  fetch,
});

const post = (body: unknown, token: string | null = 'user-token') =>
  new Request('http://functions/fingerprint-enrol', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// Synthesis and extraction take a few seconds on a busy machine: once for the file.
let mine: string[] = [];
let again: string[] = [];
let theirs: string[] = [];
beforeAll(() => {
  mine = impressions(9001);
  again = impressions(9001, 3, 3);
  theirs = impressions(9002, 1, 6);
}, 120_000);

describe('parseEnrolRequest', () => {
  it('needs a known finger, three templates and the consent version', () => {
    const ok = { finger: 'left_thumb', templates: ['a', 'b', 'c'], consentVersion: ' v1 ' };
    expect(parseEnrolRequest(ok)).toEqual({
      finger: 'left_thumb',
      templates: ['a', 'b', 'c'],
      consentVersion: 'v1',
    });
    expect(parseEnrolRequest({ ...ok, finger: 'nose' })).toBe('Unknown finger.');
    expect(parseEnrolRequest({ ...ok, templates: ['a', 'b'] })).toMatch(/Three/);
    expect(parseEnrolRequest({ ...ok, templates: ['a', 'b', 'x'.repeat(9000)] })).toMatch(/Three/);
    expect(parseEnrolRequest({ ...ok, consentVersion: '' })).toMatch(/consent/);
    expect(parseEnrolRequest(null)).toMatch(/object/);
  });
});

describe('checkEnrolment', () => {
  it('keeps the three impressions, best first and as sent, for a new finger', async () => {
    const other = storedEnrolmentTemplate(theirs);
    const gallery = duplicateGallery([{ e: 'someone', t: other.template, f: other.format }]);
    const result = await checkEnrolment(mine, gallery);
    expect(result.status).toBe('ok');
    if (result.status !== 'ok') return;
    expect(result.format).toBe(SET_FORMAT);
    const stored = decodeStoredTemplates(
      Uint8Array.from(atob(result.template), (c) => c.charCodeAt(0)),
      SET_FORMAT,
    );
    expect(stored).toHaveLength(3);
    expect(stored.map((t) => t.quality)).toEqual([...stored.map((t) => t.quality)].sort((a, b) => b - a));
  });

  it('refuses a finger already in the gallery, and impressions of different fingers', async () => {
    const enrolled = storedEnrolmentTemplate(again);
    const gallery = duplicateGallery([
      { e: 'someone', t: enrolled.template, f: enrolled.format },
      { e: 'broken', t: 'corrupt', f: SET_FORMAT },
    ]);
    expect(await checkEnrolment(mine, gallery)).toEqual({ status: 'duplicate', of: 'someone' });
    // The person's own enrolled finger is not their duplicate.
    expect((await checkEnrolment(mine, gallery, 'someone')).status).toBe('ok');
    expect(await checkEnrolment([mine[0]!, theirs[0]!, mine[1]!], Gallery.build([]))).toEqual({
      status: 'inconsistent',
    });
  });
});

describe('handleFingerprintEnrol', () => {
  it('refuses a request without a session before calling anything', async () => {
    let calls = 0;
    const response = await handleFingerprintEnrol(
      post({}, null),
      env(async () => {
        calls++;
        return json(200, {});
      }),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ status: 'unauthorized' });
    expect(calls).toBe(0);
  });

  it('refuses a session the auth service does not accept', async () => {
    const response = await handleFingerprintEnrol(
      post({}),
      env(async () => json(401, { message: 'invalid JWT' })),
    );
    expect(response.status).toBe(401);
  });

  it("answers 'unavailable' when the database cannot be reached, and stores nothing", async () => {
    const urls: string[] = [];
    const response = await handleFingerprintEnrol(
      post({ finger: 'right_index', templates: mine, consentVersion: 'v1' }),
      env(async (input) => {
        const url = String(input);
        urls.push(url);
        if (url.endsWith('/auth/v1/user')) return json(200, { id: 'user-1' });
        throw new TypeError('fetch failed');
      }),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'unavailable' });
    expect(urls).toEqual([
      'http://api.test/auth/v1/user',
      'http://api.test/rest/v1/rpc/self_enrolment_gallery',
    ]);
  });

  it('searches with the service key and stores through self_enrol_fingerprint', async () => {
    const calls: { url: string; auth: string | null; body: Record<string, unknown> | null }[] = [];
    const response = await handleFingerprintEnrol(
      post({ finger: 'right_index', templates: mine, consentVersion: 'v1' }),
      env(async (input, init) => {
        const url = String(input);
        calls.push({
          url,
          auth: new Headers(init?.headers).get('authorization'),
          body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null,
        });
        if (url.endsWith('/auth/v1/user')) return json(200, { id: 'user-1' });
        if (url.endsWith('/self_enrolment_gallery')) {
          const known = calls.at(-1)!.body!.p_known_version;
          return json(200, { version: 'v1', employee_id: 'me', rows: known === 'v1' ? null : [] });
        }
        return json(200, 'enrolment-id');
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'enrolled', finger: 'right_index' });
    expect(calls.map((c) => [c.url.replace('http://api.test', ''), c.auth])).toEqual([
      ['/auth/v1/user', 'Bearer user-token'],
      ['/rest/v1/rpc/self_enrolment_gallery', 'Bearer service'],
      ['/rest/v1/rpc/self_enrol_fingerprint', 'Bearer service'],
    ]);
    expect(calls[2]!.body).toMatchObject({
      p_user_id: 'user-1',
      p_finger: 'right_index',
      p_template_format: SET_FORMAT,
      p_consent_text_version: 'v1',
    });
    expect(String(calls[2]!.body!.p_template)).toMatch(/^\\x[0-9a-f]+$/);
    expect(calls[1]!.body).toEqual({ p_user_id: 'user-1', p_known_version: null, p_client_ip: null });

    // The next call says which gallery it holds; the database sends no rows when it is current.
    calls.length = 0;
    const next = await handleFingerprintEnrol(
      post({ finger: 'right_index', templates: mine, consentVersion: 'v1' }),
      env(async (input, init) => {
        const url = String(input);
        const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
        calls.push({ url, auth: null, body });
        if (url.endsWith('/auth/v1/user')) return json(200, { id: 'user-2' });
        if (url.endsWith('/self_enrolment_gallery'))
          return json(200, {
            version: 'v1',
            employee_id: 'me2',
            rows: body!.p_known_version === 'v1' ? null : [],
          });
        return json(200, 'enrolment-id');
      }),
    );
    expect(next.status).toBe(200);
    expect(calls[1]!.body).toEqual({ p_user_id: 'user-2', p_known_version: 'v1', p_client_ip: null });
  });
  it('searches again when another finger was stored between its search and its store, and finds the duplicate', async () => {
    // Two sign-ups with the same finger at the same moment: the other one stored first.
    const enrolled = storedEnrolmentTemplate(again);
    const stores: unknown[] = [];
    const galleries: unknown[] = [];
    const response = await handleFingerprintEnrol(
      post({ finger: 'right_index', templates: mine, consentVersion: 'v1' }),
      env(async (input, init) => {
        const url = String(input);
        const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
        if (url.endsWith('/auth/v1/user')) return json(200, { id: 'user-3' });
        if (url.endsWith('/self_enrolment_gallery')) {
          galleries.push(body!.p_known_version);
          return galleries.length === 1
            ? json(200, { version: 'before', employee_id: 'me3', rows: [] })
            : json(200, {
                version: 'after',
                employee_id: 'me3',
                rows: [{ e: 'the-other-sign-up', t: enrolled.template, f: enrolled.format }],
              });
        }
        stores.push(body!.p_gallery_version);
        return json(400, { message: 'fingerprint.fingers_changed' });
      }),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ status: 'duplicate' });
    // One store, against the gallery it searched; refused; the second search found the duplicate.
    expect(stores).toEqual(['before']);
    expect(galleries).toHaveLength(2);
  });

  it("answers 'unavailable' when the gallery keeps changing, after three searches", async () => {
    let searches = 0;
    const response = await handleFingerprintEnrol(
      post({ finger: 'right_index', templates: mine, consentVersion: 'v1' }),
      env(async (input) => {
        const url = String(input);
        if (url.endsWith('/auth/v1/user')) return json(200, { id: 'user-4' });
        if (url.endsWith('/self_enrolment_gallery'))
          return json(200, { version: `v${++searches}`, employee_id: 'me4', rows: [] });
        return json(400, { message: 'fingerprint.fingers_changed' });
      }),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'unavailable' });
    expect(searches).toBe(3);
  });
});

describe("handleFingerprintEnrol: the routes' answers never carry a template", () => {
  const at = (base: string, fetch: typeof globalThis.fetch) => ({ ...env(fetch), supabaseUrl: base });

  it("self-enrolment passes the client's address and answers 429 on either budget", async () => {
    for (const code of ['fingerprint_search_budget', 'fingerprint_ip_budget']) {
      const bodies: Record<string, unknown>[] = [];
      const response = await handleFingerprintEnrol(
        post({ finger: 'right_index', templates: mine, consentVersion: 'v1' }),
        at('http://budget.test', async (input, init) => {
          if (String(input).endsWith('/auth/v1/user')) return json(200, { id: 'user-5' });
          bodies.push(JSON.parse(String(init!.body)) as Record<string, unknown>);
          return json(400, { code: 'P0001', message: 'fingerprint.too_many_checks', hint: code });
        }),
        { clientIp: '203.0.113.7' },
      );
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual({ status: 'too-many', message: 'fingerprint.too_many_checks' });
      expect(bodies).toEqual([{ p_user_id: 'user-5', p_known_version: null, p_client_ip: '203.0.113.7' }]);
    }
  });

  it("a staff check answers whose finger it is, and 'no-duplicate' for a new one", async () => {
    const enrolled = storedEnrolmentTemplate(again);
    const calls: { url: string; body: Record<string, unknown> }[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/auth/v1/user')) return json(200, { id: 'hr-user' });
      const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
      calls.push({ url: url.replace('http://staff.test', ''), body });
      if (url.endsWith('/staff_duplicate_gallery'))
        return json(200, { version: 'g1', rows: [{ e: 'emp-9', t: enrolled.template, f: enrolled.format }] });
      return json(200, { id: 'emp-9', name: 'Awa Ouedraogo' });
    };
    const duplicate = await handleFingerprintEnrol(
      post({ action: 'check', employeeId: null, templates: mine }),
      at('http://staff.test', fetch),
    );
    expect(duplicate.status).toBe(409);
    const text = await duplicate.text();
    expect(JSON.parse(text)).toEqual({
      status: 'duplicate',
      duplicateOf: { id: 'emp-9', name: 'Awa Ouedraogo' },
    });
    expect(text).not.toContain(enrolled.template.slice(0, 40));
    expect(calls.map((c) => c.url)).toEqual([
      '/rest/v1/rpc/staff_duplicate_gallery',
      '/rest/v1/rpc/staff_duplicate_found',
    ]);
    expect(calls[0]!.body).toEqual({ p_user_id: 'hr-user', p_employee_id: null, p_known_version: null });
    expect(calls[1]!.body).toEqual({ p_user_id: 'hr-user', p_employee_id: null, p_duplicate_of: 'emp-9' });

    // For its owner the same finger is not a duplicate (and the gallery held is reused).
    const owner = '00000000-0000-4000-8000-000000000009';
    calls.length = 0;
    const own = await handleFingerprintEnrol(
      post({ action: 'check', employeeId: owner, templates: mine }),
      at('http://owner.test', async (input, init) => {
        const url = String(input);
        if (url.endsWith('/auth/v1/user')) return json(200, { id: 'hr-user' });
        calls.push({ url, body: JSON.parse(String(init!.body)) as Record<string, unknown> });
        return json(200, { version: 'g2', rows: [{ e: owner, t: enrolled.template, f: enrolled.format }] });
      }),
    );
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ status: 'no-duplicate' });
    expect(calls).toHaveLength(1);
  });

  it('a staff check refuses bad input before searching', async () => {
    let searched = 0;
    const fetch = async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/auth/v1/user')) return json(200, { id: 'hr-user' });
      searched++;
      return json(200, {});
    };
    for (const body of [
      { action: 'check', employeeId: 'not-a-uuid', templates: mine },
      { action: 'check', employeeId: null, templates: mine.slice(0, 2) },
      { action: 'check', employeeId: null, templates: ['@@@', '@@@', '@@@'] },
      { action: 'steal' },
    ]) {
      const response = await handleFingerprintEnrol(post(body), at('http://bad.test', fetch));
      expect(response.status).toBe(400);
    }
    expect(searched).toBe(0);
  });

  it("verify compares one press with the person's own enrolment and names only them", async () => {
    const enrolled = storedEnrolmentTemplate(mine);
    const fetch = async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/auth/v1/user')) return json(200, { id: 'emp-user' });
      return json(200, {
        employee_id: 'emp-1',
        name: 'Ada Lovelace',
        rows: [{ t: enrolled.template, f: enrolled.format }],
      });
    };
    const same = await handleFingerprintEnrol(
      post({ action: 'verify', template: again[0] }),
      at('http://verify.test', fetch),
    );
    const sameAnswer = (await same.json()) as { status: string; employee?: unknown };
    expect(['matched', 'retry']).toContain(sameAnswer.status);
    if (sameAnswer.status === 'matched')
      expect(sameAnswer.employee).toEqual({ id: 'emp-1', name: 'Ada Lovelace' });
    const other = await handleFingerprintEnrol(
      post({ action: 'verify', template: theirs[0] }),
      at('http://verify.test', fetch),
    );
    const otherAnswer = (await other.json()) as Record<string, unknown>;
    expect(otherAnswer.status).toBe('no_match');
    expect(otherAnswer.employee).toBeUndefined();
  });
});
