/**
 * Local stack benchmark: start-up, sign-in, REST through the gateway vs PostgREST itself,
 * realtime delivery with 1 and 100 subscribers. Prints one JSON object on stdout, progress on stderr.
 *
 *   npm run bench:stack [-- --verbose]
 *
 * The stack runs in a child process (this file with --serve), as `npm start` runs it, so the
 * load generator and the 100 realtime clients do not share an event loop with the gateway.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { launchStack, serveStack, type RunningStack, type StackInfo } from './lib/stack-process.ts';
import { median, percentile, round, summary, within } from './lib/stats.ts';

const SELF = fileURLToPath(import.meta.url);
const SUPABASE_DIR = path.join(import.meta.dirname, 'fixtures', 'supabase');
const TABLE = 'bench_items';
const PASSWORD = 'bench-password-1234';
const USERS = 5;
const SEED_ROWS = 100;

const SIGN_INS = 50;
const REST_WARMUP = 200;
const REST_ROUNDS = 10; // alternating gateway/direct blocks, so drift in machine load hits both alike
const REST_PER_ROUND = 200; // → 2,000 sequential requests per path
const REST_CONCURRENCY = 16;
const REST_LOAD_ROUNDS = 2;
const REST_LOAD_SECONDS = 3; // per round and path → 6 s per path
const REST_LOAD_MAX_REQUESTS = 100_000;
const RT_INSERTS = 50;
const RT_SPACING_MS = 50;
const RT_SUBSCRIBERS = 100;
const RT_WAIT_AFTER_MS = 5_000;

const verbose = process.argv.includes('--verbose');
const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The last lines the stack printed (across its launches), shown when something fails. */
const stackOutput: string[] = [];

const launch = (dataDir: string): Promise<RunningStack> =>
  launchStack({ script: SELF, dataDir, verbose, output: stackOutput });

