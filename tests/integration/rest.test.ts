// REST through the gateway to the real PostgREST, as supabase-js and Refine call it.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Stack } from '../../server/stack.ts';
import { api, client, signedInUser, startTestStack } from './helpers.ts';

let stack: Stack;
let service: SupabaseClient;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
let teamIds: number[];

beforeAll(async () => {
  stack = await startTestStack();
  service = client(stack, stack.serviceKey);
  alice = await signedInUser(stack, 'alice');
  bob = await signedInUser(stack, 'bob');
  const { data: teams, error } = await service
    .from('teams')
    .insert([{ name: 'Ouaga' }, { name: 'Boston' }])
    .select('id')
    .order('id');
  expect(error).toBeNull();
  teamIds = teams!.map((t) => t.id as number);
  const notes = Array.from({ length: 30 }, (_, i) => ({
    body: `note ${String(i).padStart(2, '0')}`,
    amount: (i * 12.5).toFixed(2),
    team_id: teamIds[i % 2],
  }));
  expect((await alice.supabase.from('notes').insert(notes)).error).toBeNull();
  expect(
    (await bob.supabase.from('notes').insert({ body: 'bob only', team_id: teamIds[0] })).error,
  ).toBeNull();
});
afterAll(() => stack?.stop());

describe('reading', () => {
  it('lists a page with an exact total, ordered, with an embedded parent', async () => {
    const { data, count, error } = await alice.supabase
      .from('notes')
      .select('id, body, amount, teams(name)', { count: 'exact' })
      .order('body', { ascending: false })
      .range(0, 9);
    expect(error).toBeNull();
    expect(count).toBe(30);
    expect(data).toHaveLength(10);
    expect(data![0]).toMatchObject({ body: 'note 29', amount: 362.5, teams: { name: 'Boston' } });
    expect(data![9]!.body).toBe('note 20');
  });

  it('exposes Content-Range to browsers (Refine reads totals from it)', async () => {
    const res = await api(stack, '/rest/v1/notes?select=id&limit=5&offset=5', {
      headers: {
        Authorization: `Bearer ${alice.session.access_token}`,
        Prefer: 'count=exact',
        Origin: 'http://localhost:5173',
      },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('5-9/30');
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('applies filters', async () => {
    const { data } = await alice.supabase
      .from('notes')
      .select('body')
      .gte('amount', 300)
      .in('team_id', [teamIds[1]])
      .like('body', 'note 2%')
      .order('id');
    expect(data!.map((n) => n.body)).toEqual(['note 25', 'note 27', 'note 29']);
  });

  it('reports .single() on no row or on many rows as PGRST116', async () => {
    const none = await alice.supabase.from('notes').select().eq('body', 'missing').single();
    expect(none.error).toMatchObject({ code: 'PGRST116' });
    const many = await alice.supabase.from('notes').select().single();
    expect(many.error).toMatchObject({ code: 'PGRST116' });
    const one = await alice.supabase.from('notes').select('body').eq('body', 'note 03').single();
    expect(one.data).toEqual({ body: 'note 03' });
  });
});

describe('writing', () => {
  it('inserts, updates and deletes with representation', async () => {
    const created = await alice.supabase
      .from('notes')
      .insert({ body: 'fresh', amount: 1.5 })
      .select()
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ body: 'fresh', amount: 1.5, owner: alice.user.id });
    const id = created.data!.id as number;

    const updated = await alice.supabase
      .from('notes')
      .update({ body: 'edited' })
      .eq('id', id)
      .select()
      .single();
    expect(updated.data).toMatchObject({ id, body: 'edited' });

    const deleted = await alice.supabase.from('notes').delete().eq('id', id).select();
    expect(deleted.data).toEqual([expect.objectContaining({ id, body: 'edited' })]);
    expect((await alice.supabase.from('notes').select().eq('id', id)).data).toEqual([]);
  });

  it('answers a constraint violation with its code and changes nothing', async () => {
    const bad = await alice.supabase.from('notes').insert({ body: '' });
    expect(bad.error).toMatchObject({ code: '23514' });
    const dup = await service.from('teams').insert({ name: 'Ouaga' });
    expect(dup.error).toMatchObject({ code: '23505' });
    expect((await service.from('teams').select('id', { count: 'exact', head: true })).count).toBe(2);
  });
});

describe('RPC', () => {
  it('calls a function and returns its value', async () => {
    const { data, error } = await alice.supabase.rpc('add_numbers', { a: 2, b: 40 });
    expect(error).toBeNull();
    expect(data).toBe(42);
  });

  it('returns a raised exception as P0001 with its message and hint', async () => {
    const { error } = await alice.supabase.rpc('refuse', { reason: 'punch.already_checked_in' });
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'punch.already_checked_in',
      hint: 'refused on purpose',
    });
  });
});

