// Row changes of the publication `supabase_realtime`, read by logical replication
// (pgoutput) from a slot that lives as long as this stack.
import { randomBytes } from 'node:crypto';
import { LogicalReplicationService, PgoutputPlugin, type Pgoutput } from 'pg-logical-replication';
import type pg from 'pg';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export interface Change {
  type: ChangeType;
  schema: string;
  table: string;
  commitTimestamp: string;
  columns: Array<{ name: string; type: string }>;
  record: Record<string, unknown>;
  oldRecord: Record<string, unknown>;
  /** Primary-key (replica identity) columns and the row's values for them, as text. */
  key: Array<{ column: string; type: string; value: string }>;
}

const SLOT_PREFIX = 'pointage_rt_';

/** Values as JSON types where that is lossless; everything else stays Postgres text. */
function convert(raw: unknown, type: string): unknown {
  if (raw === null || raw === undefined || typeof raw !== 'string') return raw;
  switch (type) {
    case 'bool':
      return raw === 't';
    case 'int2':
    case 'int4':
    case 'float4':
    case 'float8':
      return Number(raw);
    case 'int8': {
      const n = Number(raw);
      return Number.isSafeInteger(n) ? n : raw;
    }
    case 'json':
    case 'jsonb':
      return JSON.parse(raw);
    default:
      return raw;
  }
}

/**
 * The walsender can stream a commit a moment before the committing backend has left the
 * proc array, so a query run at once may not see the row yet. Subscribers' RLS checks
 * read the row, so wait (briefly) until the transaction is visible to new snapshots.
 */
async function waitUntilVisible(db: pg.Pool, xid: number): Promise<void> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const { rows } = await db.query<{ xmax: string; xip: string[] }>(
      'select pg_snapshot_xmax(s)::text as xmax, array(select pg_snapshot_xip(s))::text[] as xip from pg_current_snapshot() s',
    );
    const low32 = (value: string) => Number(BigInt(value) & 0xffffffffn);
    const { xmax, xip } = rows[0]!;
    // Modular comparison of 32-bit xids: at or past xmax means "not completed yet".
    const pastXmax = (xid - low32(xmax)) >>> 0 < 0x80000000;
    const inProgress = xip.some((x) => low32(x) === xid);
    if ((!pastXmax && !inProgress) || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 1));
  }
}

/**
 * Calls `fn` on consecutive slices of `items` (at most `size` each), letting the event loop run
 * between slices. The change feed shares its process with the gateway: a bulk transaction (the
 * seed, an import: hundreds of thousands of rows) converted and dispatched in one go blocked every
 * request for seconds (a 365-day report of 50 ms took 2–5 s while the seed's 236,000 rows went by).
 */
export async function inSlices<T>(
  items: readonly T[],
  size: number,
  fn: (slice: T[]) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    await fn(items.slice(i, i + size));
  }
}

/** Changes converted and dispatched between two turns of the event loop. */
const SLICE = 500;

export interface ChangeFeed {
  slot: string;
  /** False while the replication stream is down (the database restarting): it reconnects by itself. */
  connected(): boolean;
  stop(): Promise<void>;
}

/**
 * Starts streaming committed changes; `onCommit` receives each transaction's changes
 * in commit order (calls are serialised: the next waits for the previous to finish),
 * a large transaction in consecutive slices of at most 500 changes.
 */