// ---------------------------------------------------------------------------------------
// HTTP with kept-alive connections, the same for both REST paths
// ---------------------------------------------------------------------------------------

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'GET', headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer from ${url.host} within 10 s`)));
    req.on('error', reject);
    req.end();
  });
}

// PostgREST answers a partial page with an exact count as 206 Partial Content.
const OK = new Set([200, 206]);

interface Target {
  name: 'gateway' | 'direct';
  url: URL;
  agent: http.Agent;
}

async function timedGet(target: Target, headers: Record<string, string>): Promise<number> {
  const t0 = performance.now();
  const reply = await get(target.agent, target.url, headers);
  const ms = performance.now() - t0;
  if (!OK.has(reply.status))
    throw new Error(`${target.name}: HTTP ${reply.status} ${reply.body.toString().slice(0, 200)}`);
  return ms;
}

async function underLoad(target: Target, headers: Record<string, string>, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (
      performance.now() < deadline &&
      latencies.length + errors < REST_LOAD_MAX_REQUESTS &&
      errors < 100
    ) {
      const t0 = performance.now();
      try {
        const reply = await get(target.agent, target.url, headers);
        if (OK.has(reply.status)) latencies.push(performance.now() - t0);
        else errors++;
      } catch {
        errors++;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: REST_CONCURRENCY }, worker));
  return { latencies, errors, seconds: (performance.now() - t0) / 1000 };
}

async function benchRest(info: StackInfo, base: string, accessToken: string) {
  const query = `select=*&limit=25&order=id.asc`;
  const headers = {
    apikey: info.anonKey,
    authorization: `Bearer ${accessToken}`,
    prefer: 'count=exact',
    accept: 'application/json',
  };
  const agentOptions: http.AgentOptions = { keepAlive: true, maxSockets: REST_CONCURRENCY };
  const targets: Target[] = [
    {
      name: 'gateway',
      url: new URL(`${base}/rest/v1/${TABLE}?${query}`),
      agent: new http.Agent(agentOptions),
    },
    {
      name: 'direct',
      url: new URL(`${info.restUrl}/${TABLE}?${query}`),
      agent: new http.Agent(agentOptions),
    },
  ];
  try {
    // Both paths must give the same answer before their speed means anything.
    const bodies: string[] = [];
    const statuses: number[] = [];
    for (const target of targets) {
      const reply = await get(target.agent, target.url, headers);
      const rows = OK.has(reply.status) ? (JSON.parse(reply.body.toString()) as unknown[]) : [];
      if (
        !OK.has(reply.status) ||
        rows.length !== 25 ||
        reply.headers['content-range'] !== `0-24/${SEED_ROWS}`
      ) {
        throw new Error(
          `${target.name} ${target.url.href}: HTTP ${reply.status}, content-range ${reply.headers['content-range']}, ` +
            `${rows.length} rows: ${reply.body.toString().slice(0, 200)}`,
        );
      }
      bodies.push(reply.body.toString());
      statuses.push(reply.status);
    }
    if (bodies[0] !== bodies[1]) throw new Error('the gateway and PostgREST answered with different bodies');

    for (let i = 0; i < REST_WARMUP; i++) for (const target of targets) await timedGet(target, headers);

    const latency: Record<Target['name'], number[]> = { gateway: [], direct: [] };
    for (let r = 0; r < REST_ROUNDS; r++) {
      for (const target of r % 2 === 0 ? targets : [...targets].reverse()) {
        for (let i = 0; i < REST_PER_ROUND; i++) latency[target.name].push(await timedGet(target, headers));
      }
    }
    progress(
      `REST sequential: gateway p50 ${round(median(latency.gateway))} ms, direct p50 ${round(median(latency.direct))} ms`,
    );

    const load: Record<Target['name'], { latencies: number[]; errors: number; seconds: number }> = {
      gateway: { latencies: [], errors: 0, seconds: 0 },
      direct: { latencies: [], errors: 0, seconds: 0 },
    };
    for (let r = 0; r < REST_LOAD_ROUNDS; r++) {
      for (const target of r % 2 === 0 ? targets : [...targets].reverse()) {
        const run = await underLoad(target, headers, REST_LOAD_SECONDS);
        load[target.name].latencies.push(...run.latencies);
        load[target.name].errors += run.errors;
        load[target.name].seconds += run.seconds;
      }
    }
    const side = (name: Target['name']) => {
      const seq = summary(latency[name]);
      const loaded = load[name];
      return {
        p50Ms: seq.p50Ms,
        p95Ms: seq.p95Ms,
        meanMs: seq.meanMs,
        requestsPerSecond: round(loaded.latencies.length / loaded.seconds, 1),
        underLoad: {
          concurrency: REST_CONCURRENCY,
          requests: loaded.latencies.length,
          errors: loaded.errors,
          seconds: round(loaded.seconds),
          p50Ms: round(percentile(loaded.latencies, 50)),
          p95Ms: round(percentile(loaded.latencies, 95)),
        },
      };
    };
    const gateway = side('gateway');
    const direct = side('direct');
    progress(
      `REST throughput: gateway ${gateway.requestsPerSecond} req/s, direct ${direct.requestsPerSecond} req/s`,
    );
    // Unrounded medians for the ratio.
    const gatewayP50 = median(latency.gateway);
    const directP50 = median(latency.direct);
    return {
      request: `GET /rest/v1/${TABLE}?${query} (Prefer: count=exact, authenticated; direct: same without /rest/v1)`,
      status: statuses.join('/'),
      sequentialRequestsPerPath: latency.gateway.length,
      gateway,
      direct,
      gatewayOverheadMsP50: round(gatewayP50 - directP50, 3),
      gatewayOverheadRatioP50: round((gatewayP50 - directP50) / directP50, 3),
      gatewayThroughputRatio: round(gateway.requestsPerSecond / direct.requestsPerSecond, 3),
    };
  } finally {
    for (const target of targets) target.agent.destroy();
  }
}

// ---------------------------------------------------------------------------------------
// supabase-js clients, sign-in and realtime
// ---------------------------------------------------------------------------------------

const openClients = new Set<SupabaseClient>();

function supabase(base: string, key: string, accessToken?: string): SupabaseClient {
  const client = createClient(base, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
    ...(accessToken ? { accessToken: async () => accessToken } : {}),
  });
  openClients.add(client);
  return client;
}

async function closeClients(clients: Iterable<SupabaseClient>): Promise<void> {
  const list = [...clients];
  await Promise.all(list.map((c) => c.removeAllChannels().catch(() => [])));
  await Promise.all(list.map((c) => Promise.resolve(c.realtime.disconnect()).catch(() => undefined)));
  for (const c of list) openClients.delete(c);
}

async function signIn(client: SupabaseClient, email: string) {
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error || !data.session)
    throw new Error(`sign-in of ${email} failed: ${error?.message ?? 'no session'}`);
  return data.session;
}

async function benchSignIn(base: string, anonKey: string, email: string) {
  const client = supabase(base, anonKey);
  for (let i = 0; i < 3; i++) await signIn(client, email); // warm-up
  const ms: number[] = [];
  let accessToken = '';
  for (let i = 0; i < SIGN_INS; i++) {
    const t0 = performance.now();
    const session = await signIn(client, email);
    ms.push(performance.now() - t0);
    accessToken = session.access_token;
  }
  await closeClients([client]);
  return { result: summary(ms), accessToken };
}

interface RealtimePhase {
  label: string;
  clients: SupabaseClient[];
  /** Distinct identities (tokens) among the subscribers: the server checks RLS once per token. */
  distinctTokens: number;
}

async function benchRealtime(phase: RealtimePhase, inserter: pg.Client, owner: string) {
  const prefix = `rt:${phase.label}:`;
  const sentAt: number[] = [];
  const seen = new Set<string>();
  const latencies: number[] = [];
  const lastPerInsert = new Map<number, number>();
  let duplicates = 0;
  const expected = phase.clients.length * RT_INSERTS;
  let allArrived: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (allArrived = resolve));

  const onRow = (clientIndex: number, row: Record<string, unknown>) => {
    const at = performance.now();
    const body = String(row.body ?? '');
    if (!body.startsWith(prefix)) return;
    const seq = Number(body.slice(prefix.length));
    const sent = sentAt[seq];
    if (sent === undefined) return;
    const key = `${clientIndex}:${seq}`;
    if (seen.has(key)) {
      duplicates++;
      return;
    }
    seen.add(key);
    latencies.push(at - sent);
    lastPerInsert.set(seq, Math.max(lastPerInsert.get(seq) ?? 0, at - sent));
    if (seen.size === expected) allArrived();
  };

  const t0 = performance.now();
  const channels = await Promise.all(
    phase.clients.map(
      (client, index) =>
        new Promise<RealtimeChannel>((resolve, reject) => {
          const channel: RealtimeChannel = client
            .channel(`bench-${phase.label}-${index}`)
            .on('postgres_changes', { event: 'INSERT', schema: 'public', table: TABLE }, (payload) =>
              onRow(index, payload.new as Record<string, unknown>),
            )
            .subscribe((status, error) => {
              if (status === 'SUBSCRIBED') resolve(channel);
              else reject(new Error(`subscriber ${index}: ${status}${error ? ` (${error.message})` : ''}`));
            }, 30_000);
        }),
    ),
  );
  const subscribeSeconds = (performance.now() - t0) / 1000;
  await sleep(500);

  const commitMs: number[] = [];
  const start = performance.now();
  for (let seq = 0; seq < RT_INSERTS; seq++) {
    const wait = start + seq * RT_SPACING_MS - performance.now();
    if (wait > 0) await sleep(wait);
    sentAt[seq] = performance.now();
    await inserter.query(`insert into public.${TABLE} (owner, body) values ($1, $2)`, [
      owner,
      `${prefix}${seq}`,
    ]);
    commitMs.push(performance.now() - sentAt[seq]!);
  }
  await within(arrived, RT_WAIT_AFTER_MS, undefined);
  for (const channel of channels) await channel.unsubscribe();

  const perInsert = new Map<number, number>();
  for (const key of seen) {
    const seq = Number(key.split(':')[1]);
    perInsert.set(seq, (perInsert.get(seq) ?? 0) + 1);
  }
  const result = {
    subscribers: phase.clients.length,
    distinctTokens: phase.distinctTokens,
    inserts: RT_INSERTS,
    expectedDeliveries: expected,
    delivered: seen.size,
    missed: expected - seen.size,
    duplicates,
    /** Inserts that did not reach every subscriber: [insert number, subscribers reached]. */
    incompleteInserts: Array.from({ length: RT_INSERTS }, (_, seq) => [seq, perInsert.get(seq) ?? 0])
      .filter(([, n]) => n! < phase.clients.length)
      .slice(0, 50),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    maxMs: round(Math.max(...latencies)),
    /** Per insert, the time until its last subscriber had it. */
    lastDeliveryP50Ms: round(percentile([...lastPerInsert.values()], 50)),
    lastDeliveryP95Ms: round(percentile([...lastPerInsert.values()], 95)),
    insertCommitP50Ms: round(percentile(commitMs, 50)),
    subscribeSeconds: round(subscribeSeconds),
  };
  progress(
    `realtime ${phase.label}: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, ` +
      `${result.delivered}/${expected} delivered`,
  );
  return result;
}

// ---------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const startedAt = new Date().toISOString();
  const loadavgStart = os.loadavg().map((x) => round(x));
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-bench-'));
  await fs.chmod(root, 0o755); // when root, the postgres user must reach its folder
  const dataDir = path.join(root, 'data');
  let running: RunningStack | undefined;
  let inserter: pg.Client | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await closeClients(openClients).catch(() => undefined);
      await inserter?.end().catch(() => undefined);
      if (running) await running.kill();
      running = undefined;
      await fs.rm(root, { recursive: true, force: true });
    })());
  const onSignal = () => {
    progress('interrupted: stopping the stack');
    void cleanup().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    // Start-up ------------------------------------------------------------------------
    progress(`cold start in ${dataDir} (initdb, bootstrap, migrations)`);
    running = await launch(dataDir);
    const cold = running;
    progress(`cold start: ${round(cold.startSeconds)} s (process ${round(cold.wallSeconds)} s)`);
    if (!cold.info.migrationsApplied.some((f) => f.includes('bench_schema'))) {
      throw new Error(
        `the bench migration was not applied (applied: ${cold.info.migrationsApplied.join(', ')})`,
      );
    }
    if (!cold.info.realtimeEnabled) throw new Error('realtime is off (wal_level is not logical)');
    const stops: Array<{ seconds: number; exit: string }> = [await running.stop()];
    running = undefined;
    const warm: RunningStack[] = [];
    for (let i = 0; i < 3; i++) {
      running = await launch(dataDir);
      warm.push(running);
      progress(
        `warm start ${i + 1}: ${round(running.startSeconds)} s (process ${round(running.wallSeconds)} s)`,
      );
      if (i < 2) {
        stops.push(await running.stop());
        running = undefined;
      }
    }
    const { info } = running!;
    const base = `http://127.0.0.1:${info.port}`;

    // Users and rows ----------------------------------------------------------------------
    const admin = supabase(base, info.serviceKey);
    const users: Array<{ id: string; email: string }> = [];
    for (let i = 0; i < USERS; i++) {
      const email = `bench-${i}@example.test`;
      const { data, error } = await admin.auth.admin.createUser({
        email,
        password: PASSWORD,
        email_confirm: true,
      });
      if (error || !data.user) throw new Error(`createUser ${email}: ${error?.message ?? 'no user'}`);
      users.push({ id: data.user.id, email });
    }
    await closeClients([admin]);
    inserter = new pg.Client({ connectionString: info.databaseUrl });
    await inserter.connect();
    await inserter.query(
      `insert into public.${TABLE} (owner, body)
       select ($1::uuid[])[1 + g % cardinality($1::uuid[])], 'seed item ' || g from generate_series(1, $2::int) g`,
      [users.map((u) => u.id), SEED_ROWS],
    );
    await inserter.query(`analyze public.${TABLE}`);
    const postgresVersion = (
      await inserter.query<{ v: string }>(`select current_setting('server_version') as v`)
    ).rows[0]!.v;

    // Sign-in -------------------------------------------------------------------------------
    progress(`sign-in: ${SIGN_INS} × signInWithPassword`);
    const signInBench = await benchSignIn(base, info.anonKey, users[0]!.email);
    progress(`sign-in: p50 ${signInBench.result.p50Ms} ms, p95 ${signInBench.result.p95Ms} ms`);

    // REST -------------------------------------------------------------------------------------
    progress(
      `REST: ${REST_ROUNDS * REST_PER_ROUND} sequential requests per path, then concurrency ${REST_CONCURRENCY}`,
    );
    const rest = await benchRest(info, base, signInBench.accessToken);

    // Realtime -------------------------------------------------------------------------------
    const owner = users[0]!.id;
    const one = supabase(base, info.anonKey);
    await signIn(one, users[0]!.email);
    const with1 = await benchRealtime({ label: 'one', clients: [one], distinctTokens: 1 }, inserter, owner);
    await closeClients([one]);

    // 100 clients, each signed in itself (as one of the users): 100 sessions, as 100 browsers would be.
    progress(`realtime: signing in ${RT_SUBSCRIBERS} clients`);
    const many: SupabaseClient[] = [];
    for (let i = 0; i < RT_SUBSCRIBERS; i++) {
      const client = supabase(base, info.anonKey);
      await signIn(client, users[i % USERS]!.email);
      many.push(client);
    }
    const with100 = await benchRealtime(
      { label: 'hundred', clients: many, distinctTokens: RT_SUBSCRIBERS },
      inserter,
      owner,
    );
    await closeClients(many);

    // The same 100 subscribers sharing the tokens of the users (one per user): isolates the per-token RLS check.
    const tokens: string[] = [];
    const tokenClient = supabase(base, info.anonKey);
    for (const user of users) tokens.push((await signIn(tokenClient, user.email)).access_token);
    await closeClients([tokenClient]);
    const shared = Array.from({ length: RT_SUBSCRIBERS }, (_, i) =>
      supabase(base, info.anonKey, tokens[i % USERS]!),
    );
    // supabase-js hands an `accessToken` option's token to realtime asynchronously: a channel
    // subscribed at once would join without it, i.e. as anon. Settle it first.
    await Promise.all(shared.map((c) => c.realtime.setAuth()));
    const with100SharedTokens = await benchRealtime(
      { label: 'shared', clients: shared, distinctTokens: USERS },
      inserter,
      owner,
    );
    await closeClients(shared);

    // Stop ---------------------------------------------------------------------------------------
    await inserter.end();
    inserter = undefined;
    progress('stopping the stack');
    stops.push(await running!.stop());
    running = undefined;

    const warmStartSeconds = median(warm.map((w) => w.startSeconds));
    const overhead = rest.gatewayOverheadRatioP50;
    const result = {
      benchmark: 'stack',
      startedAt,
      coldStartSeconds: round(cold.startSeconds),
      warmStartSeconds: round(warmStartSeconds),
      warmStartsSeconds: warm.map((w) => round(w.startSeconds)),
      // Including node + tsx start-up of the stack's process (what `npm start` adds on top).
      processStartSeconds: { cold: round(cold.wallSeconds), warm: warm.map((w) => round(w.wallSeconds)) },
      stopSeconds: stops.map((s) => round(s.seconds)),
      stopExits: stops.map((s) => s.exit),
      signIn: signInBench.result,
      rest,
      realtime: {
        insertsPerRun: RT_INSERTS,
        spacingMs: RT_SPACING_MS,
        measuredFrom: 'just before the INSERT is sent on a separate pg connection (autocommit, fsync on)',
        with1,
        with100,
        with100SharedTokens,
      },
      targets: {
        warmStartSeconds: { value: round(warmStartSeconds), target: 5, met: warmStartSeconds <= 5 },
        gatewayOverheadP50: { value: overhead, target: 0.1, met: overhead <= 0.1 },
        realtimeP95With100: {
          value: with100.p95Ms,
          target: 200,
          met: with100.p95Ms <= 200 && with100.missed === 0,
        },
      },
      machine: {
        node: process.version,
        platform: `${os.platform()} ${os.release()} ${os.arch()}`,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGb: round(os.totalmem() / 2 ** 30, 1),
        loadavgStart,
        loadavgEnd: os.loadavg().map((x) => round(x)),
        postgres: postgresVersion,
      },
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    progress(`FAILED: ${(error as Error).stack ?? String(error)}`);
    if (stackOutput.length > 0) progress(`last lines of the stack:\n${stackOutput.slice(-40).join('\n')}`);
    return 1;
  } finally {
    await cleanup();
  }
}

if (process.argv.includes('--serve')) {
  await serveStack({
    dataDir: process.argv[process.argv.indexOf('--serve') + 1]!,
    supabaseDir: SUPABASE_DIR,
    fast: false,
  });
} else {
  const code = await main();
  // Everything is closed by now, but realtime-js's disconnect() leaves a 10 s timer per client
  // (socketAdapter.ts: setTimeout(() => resolve('timeout'), timeout), never cleared): do not wait for them.
  process.exit(code);
}
