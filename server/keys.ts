// The API keys are JWTs signed with the project's secret, as on Supabase.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, jwtVerify, errors, type JWTPayload } from 'jose';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_KEY } from './config.ts';

export interface ApiKeys {
  anonKey: string;
  serviceKey: string;
}

// Fixed claims, so one secret always gives the same keys: a kiosk keeps its key across restarts.
const KEYS_ISSUED_AT = 1767225600; // 2026-01-01
const KEYS_EXPIRE_AT = KEYS_ISSUED_AT + 20 * 365 * 24 * 3600;

export async function apiKeys(secret: string): Promise<ApiKeys> {
  if (secret === DEMO_JWT_SECRET) return { anonKey: DEMO_ANON_KEY, serviceKey: DEMO_SERVICE_KEY };
  const sign = (role: string) =>
    new SignJWT({ role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('supabase')
      .setIssuedAt(KEYS_ISSUED_AT)
      .setExpirationTime(KEYS_EXPIRE_AT)
      .sign(secretKey(secret));
  return { anonKey: await sign('anon'), serviceKey: await sign('service_role') };
}

export const SECRET_FILE = 'jwt-secret';
export const KEYS_FILE = 'api-keys.json';

/**
 * The data directory's own JWT secret: read from `<dataDir>/jwt-secret`, or made at random (48 bytes)
 * and kept there with mode 0600 on the first start. `created` says this start made it.
 */
export async function dataDirSecret(
  dataDir: string,
): Promise<{ secret: string; file: string; created: boolean }> {
  const file = path.join(path.resolve(dataDir), SECRET_FILE);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    await fs.writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return { secret, file, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  await fs.chmod(file, 0o600);
  const kept = (await fs.readFile(file, 'utf8')).trim();
  if (kept.length < 32)
    throw new Error(`${file} holds no usable secret (32+ characters): delete it or set JWT_SECRET.`);
  return { secret: kept, file, created: false };
}

/** Keeps the keys where an operator finds the service key (mode 0600, never served). */
export async function writeKeysFile(dataDir: string, keys: ApiKeys): Promise<string> {
  const file = path.join(path.resolve(dataDir), KEYS_FILE);
  const text = JSON.stringify({ anon_key: keys.anonKey, service_role_key: keys.serviceKey }, null, 2);
  await fs.writeFile(file, text + '\n', { mode: 0o600 });
  await fs.chmod(file, 0o600); // an older file keeps its mode on writeFile
  return file;
}

export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export type Claims = JWTPayload & {
  role?: string;
  session_id?: string;
  email?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
};

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyToken(token: string, secret: Uint8Array): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    return { ok: true, claims: payload as Claims };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
