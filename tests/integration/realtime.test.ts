// Realtime through supabase-js: row changes reach subscribers who may see the row, and only them.
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Stack } from '../../server/stack.ts';
import { client, signedInUser, startTestStack } from './helpers.ts';

type Note = { id: number; body: string; team_id: number | null; amount: number; owner: string };
type Event = RealtimePostgresChangesPayload<Note>;

let stack: Stack;
let service: SupabaseClient;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
let teams: number[];
const channels: RealtimeChannel[] = [];

beforeAll(async () => {
  // Durable commits (as npm start runs): events must not outrun the commit's visibility.
  stack = await startTestStack({ fast: false });
  service = client(stack, stack.serviceKey);
  alice = await signedInUser(stack, 'rt-alice');
  bob = await signedInUser(stack, 'rt-bob');
  const { data } = await service
    .from('teams')
    .insert([{ name: 'A' }, { name: 'B' }, { name: 'C' }])
    .select('id')
    .order('id');
  teams = data!.map((t) => t.id as number);
});
afterAll(async () => {
  for (const ch of channels) await ch.unsubscribe();
  for (const c of [service, alice?.supabase, bob?.supabase]) c?.realtime.disconnect();
  await stack?.stop();
});

let channelCounter = 0;
/** Subscribes and resolves once the server has confirmed the join. */
async function subscribe(
  supabase: SupabaseClient,
  filter?: string,
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE' = '*',
) {
  const events: Event[] = [];
  const channel = supabase
    .channel(`test-${++channelCounter}`)
    .on(
      'postgres_changes',
      { event: event as '*', schema: 'public', table: 'notes', ...(filter ? { filter } : {}) },
      (payload) => events.push(payload as Event),
    );
  channels.push(channel);
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    }),
  );
  return events;
}

