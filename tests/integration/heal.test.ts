// The local stack heals (issue 23 §7): PostgreSQL or PostgREST killed with SIGKILL comes back by
// itself, /health says 'down' meanwhile, and what was acknowledged before the kill is still there.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../../server/stack.ts';
import { client, PASSWORD, signedInUser, startTestStack } from './helpers.ts';

type Health = { status: string; parts: Record<string, string> };

async function health(stack: Stack): Promise<Health> {
  const response = await fetch(`${stack.url}/health`);
  return (await response.json()) as Health;
}

/** Polls /health (bounded) until `until` holds; returns every distinct answer seen. */
async function watchHealth(stack: Stack, until: (h: Health) => boolean, limitMs = 45_000) {
  const seen: Health[] = [];
  const deadline = Date.now() + limitMs;
  for (;;) {
    const answer = await health(stack);
    if (JSON.stringify(seen.at(-1)) !== JSON.stringify(answer)) seen.push(answer);
    if (until(answer)) return seen;
    if (Date.now() > deadline) throw new Error(`health never matched: ${JSON.stringify(seen)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function postmasterPid(stack: Stack): Promise<number> {
  const text = await fs.readFile(path.join(stack.dataDir, 'pg', 'postmaster.pid'), 'utf8');
  return Number(text.split('\n')[0]);
}

/** The PostgREST process this test process started (its child whose command line names it). */
async function postgrestPid(): Promise<number> {
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parent = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
    if (parent !== String(process.pid)) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.split('\0')[0]!.endsWith('postgrest')) return Number(entry);
  }
  throw new Error('no PostgREST child process');
}

type NoteEvent = RealtimePostgresChangesPayload<{ id: number; body: string }>;

async function subscribeToNotes(supabase: SupabaseClient, name: string) {
  const events: NoteEvent[] = [];
  const channel = supabase
    .channel(name)
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notes' }, (payload) =>
      events.push(payload as NoteEvent),
    );
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    }),
  );
  return { events, channel };
}

async function eventually(check: () => boolean, what: string, limitMs = 15_000) {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('PostgreSQL killed with SIGKILL', () => {
  let stack: Stack;
  beforeAll(async () => {
    // Durable commits, as npm start runs: an acknowledged write must survive the crash.
    stack = await startTestStack({ fast: false });
  });
  afterAll(() => stack?.stop());

  it('comes back by itself: health says down then ok, and nothing acknowledged is lost', async () => {
    const writer = await signedInUser(stack, 'heal-writer');
    const reader = await signedInUser(stack, 'heal-reader');
    const before = await subscribeToNotes(writer.supabase, 'before-the-crash');
    expect((await health(stack)).status).toBe('ok');

    // A stream of writes from four callers while the database is killed under them.
    const acknowledged: number[] = [];
    let refused = 0;
    let writing = true;
    const stream = Promise.all(
      Array.from({ length: 4 }, async (_, caller) => {
        for (let i = 0; writing; i++) {
          const { data, error } = await writer.supabase
            .from('notes')
            .insert({ body: `caller ${caller} write ${i}` })
            .select('id')
            .single();
          if (error) refused++;
          else acknowledged.push(data.id as number);
        }
      }),
    );
    await eventually(() => acknowledged.length >= 20, 'the first writes');
    process.kill(await postmasterPid(stack), 'SIGKILL');

    // The database's own part goes down (other parts may report down a moment before it does).
    const seen = await watchHealth(stack, (h) => h.parts.postgres === 'down');
    expect(seen.at(-1)!.status).toBe('down');
    const after = await watchHealth(stack, (h) => h.status === 'ok');
    expect(after.at(-1)).toEqual({
      status: 'ok',
      parts: { postgres: 'ok', rest: 'ok', auth: 'ok', realtime: 'ok' },
    });
    // Writes go through again after the restart, then the stream stops.
    const countAtRecovery = acknowledged.length;
    await eventually(() => acknowledged.length >= countAtRecovery + 20, 'writes after the restart');
    writing = false;
    await stream;
    expect(refused).toBeGreaterThan(0); // some calls did meet the dead database

    const { data: rows, error } = await writer.supabase.from('notes').select('id');
    expect(error).toBeNull();
    const stored = new Set(rows!.map((r) => r.id as number));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    // A sign-in (auth's pool), a REST call, and realtime: the old channel and a new one.
    const fresh = client(stack);
    const signIn = await fresh.auth.signInWithPassword({ email: reader.email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const later = await subscribeToNotes(writer.supabase, 'after-the-crash');
    const { data: note } = await writer.supabase
      .from('notes')
      .insert({ body: 'after the restart' })
      .select('id')
      .single();
    const arrived = (events: NoteEvent[]) => events.some((e) => (e.new as { id: number }).id === note!.id);
    await eventually(() => arrived(later.events) && arrived(before.events), 'the realtime events');
    writer.supabase.realtime.disconnect();
  });
});

describe('PostgREST killed with SIGKILL', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack?.stop());

  it('is started again on its port: health says rest down then ok, and REST answers', async () => {
    const { supabase } = await signedInUser(stack, 'heal-rest');
    const restUrl = stack.restUrl;
    process.kill(await postgrestPid(), 'SIGKILL');
    const seen = await watchHealth(stack, (h) => h.status === 'down');
    expect(seen.at(-1)!.parts).toMatchObject({ postgres: 'ok', rest: 'down' });
    await watchHealth(stack, (h) => h.status === 'ok');
    const { error } = await supabase.from('notes').insert({ body: 'after PostgREST came back' });
    expect(error).toBeNull();
    expect((await fetch(`${restUrl}/`)).ok).toBe(true); // the same port as before
  });
});

describe('a part that cannot come back', () => {
  it('is reported down and handed to onFatal (npm start exits non-zero there)', async () => {
    const fatal: Error[] = [];
    const stack = await startTestStack({
      restartPolicy: { attempts: 2, firstDelayMs: 10, maxDelayMs: 20, stableMs: 60_000 },
      onFatal: (error) => fatal.push(error),
    });
    const pgdata = path.join(stack.dataDir, 'pg');
    try {
      // Its data directory gone (PostgreSQL runs inside it, so it keeps going until killed):
      // every restart fails.
      await fs.rename(pgdata, `${pgdata}.away`);
      process.kill(
        Number((await fs.readFile(`${pgdata}.away/postmaster.pid`, 'utf8')).split('\n')[0]),
        'SIGKILL',
      );
      await eventually(() => fatal.length > 0, 'giving up', 30_000);
      expect(fatal.map((e) => e.message)).toEqual(['PostgreSQL did not come back after 2 attempts']);
      const answer = await health(stack);
      expect(answer.status).toBe('down');
      expect(answer.parts.postgres).toBe('down');
    } finally {
      await fs.rename(`${pgdata}.away`, pgdata).catch(() => undefined);
      await stack.stop();
    }
  });
});