describe('row-level security', () => {
  it('shows each user only their rows, and service_role all of them', async () => {
    const asAlice = await alice.supabase.from('notes').select('body', { count: 'exact' });
    const asBob = await bob.supabase.from('notes').select('body', { count: 'exact' });
    const asService = await service.from('notes').select('body', { count: 'exact' });
    expect(asAlice.count).toBe(30);
    expect(asBob.data).toEqual([{ body: 'bob only' }]);
    expect(asService.count).toBe(31);
  });

  it('turns an update or delete of a hidden row into a no-op, not an error', async () => {
    const { data: bobs } = await service.from('notes').select('id').eq('body', 'bob only').single();
    const update = await alice.supabase.from('notes').update({ body: 'hacked' }).eq('id', bobs!.id).select();
    expect(update).toMatchObject({ error: null, data: [] });
    const del = await alice.supabase.from('notes').delete().eq('id', bobs!.id).select();
    expect(del).toMatchObject({ error: null, data: [] });
    expect((await service.from('notes').select('body').eq('id', bobs!.id).single()).data).toEqual({
      body: 'bob only',
    });
  });

  it('refuses to write a row for someone else', async () => {
    const { error } = await alice.supabase.from('notes').insert({ body: 'forged owner', owner: bob.user.id });
    expect(error).toMatchObject({ code: '42501' });
  });

  it('gives anon nothing: 401 for a table it has no policy on', async () => {
    const anon = client(stack);
    const { data, error } = await anon.from('notes').select();
    // anon has the default grants but no policy: RLS returns no rows.
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const write = await anon.from('notes').insert({ body: 'anonymous', owner: alice.user.id });
    expect(write.error).toMatchObject({ code: '42501' });
    expect(write.status).toBe(401);
  });
});

describe('tokens', () => {
  const headersWith = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('refuses a forged token with 401', async () => {
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-completely-different-secret-of-32-chars!'));
    const res = await api(stack, '/rest/v1/notes?select=id', { headers: headersWith(forged) });
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('PGRST301');
  });

  it('refuses an expired token with 401 PGRST301', async () => {
    const expired = await new SignJWT({ role: 'authenticated', sub: alice.user.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(stack.jwtSecret));
    const res = await api(stack, '/rest/v1/notes?select=id', { headers: headersWith(expired) });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'PGRST301', message: expect.stringMatching(/expired/i) });
  });

  it('answers 403 when a signed-in role lacks the privilege', async () => {
    const db = await import('pg');
    const conn = new db.default.Client(stack.databaseUrl);
    await conn.connect();
    await conn.query('revoke all on public.teams from authenticated');
    await conn.end();
    try {
      const { error, status } = await alice.supabase.from('teams').select();
      expect(status).toBe(403);
      expect(error).toMatchObject({ code: '42501' });
    } finally {
      const again = new db.default.Client(stack.databaseUrl);
      await again.connect();
      await again.query('grant all on public.teams to authenticated');
      await again.end();
    }
  });
});
