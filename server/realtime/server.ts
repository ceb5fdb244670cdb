// Realtime over the Phoenix channel protocol that realtime-js speaks:
// joins with postgres_changes bindings, heartbeats, access_token updates, leave,
// JSON broadcast between channel members, and row changes filtered by binding and RLS.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import { REALTIME_FRAME_LIMIT } from '../gateway/limits.ts';
import { verifyToken, type Claims } from '../keys.ts';
import { keyOf, visibleKeys, type Identity } from './authorize.ts';
import type { Change } from './changes.ts';
import { matchesFilter, parseFilter, type Filter } from './filters.ts';
import { decodeFrame, encodeFrame, type Frame, type Vsn } from './protocol.ts';

interface Binding {
  id: number;
  event: string;
  schema: string;
  table: string;
  filter?: string;
  parsed?: Filter;
}

interface Channel {
  topic: string;
  joinRef: string | null;
  socket: Client;
  token: string;
  claims: Claims;
  bindings: Binding[];
  broadcastSelf: boolean;
  broadcastAck: boolean;
}

interface Client {
  ws: WebSocket;
  vsn: Vsn;
  apikey: string;
  channels: Map<string, Channel>;
}

export interface RealtimeOptions {
  db: pg.Pool;
  secret: Uint8Array;
  log: (line: string) => void;
}

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

