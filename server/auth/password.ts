// Password hashing off the gateway's event loop.
//
// A bcrypt hash or check at GoTrue's cost costs 60–150 ms of CPU. bcryptjs runs it on the calling
// thread in slices of up to ~100 ms, and the gateway serves REST, auth and the realtime feed from that
// one thread: every sign-in held up everyone else's requests meanwhile. One worker thread does it here.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  MAX_PASSWORD_LENGTH,
  passwordProblemMessage,
  passwordProblems,
  type PasswordPolicy,
} from '../../src/domain/password-policy.ts';
import { authErrors } from './errors.ts';
import { BCRYPT_COST } from './handler.ts';

type Job = { op: 'hash'; password: string } | { op: 'verify'; password: string; hash: string };

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptjs);
parentPort.on('message', ({ id, job }) => {
  try {
    const result = job.op === 'hash'
      ? bcrypt.hashSync(job.password, workerData.cost)
      : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

function start(): Worker {
  const bcryptjs = createRequire(import.meta.url).resolve('bcryptjs');
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptjs, cost: BCRYPT_COST } });
  started.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
    const job = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) started.unref();
    if (!job) return;
    if (error === undefined) job.resolve(result);
    else job.reject(new Error(error));
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined; // the next job starts a new one
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`password worker exited with code ${code}`)));
  started.unref(); // an idle worker never keeps the process alive; a job in flight does (run)
  return started;
}

function run(job: Job): Promise<unknown> {
  worker ??= start();
  const id = nextId++;
  const target = worker;
  target.ref();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    target.postMessage({ id, job });
  });
}

/** A bcrypt hash at GoTrue's cost ($2b$, readable by GoTrue). */
export async function hashPassword(password: string): Promise<string> {
  return (await run({ op: 'hash', password })) as string;
}

/** Whether the password matches the stored bcrypt hash. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  return (await run({ op: 'verify', password, hash })) as boolean;
}

/** A bcrypt hash of a random password, made once: unknown e-mails are checked against it. */
let dummyHash: Promise<string> | undefined;

/**
 * Checks a sign-in password. An unknown account (or one without a password) is checked against a
 * dummy hash at the same cost, so the answer takes as long as for a known one and the timing does
 * not tell which e-mails have accounts.
 */
export async function passwordMatches(
  password: string,
  storedHash: string | null | undefined,
  verify: (password: string, hash: string) => Promise<boolean> = verifyPassword,
): Promise<boolean> {
  if (storedHash) return verify(password, storedHash);
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  await verify(password, await dummyHash);
  return false;
}

/**
 * The password rule (src/domain/password-policy.ts, the same the forms hint with): GoTrue's
 * validation_failed past 72 characters, else weak_password 422 with its reasons.
 */
export function checkPasswordStrength(
  password: string,
  email: string | undefined,
  policy: PasswordPolicy,
): void {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw authErrors.validation(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  const problems = passwordProblems(password, email, policy);
  if (problems.length > 0) throw authErrors.weakPassword(passwordProblemMessage(problems, policy), problems);
}
