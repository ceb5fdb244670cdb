// The API keys are JWTs signed with the project's secret, as on Supabase.
import { SignJWT, jwtVerify, errors, type JWTPayload } from 'jose';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_KEY } from './config.ts';

export interface ApiKeys {
  anonKey: string;
  serviceKey: string;
}

export async function apiKeys(secret: string): Promise<ApiKeys> {
  if (secret === DEMO_JWT_SECRET) return { anonKey: DEMO_ANON_KEY, serviceKey: DEMO_SERVICE_KEY };
  const tenYears = Math.floor(Date.now() / 1000) + 10 * 365 * 24 * 3600;
  const sign = (role: string) =>
    new SignJWT({ role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('supabase')
      .setIssuedAt()
      .setExpirationTime(tenYears)
      .sign(secretKey(secret));
  return { anonKey: await sign('anon'), serviceKey: await sign('service_role') };
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