export async function startChangeFeed(
  db: pg.Pool,
  connectionString: string,
  onCommit: (changes: Change[]) => Promise<void>,
  log: (line: string) => void,
): Promise<ChangeFeed> {
  // Slots left by a stack that crashed: inactive ones of ours in this database.
  await db.query(
    `select pg_drop_replication_slot(slot_name) from pg_replication_slots
     where slot_name like $1 and not active and database = current_database()`,
    [`${SLOT_PREFIX.replace(/_/g, '\\_')}%`],
  );
  const slot = `${SLOT_PREFIX}${process.pid}_${randomBytes(3).toString('hex')}`;
  await db.query(`select pg_create_logical_replication_slot($1, 'pgoutput')`, [slot]);

  const typeNames = new Map<number, string>();
  const relationTypes = async (relation: Pgoutput.MessageRelation) => {
    const missing = relation.columns.map((c) => c.typeOid).filter((oid) => !typeNames.has(oid));
    if (missing.length === 0) return;
    const { rows } = await db.query<{ oid: number; typname: string }>(
      'select oid::int, typname from pg_type where oid = any($1::oid[])',
      [missing],
    );
    for (const row of rows) typeNames.set(row.oid, row.typname);
  };

  let chain: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    chain = chain.then(work).catch((error: Error) => log(`[realtime] ${error.stack ?? error.message}`));
  };

  let pending: Array<Pgoutput.MessageInsert | Pgoutput.MessageUpdate | Pgoutput.MessageDelete> = [];
  let commitTime = '';
  let commitXid = 0;

  const toChange = (
    message: Pgoutput.MessageInsert | Pgoutput.MessageUpdate | Pgoutput.MessageDelete,
    commitTimestamp: string,
  ): Change => {
    const { relation } = message;
    const columns = relation.columns.map((c) => ({ name: c.name, type: typeNames.get(c.typeOid) ?? 'text' }));
    const typeOf = new Map(columns.map((c) => [c.name, c.type]));
    const typed = (tuple: Record<string, unknown> | null | undefined) => {
      const out: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(tuple ?? {}))
        out[name] = convert(value, typeOf.get(name) ?? 'text');
      return out;
    };
    const raw: Record<string, unknown> =
      message.tag === 'delete' ? { ...(message.key ?? {}), ...(message.old ?? {}) } : message.new;
    const key = relation.keyColumns.map((column) => ({
      column,
      type: typeOf.get(column) ?? 'text',
      value: String(raw[column] ?? ''),
    }));
    const type: ChangeType =
      message.tag === 'insert' ? 'INSERT' : message.tag === 'update' ? 'UPDATE' : 'DELETE';
    const old =
      message.tag === 'insert'
        ? {}
        : typed(message.old ?? message.key ?? Object.fromEntries(key.map((k) => [k.column, raw[k.column]])));
    return {
      type,
      schema: relation.schema,
      table: relation.name,
      commitTimestamp,
      columns,
      record: message.tag === 'delete' ? {} : typed(message.new),
      oldRecord: old,
      key,
    };
  };

  const service = new LogicalReplicationService(
    { connectionString },
    { acknowledge: { auto: true, timeoutSeconds: 10 } },
  );
  service.on('data', (_lsn: string, message: Pgoutput.Message) => {
    switch (message.tag) {
      case 'relation':
        // Keep values as Postgres text: the library's default parsers turn dates into
        // local-time Date objects and drop microseconds.
        for (const column of message.columns) column.parser = (raw: unknown) => raw;
        enqueue(() => relationTypes(message));
        break;
      case 'begin':
        pending = [];
        commitXid = message.xid;
        commitTime = new Date(Number(message.commitTime as unknown as bigint) / 1000).toISOString();
        break;
      case 'insert':
      case 'update':
      case 'delete':
        pending.push(message);
        break;
      case 'commit': {
        const batch = pending;
        const at = commitTime;
        const xid = commitXid;
        pending = [];
        if (batch.length > 0)
          enqueue(async () => {
            await waitUntilVisible(db, xid);
            await inSlices(batch, SLICE, (slice) => onCommit(slice.map((m) => toChange(m, at))));
          });
        break;
      }
      default:
        break;
    }
  });

  let stopping = false;
  let connected = false;
  service.on('start', () => {
    if (!connected && lostAt) log('[realtime] replication stream reconnected');
    connected = true;
  });
  service.on('error', () => undefined); // reported once per outage below
  // The database restarting (the stack's supervisor) ends the stream: reconnect every second
  // from the last position; the slot outlives the crash.
  let lostAt = 0;
  const lost = (why: string) => {
    const wasConnected = connected;
    connected = false;
    if (stopping) return;
    if (wasConnected) {
      lostAt = Date.now();
      log(`[realtime] replication stream ended (${why}); reconnecting`);
    }
    setTimeout(subscribe, 1000).unref();
  };
  const plugin = new PgoutputPlugin({ protoVersion: 1, publicationNames: ['supabase_realtime'] });
  const subscribe = () => {
    if (stopping) return;
    service.subscribe(plugin, slot).then(
      () => lost('closed by the server'),
      (error: Error) => lost(error.message),
    );
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stopping = true;
      void service.destroy().catch(() => undefined);
      reject(new Error('logical replication did not start within 10 s'));
    }, 10_000);
    service.once('start', () => {
      clearTimeout(timer);
      resolve();
    });
    subscribe();
  });

  return {
    slot,
    connected: () => connected,
    async stop() {
      stopping = true;
      await service.destroy().catch(() => undefined);
      await chain;
      // The walsender lets go of the slot a moment after the connection closes.
      for (let attempt = 0; attempt < 50; attempt++) {
        const { rows } = await db.query<{ active: boolean }>(
          'select active from pg_replication_slots where slot_name = $1',
          [slot],
        );
        if (rows.length === 0) return;
        if (!rows[0]!.active) {
          await db.query('select pg_drop_replication_slot($1)', [slot]).catch(() => undefined);
          return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      log(`[realtime] replication slot ${slot} is still active; it will be dropped at the next start`);
    },
  };
}