/** Waits until the list holds what we need (a generous ceiling: latency is measured by the benchmark, not here). */
async function until<T>(
  list: T[],
  predicate: (list: T[]) => boolean,
  what: string,
  ceilingMs = 5000,
): Promise<void> {
  const deadline = Date.now() + ceilingMs;
  while (!predicate(list)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('postgres_changes', () => {
  it("delivers INSERT, UPDATE and DELETE of the subscriber's own rows", async () => {
    const events = await subscribe(alice.supabase);
    const { data: row } = await alice.supabase
      .from('notes')
      .insert({ body: 'live', amount: 12.5, team_id: teams[0] })
      .select()
      .single();
    await until(events, (l) => l.length >= 1, 'INSERT');
    expect(events[0]).toMatchObject({
      eventType: 'INSERT',
      schema: 'public',
      table: 'notes',
      new: { id: row!.id, body: 'live', amount: 12.5, team_id: teams[0], owner: alice.user.id },
    });
    expect(Date.parse(events[0]!.commit_timestamp)).toBeGreaterThan(Date.now() - 60_000);

    await alice.supabase.from('notes').update({ body: 'changed' }).eq('id', row!.id);
    await until(events, (l) => l.length >= 2, 'UPDATE');
    expect(events[1]).toMatchObject({
      eventType: 'UPDATE',
      new: { id: row!.id, body: 'changed' },
      old: { id: row!.id },
    });

    await alice.supabase.from('notes').delete().eq('id', row!.id);
    await until(events, (l) => l.length >= 3, 'DELETE');
    expect(events[2]).toMatchObject({ eventType: 'DELETE', old: { id: row!.id } });
  });

  it('applies each filter operator to the row', async () => {
    const cases: Array<[string, string[]]> = [
      [`team_id=eq.${teams[1]}`, ['b1']],
      [`team_id=neq.${teams[1]}`, ['a1', 'c1']],
      [`amount=lt.10`, ['a1']],
      [`amount=lte.10`, ['a1', 'b1']],
      [`amount=gt.10`, ['c1']],
      [`amount=gte.10`, ['b1', 'c1']],
      [`body=in.(a1,c1)`, ['a1', 'c1']],
    ];
    const lists = await Promise.all(cases.map(([filter]) => subscribe(alice.supabase, filter, 'INSERT')));
    await alice.supabase.from('notes').insert([
      { body: 'a1', amount: 5, team_id: teams[0] },
      { body: 'b1', amount: 10, team_id: teams[1] },
      { body: 'c1', amount: 20, team_id: teams[2] },
    ]);
    // A last row every filter lets through marks the end of the stream.
    const sentinel = await subscribe(alice.supabase, undefined, 'INSERT');
    await alice.supabase.from('notes').insert({ body: 'end', amount: 0 });
    await until(sentinel, (l) => l.some((e) => (e.new as Note).body === 'end'), 'the sentinel');
    cases.forEach(([filter, expected], i) => {
      const got = lists[i]!.map((e) => (e.new as Note).body).filter((b) => b !== 'end');
      expect({ filter, got }).toEqual({ filter, got: expected });
    });
  });

  it('does not deliver a row to a subscriber whom RLS hides it from', async () => {
    const bobEvents = await subscribe(bob.supabase);
    await alice.supabase.from('notes').insert({ body: 'alice private' });
    // Bob's own insert commits after Alice's; events arrive in commit order.
    await bob.supabase.from('notes').insert({ body: 'bob visible' });
    await until(bobEvents, (l) => l.length >= 1, "bob's own row");
    expect(bobEvents.map((e) => (e.new as Note).body)).toEqual(['bob visible']);
  });

  it('follows access_token updates: anon sees nothing, the same channel signed in sees its rows', async () => {
    const carol = await signedInUser(stack, 'rt-carol');
    const anonClient = client(stack);
    const events = await subscribe(anonClient);
    const carolsOwn = await subscribe(carol.supabase);
    await carol.supabase.from('notes').insert({ body: 'before sign-in' });
    // Once Carol has her event, the anon channel's check of the same row has been made.
    await until(carolsOwn, (l) => l.length >= 1, "carol's own event");
    await anonClient.realtime.setAuth(carol.session.access_token);
    await carol.supabase.from('notes').insert({ body: 'after sign-in' });
    await until(events, (l) => l.length >= 1, 'the row after setAuth');
    expect(events.map((e) => (e.new as Note).body)).toEqual(['after sign-in']);
    anonClient.realtime.disconnect();
    carol.supabase.realtime.disconnect();
  });

  it('delivers every row of a quick burst to every subscriber, in commit order', async () => {
    const lists = await Promise.all([
      subscribe(alice.supabase, undefined, 'INSERT'),
      subscribe(alice.supabase, undefined, 'INSERT'),
    ]);
    const bodies = Array.from({ length: 30 }, (_, i) => `burst ${i}`);
    for (const body of bodies) await alice.supabase.from('notes').insert({ body });
    for (const list of lists) {
      await until(
        list,
        (l) => l.filter((e) => (e.new as Note).body.startsWith('burst')).length >= 30,
        'the burst',
      );
      expect(list.map((e) => (e.new as Note).body).filter((b) => b.startsWith('burst'))).toEqual(bodies);
    }
  });

  it('delivers every row of one large transaction, in order, across the slices it is dispatched in', async () => {
    const events = await subscribe(alice.supabase, undefined, 'INSERT');
    // Three slices of 500 (the last of one): one insert statement, one transaction.
    const bodies = Array.from({ length: 1001 }, (_, i) => `bulk ${i}`);
    const { error } = await alice.supabase.from('notes').insert(bodies.map((body) => ({ body })));
    expect(error).toBeNull();
    const bulk = () => events.map((e) => (e.new as Note).body).filter((b) => b.startsWith('bulk '));
    // Each row is checked against RLS before it is sent: a ceiling for a loaded machine.
    await until(events, () => bulk().length >= bodies.length, 'the large transaction', 120_000);
    expect(bulk()).toEqual(bodies);
  }, 180_000);

  it('lets service_role see every row', async () => {
    const events = await subscribe(service, undefined, 'INSERT');
    await bob.supabase.from('notes').insert({ body: 'for the service' });
    await until(events, (l) => l.some((e) => (e.new as Note).body === 'for the service'), 'the row');
  });
});

describe('the Phoenix protocol on the wire', () => {
  function open(vsn: '1.0.0' | '2.0.0') {
    const socket = new WebSocket(
      `${stack.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=${vsn}`,
    );
    const frames: unknown[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    return { socket, frames, ready: new Promise((r) => socket.once('open', r)) };
  }

  it('speaks vsn 1.0.0 objects: heartbeat, join with bindings, events, leave', async () => {
    const { socket, frames, ready } = open('1.0.0');
    await ready;
    socket.send(
      JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1', join_ref: null }),
    );
    socket.send(
      JSON.stringify({
        topic: 'realtime:raw',
        event: 'phx_join',
        ref: '2',
        join_ref: '2',
        payload: {
          config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'notes' }] },
          access_token: alice.session.access_token,
        },
      }),
    );
    await until(frames, (l) => l.length >= 2, 'replies');
    expect(frames[0]).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      ref: '1',
      join_ref: null,
      payload: { status: 'ok', response: {} },
    });
    const joined = frames[1] as {
      payload: { status: string; response: { postgres_changes: Array<{ id: number }> } };
    };
    expect(joined).toMatchObject({
      topic: 'realtime:raw',
      event: 'phx_reply',
      ref: '2',
      payload: {
        status: 'ok',
        response: {
          postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'notes', id: expect.any(Number) }],
        },
      },
    });
    await alice.supabase.from('notes').insert({ body: 'over the wire' });
    await until(
      frames,
      (l) => l.some((f) => (f as { event: string }).event === 'postgres_changes'),
      'the event',
    );
    const event = frames.find((f) => (f as { event: string }).event === 'postgres_changes') as {
      payload: {
        ids: number[];
        data: { type: string; record: Note; columns: Array<{ name: string; type: string }> };
      };
    };
    expect(event.payload.ids).toEqual([joined.payload.response.postgres_changes[0]!.id]);
    expect(event.payload.data).toMatchObject({
      type: 'INSERT',
      record: { body: 'over the wire' },
      errors: null,
    });
    expect(event.payload.data.columns).toContainEqual({ name: 'amount', type: 'numeric' });

    socket.send(
      JSON.stringify({ topic: 'realtime:raw', event: 'phx_leave', payload: {}, ref: '3', join_ref: '2' }),
    );
    await until(frames, (l) => l.some((f) => (f as { ref: string }).ref === '3'), 'the leave reply');
    socket.close();
  });

  it('refuses a join with a forged token and a malformed filter', async () => {
    const { socket, frames, ready } = open('2.0.0');
    await ready;
    socket.send(
      JSON.stringify(['1', '1', 'realtime:forged', 'phx_join', { config: {}, access_token: 'not.a.token' }]),
    );
    socket.send(
      JSON.stringify([
        '2',
        '2',
        'realtime:badfilter',
        'phx_join',
        {
          config: {
            postgres_changes: [{ event: '*', schema: 'public', table: 'notes', filter: 'id=like.1' }],
          },
          access_token: alice.session.access_token,
        },
      ]),
    );
    await until(frames, (l) => l.length >= 2, 'both replies');
    expect(frames).toContainEqual([
      '1',
      '1',
      'realtime:forged',
      'phx_reply',
      { status: 'error', response: { reason: 'Invalid JWT' } },
    ]);
    expect(frames).toContainEqual([
      '2',
      '2',
      'realtime:badfilter',
      'phx_reply',
      { status: 'error', response: { reason: expect.stringContaining('invalid filter operator') } },
    ]);
    socket.close();
  });
});
