// Issue 23 §6 and §8 at the gateway: bodies over each API's limit are refused with 413 (declared or
// streamed) and change nothing, one at the limit goes through; security headers on pages and API
// answers; a new data directory gets its own secret, and the public demo key opens nothing.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET } from '../../server/config.ts';
import { BODY_LIMITS, REALTIME_FRAME_LIMIT } from '../../server/gateway/limits.ts';
import { startStack, type Stack } from '../../server/stack.ts';
import { client, signedInUser, startTestStack, uniqueEmail } from './helpers.ts';
import { TEST_SUPABASE_DIR } from './paths.ts';

const SPA_DIR = path.join(TEST_SUPABASE_DIR, '..', 'spa');

/** `json` followed by spaces up to exactly `size` bytes (JSON allows trailing whitespace). */
function padded(json: unknown, size: number): Buffer {
  const text = JSON.stringify(json);
  if (Buffer.byteLength(text) > size) throw new Error('the JSON alone is over the size');
  return Buffer.from(text + ' '.repeat(size - Buffer.byteLength(text)));
}

/** A POST through node's http: with Content-Length, or chunked (no length: only counting catches it). */
function post(
  stack: Stack,
  pathname: string,
  body: Buffer,
  { chunked = false, headers = {} }: { chunked?: boolean; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${stack.url}${pathname}`,
      {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          'Content-Type': 'application/json',
          ...(chunked ? {} : { 'Content-Length': String(body.length) }),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    if (chunked) {
      // Several chunks, as a streaming client sends them.
      const size = 64 * 1024;
      for (let i = 0; i < body.length; i += size) req.write(body.subarray(i, i + size));
      req.end();
    } else {
      req.end(body);
    }
  });
}

describe('body limits', () => {
  let stack: Stack;
  let writer: Awaited<ReturnType<typeof signedInUser>>;
  const bearer = () => ({ Authorization: `Bearer ${writer.session.access_token}` });
  const noteCount = async () =>
    (await writer.supabase.from('notes').select('id', { count: 'exact', head: true })).count;

  beforeAll(async () => {
    stack = await startTestStack();
    writer = await signedInUser(stack, 'limits');
  });
  afterAll(() => stack?.stop());

  it('REST: a body at 1 MB is stored, one byte more is refused with 413 (declared or chunked)', async () => {
    const limit = BODY_LIMITS.rest;
    expect(limit).toBe(1024 * 1024);
    const before = await noteCount();
    const atLimit = padded({ body: 'x'.repeat(limit - 100) }, limit);
    for (const chunked of [false, true]) {
      const over = Buffer.concat([atLimit, Buffer.from(' ')]);
      const refused = await post(stack, '/rest/v1/notes', over, { chunked, headers: bearer() });
      expect(refused.status, `chunked: ${chunked}`).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({
        code: 'payload_too_large',
        message: 'Request body too large: at most 1 MB here',
      });
    }
    expect(await noteCount()).toBe(before);
    const stored = await post(stack, '/rest/v1/notes', atLimit, { headers: bearer() });
    expect(stored.status).toBe(201);
    expect(await noteCount()).toBe(before! + 1);
    // The connection is still usable after a refusal: the next call answers normally.
    expect((await writer.supabase.from('notes').select('id').limit(1)).error).toBeNull();
  });

  it('RPC: the same limit for function arguments', async () => {
    const call = { a: 20, b: 22 };
    for (const chunked of [false, true]) {
      const ok = await post(stack, '/rest/v1/rpc/add_numbers', padded(call, BODY_LIMITS.rest), { chunked });
      expect(ok).toEqual({ status: 200, body: '42' });
    }
    for (const chunked of [false, true]) {
      const over = padded(call, BODY_LIMITS.rest + 1);
      expect((await post(stack, '/rest/v1/rpc/add_numbers', over, { chunked })).status).toBe(413);
    }
    // A huge body far over the limit is cut off without being read to the end.
    const huge = await post(stack, '/rest/v1/rpc/add_numbers', padded(call, 6 * BODY_LIMITS.rest), {
      chunked: true,
    });
    expect(huge.status).toBe(413);
  });

  it('auth: sign-up at 64 KB goes through, one byte more is refused and creates nobody', async () => {
    const service = client(stack, stack.serviceKey);
    const refusedEmail = uniqueEmail('too-large');
    const signup = (email: string, size: number) =>
      padded({ email, password: 'correct-horse-battery-7' }, size);
    for (const chunked of [false, true]) {
      const answer = await post(stack, '/auth/v1/signup', signup(refusedEmail, BODY_LIMITS.auth + 1), {
        chunked,
      });
      expect(answer.status).toBe(413);
    }
    const { data } = await service.auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.map((u) => u.email)).not.toContain(refusedEmail);
    const accepted = await post(stack, '/auth/v1/signup', signup(uniqueEmail('at-limit'), BODY_LIMITS.auth));
    expect(accepted.status).toBe(200);
  });

  it('functions: fingerprint-enrol refuses a body over 256 KB before running; at the limit it runs', async () => {
    const body = { finger: 'right_index', templates: ['a', 'b', 'c'], consentVersion: '1' };
    for (const chunked of [false, true]) {
      const over = padded(body, BODY_LIMITS.functions + 1);
      expect((await post(stack, '/functions/v1/fingerprint-enrol', over, { chunked })).status).toBe(413);
    }
    // At the limit the function itself answers (no session: 401), not the gateway's 413.
    const atLimit = await post(stack, '/functions/v1/fingerprint-enrol', padded(body, BODY_LIMITS.functions));
    expect(atLimit.status).toBe(401);
  });

  it('realtime: a frame over 256 KB closes the socket with 1009 (message too big)', async () => {
    const socket = new WebSocket(
      `${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=1.0.0`,
    );
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(' '.repeat(REALTIME_FRAME_LIMIT + 1));
    expect(await closed).toBe(1009);
  });
});

describe('security headers', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startTestStack({ staticDir: SPA_DIR });
  });
  afterAll(() => stack?.stop());

  it('pages: a CSP that lets only this origin frame them (the scanner page included), nosniff, a referrer policy', async () => {
    for (const page of ['/', '/fingerprint/index.html', '/employees/42']) {
      const res = await fetch(`${stack.url}${page}`);
      expect(res.status, page).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, page).toContain("frame-ancestors 'self'");
      expect(csp, page).toContain("default-src 'self'");
      expect(csp, page).toContain("object-src 'none'");
      expect(res.headers.get('x-frame-options'), page).toBe('SAMEORIGIN');
      expect(res.headers.get('x-content-type-options'), page).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), page).toBe('same-origin');
    }
  });

  it('API answers: nosniff, a referrer policy, and a CSP that never renders nor frames them', async () => {
    const answers = [
      await fetch(`${stack.url}/rest/v1/notes`, { headers: { apikey: stack.anonKey } }),
      await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: stack.anonKey } }),
      await fetch(`${stack.url}/rest/v1/notes`), // refused: no key
      await fetch(`${stack.url}/health`),
      await fetch(`${stack.url}/runtime-config.json`),
    ];
    for (const res of answers) {
      expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), res.url).toBe('same-origin');
      expect(res.headers.get('content-security-policy'), res.url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });
});

describe('a new data directory', () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-secret-'));
    await fs.chmod(root, 0o755);
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('gets its own random secret and keys (files of mode 0600), kept across restarts; the demo key opens nothing', async () => {
    const dataDir = path.join(root, 'data');
    const start = () =>
      startStack({ port: 0, dataDir, supabaseDir: TEST_SUPABASE_DIR, seed: 'never', fast: true });
    const first = await start();
    let firstKeys: { anon: string; service: string; secret: string };
    try {
      expect(first.secretSource).toBe('created');
      expect(first.jwtSecret).not.toBe(DEMO_JWT_SECRET);
      expect(first.anonKey).not.toBe(DEMO_ANON_KEY);
      const secretFile = path.join(dataDir, 'jwt-secret');
      expect((await fs.readFile(secretFile, 'utf8')).trim()).toBe(first.jwtSecret);
      for (const file of [secretFile, first.keysFile])
        expect((await fs.stat(file)).mode & 0o777, file).toBe(0o600);
      expect(JSON.parse(await fs.readFile(first.keysFile, 'utf8'))).toEqual({
        anon_key: first.anonKey,
        service_role_key: first.serviceKey,
      });
      // The gateway (and PostgREST behind it) refuses the public demo key.
      const demo = await fetch(`${first.url}/rest/v1/notes`, { headers: { apikey: DEMO_ANON_KEY } });
      expect(demo.status).toBe(401);
      const direct = await fetch(`${first.restUrl}/notes`, {
        headers: { Authorization: `Bearer ${DEMO_ANON_KEY}` },
      });
      expect(direct.status).toBe(401);
      expect((await fetch(`${first.url}/rest/v1/notes`, { headers: { apikey: first.anonKey } })).status).toBe(
        200,
      );
      firstKeys = { anon: first.anonKey, service: first.serviceKey, secret: first.jwtSecret };
    } finally {
      await first.stop();
    }
    const again = await start();
    try {
      expect(again.secretSource).toBe('data-dir');
      expect({ anon: again.anonKey, service: again.serviceKey, secret: again.jwtSecret }).toEqual(firstKeys);
    } finally {
      await again.stop();
    }
  });

  it('keeps no secret file when JWT_SECRET is given', async () => {
    const dataDir = path.join(root, 'configured');
    const jwtSecret = 'a-configured-secret-of-at-least-32-characters';
    const stack = await startTestStack({ dataDir, jwtSecret });
    try {
      expect(stack.secretSource).toBe('configured');
      expect(stack.jwtSecret).toBe(jwtSecret);
      expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
    } finally {
      await stack.stop();
    }
  });
});