export function createRealtimeServer(options: RealtimeOptions) {
  // A bigger frame closes the socket with 1009 (message too big).
  const wss = new WebSocketServer({ noServer: true, maxPayload: REALTIME_FRAME_LIMIT });
  const clients = new Set<Client>();
  let nextBindingId = 1;

  const send = (client: Client, frame: Frame) => {
    if (client.ws.readyState === client.ws.OPEN) client.ws.send(encodeFrame(frame, client.vsn));
  };
  const reply = (client: Client, frame: Frame, status: 'ok' | 'error', response: Record<string, unknown>) =>
    send(client, {
      joinRef: frame.joinRef,
      ref: frame.ref,
      topic: frame.topic,
      event: 'phx_reply',
      payload: { status, response },
    });

  async function identify(
    token: string,
  ): Promise<{ ok: true; claims: Claims } | { ok: false; reason: string }> {
    const verified = await verifyToken(token, options.secret);
    if (verified.ok) return verified;
    return { ok: false, reason: verified.reason === 'expired' ? 'Token has expired' : 'Invalid JWT' };
  }

  async function join(client: Client, frame: Frame) {
    const config = (frame.payload.config ?? {}) as Record<string, unknown>;
    const token = typeof frame.payload.access_token === 'string' ? frame.payload.access_token : client.apikey;
    const who = await identify(token);
    if (!who.ok) return reply(client, frame, 'error', { reason: who.reason });
    const requested = Array.isArray(config.postgres_changes)
      ? (config.postgres_changes as Record<string, unknown>[])
      : [];
    const bindings: Binding[] = [];
    for (const spec of requested) {
      const event = String(spec.event ?? '*').toUpperCase();
      if (!EVENTS.has(event))
        return reply(client, frame, 'error', { reason: `invalid event "${spec.event}"` });
      const binding: Binding = {
        id: nextBindingId++,
        event,
        schema: String(spec.schema ?? 'public'),
        table: String(spec.table ?? '*'),
      };
      if (typeof spec.filter === 'string' && spec.filter !== '') {
        try {
          binding.parsed = parseFilter(spec.filter);
          binding.filter = spec.filter;
        } catch (error) {
          return reply(client, frame, 'error', { reason: (error as Error).message });
        }
      }
      bindings.push(binding);
    }
    client.channels.get(frame.topic)?.bindings.splice(0); // a re-join replaces the old channel
    const broadcast = (config.broadcast ?? {}) as Record<string, unknown>;
    client.channels.set(frame.topic, {
      topic: frame.topic,
      joinRef: frame.joinRef,
      socket: client,
      token,
      claims: who.claims,
      bindings,
      broadcastSelf: broadcast.self === true,
      broadcastAck: broadcast.ack === true,
    });
    reply(client, frame, 'ok', {
      postgres_changes: bindings.map((b) => ({
        id: b.id,
        event: b.event,
        schema: b.schema,
        table: b.table,
        ...(b.filter ? { filter: b.filter } : {}),
      })),
    });
    if (bindings.length > 0) {
      send(client, {
        joinRef: frame.joinRef,
        ref: null,
        topic: frame.topic,
        event: 'system',
        payload: {
          extension: 'postgres_changes',
          status: 'ok',
          message: 'Subscribed to PostgreSQL',
          channel: frame.topic.replace(/^realtime:/, ''),
        },
      });
    }
  }

  async function onFrame(client: Client, frame: Frame) {
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') return reply(client, frame, 'ok', {});
    const channel = client.channels.get(frame.topic);
    switch (frame.event) {
      case 'phx_join':
        return join(client, frame);
      case 'phx_leave':
        client.channels.delete(frame.topic);
        reply(client, frame, 'ok', {});
        return send(client, {
          joinRef: frame.joinRef,
          ref: frame.ref,
          topic: frame.topic,
          event: 'phx_close',
          payload: {},
        });
      case 'access_token': {
        if (!channel || typeof frame.payload.access_token !== 'string') return;
        const who = await identify(frame.payload.access_token);
        if (who.ok) {
          channel.token = frame.payload.access_token;
          channel.claims = who.claims;
        } else {
          closeChannel(channel, who.reason);
        }
        return;
      }
      case 'broadcast': {
        if (!channel) return;
        for (const other of clients) {
          const target = other.channels.get(frame.topic);
          if (!target || (target === channel && !channel.broadcastSelf)) continue;
          send(other, {
            joinRef: target.joinRef,
            ref: null,
            topic: frame.topic,
            event: 'broadcast',
            payload: frame.payload,
          });
        }
        if (channel.broadcastAck) reply(client, frame, 'ok', {});
        return;
      }
      case 'presence':
        return reply(client, frame, 'error', { reason: 'presence is not available on the local stack' });
      default:
        return;
    }
  }

  function closeChannel(channel: Channel, message: string) {
    channel.socket.channels.delete(channel.topic);
    send(channel.socket, {
      joinRef: channel.joinRef,
      ref: null,
      topic: channel.topic,
      event: 'system',
      payload: {
        extension: 'system',
        status: 'error',
        message,
        channel: channel.topic.replace(/^realtime:/, ''),
      },
    });
    send(channel.socket, {
      joinRef: channel.joinRef,
      ref: null,
      topic: channel.topic,
      event: 'phx_close',
      payload: {},
    });
  }

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    wss.handleUpgrade(req, socket, head, (ws) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const vsn: Vsn = url.searchParams.get('vsn') === '1.0.0' ? '1.0.0' : '2.0.0';
      const apikey = url.searchParams.get('apikey') ?? '';
      const client: Client = { ws, vsn, apikey, channels: new Map() };
      // Listen at once: frames sent right after the handshake must not be lost while the key is checked.
      const accepted = identify(apikey).then((who) => {
        if (!who.ok) ws.close(4001, 'invalid apikey');
        else clients.add(client);
        return who.ok;
      });
      let queue = Promise.resolve();
      ws.on('message', (data, isBinary) => {
        if (isBinary) return; // binary frames carry broadcast payloads, which we do not relay
        const frame = decodeFrame(data.toString(), vsn);
        if (!frame) return;
        // One frame at a time per socket, in arrival order (a join must finish before the next push).
        queue = queue
          .then(async () => {
            if (await accepted) await onFrame(client, frame);
          })
          .catch((error: Error) => options.log(`[realtime] ${error.message}`));
      });
      ws.on('close', () => clients.delete(client));
      ws.on('error', () => clients.delete(client));
    });
  }

  /** Delivers one committed transaction's changes to every matching, authorised binding. */
  async function dispatch(changes: Change[]) {
    const now = Math.floor(Date.now() / 1000);
    for (const change of changes) {
      const typeOf = new Map(change.columns.map((c) => [c.name, c.type]));
      const row = change.type === 'DELETE' ? change.oldRecord : change.record;
      // channel → ids of its bindings that match this change
      const targets = new Map<Channel, number[]>();
      for (const client of clients) {
        for (const channel of client.channels.values()) {
          for (const b of channel.bindings) {
            if (b.event !== '*' && b.event !== change.type) continue;
            if (b.schema !== change.schema || (b.table !== '*' && b.table !== change.table)) continue;
            // DELETE without REPLICA IDENTITY FULL carries only the key: filters on other columns cannot apply.
            if (b.parsed && (change.type !== 'DELETE' || b.parsed.column in row)) {
              if (!matchesFilter(b.parsed, row, typeOf.get(b.parsed.column))) continue;
            }
            const ids = targets.get(channel) ?? [];
            ids.push(b.id);
            targets.set(channel, ids);
          }
        }
      }
      if (targets.size === 0) continue;
      // Group channels by token so each distinct identity is checked once.
      const byToken = new Map<string, Channel[]>();
      for (const channel of targets.keys()) {
        if (typeof channel.claims.exp === 'number' && channel.claims.exp < now) {
          closeChannel(channel, 'Token has expired');
          targets.delete(channel);
          continue;
        }
        const list = byToken.get(channel.token) ?? [];
        list.push(channel);
        byToken.set(channel.token, list);
      }
      await Promise.all(
        [...byToken.values()].map(async (channels) => {
          const claims = channels[0]!.claims;
          // Deletes cannot be checked (the row is gone); like Supabase, they carry only the key.
          if (change.type !== 'DELETE') {
            const identity: Identity = { role: String(claims.role ?? 'anon'), claims };
            const visible = await visibleKeys(options.db, identity, [change]);
            if (!visible.has(keyOf(change))) return;
          }
          for (const channel of channels) {
            send(channel.socket, {
              joinRef: null,
              ref: null,
              topic: channel.topic,
              event: 'postgres_changes',
              payload: {
                ids: targets.get(channel),
                data: {
                  type: change.type,
                  schema: change.schema,
                  table: change.table,
                  commit_timestamp: change.commitTimestamp,
                  columns: change.columns,
                  record: change.record,
                  old_record: change.oldRecord,
                  errors: null,
                },
              },
            });
          }
        }),
      );
    }
  }

  return {
    handleUpgrade,
    dispatch,
    connections: () => clients.size,
    close() {
      for (const client of clients) client.ws.terminate();
      clients.clear();
      wss.close();
    },
  };
}
