// What the fingerprint-enrol endpoint's routes share: the answer and CORS shape, who is asking (their
// session, checked by the auth service), the database calls with the service role, and the gallery
// of every enrolled finger, built once per version and kept inside the server: it never leaves it.
// Web-standard Request/Response and fetch only (it runs in Node and in Deno).
import { Gallery, type GalleryEntry } from '../identify/gallery.ts';
import { templateFromBase64 } from '../template/binary.ts';
import { decodeStoredTemplates } from '../template/stored.ts';
import type { Template } from '../template/types.ts';

export interface EndpointEnv {
  /** The project's API URL (the gateway locally, https://<ref>.supabase.co on Supabase). */
  supabaseUrl: string;
  anonKey: string;
  serviceKey: string;
  fetch?: typeof fetch;
}

/** What the runtime knows of the request beyond its headers. */
export interface FunctionContext {
  /** The client's address as the runtime determined it (client-ip.ts), or null when unknown. */
  clientIp?: string | null;
}

/** The longest base64 template a request may carry (a stored template is at most 64 KB, an impression far less). */
export const MAX_TEMPLATE_CHARS = 8192;

export const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

/** Every route's answer: its status and, when it could not do its work, a message for the logs. */
export interface EndpointAnswer<Status extends string> {
  status: Status;
  message?: string;
}

export function answer(status: number, body: object): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...CORS },
  });
}

export function base64Bytes(value: string): Uint8Array {
  const binary = atob(value);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function isTemplateList(value: unknown, min: number, max: number): value is string[] {
  return (
    Array.isArray(value) &&
    value.length >= min &&
    value.length <= max &&
    value.every((t) => typeof t === 'string' && t.length > 0 && t.length <= MAX_TEMPLATE_CHARS)
  );
}

/** One press's template from a request's body, or the 400 to answer. */
export function pressTemplate(value: unknown): Template | Response {
  if (!isTemplateList([value], 1, 1))
    return answer(400, { status: 'bad-request', message: 'One press template is required.' });
  try {
    return templateFromBase64(value as string);
  } catch {
    return answer(400, { status: 'bad-request', message: 'The press template is corrupt.' });
  }
}

/** The 400 to answer when an enrolment's impression cannot be read; null when all can. */
export function corruptImpression(templates: readonly string[]): Response | null {
  try {
    templates.forEach(templateFromBase64);
    return null;
  } catch {
    return answer(400, { status: 'bad-request', message: 'An impression template is corrupt.' });
  }
}

/** The user id of the request's session, or the Response to answer (401 / 503). */
export async function signedInUser(request: Request, env: EndpointEnv): Promise<string | Response> {
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim();
  if (!token) return answer(401, { status: 'unauthorized', message: 'Sign in first.' });
  try {
    const user = await (env.fetch ?? fetch)(`${apiBase(env)}/auth/v1/user`, {
      headers: { apikey: env.anonKey, Authorization: `Bearer ${token}` },
    });
    if (user.status === 401 || user.status === 403)
      return answer(401, { status: 'unauthorized', message: 'Sign in first.' });
    if (!user.ok) return answer(503, { status: 'unavailable', message: `auth answered ${user.status}` });
    const id = ((await user.json()) as { id?: unknown }).id;
    if (typeof id !== 'string') return answer(401, { status: 'unauthorized', message: 'Sign in first.' });
    return id;
  } catch (error) {
    return answer(503, { status: 'unavailable', message: (error as Error).message });
  }
}

export const apiBase = (env: EndpointEnv) => env.supabaseUrl.replace(/\/+$/, '');

/** A database function called with the service role (the server's own authority). */
export function serviceRpc(env: EndpointEnv, name: string, args: Record<string, unknown>): Promise<Response> {
  return (env.fetch ?? fetch)(`${apiBase(env)}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: env.serviceKey,
      Authorization: `Bearer ${env.serviceKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(args),
  });
}

/** A refused call's message and the stable code the database puts in its hint. */
export async function refusalOf(response: Response): Promise<{ message: string; code: string }> {
  const body = (await response.json().catch(() => ({}))) as { message?: string; hint?: string };
  return { message: body.message ?? `HTTP ${response.status}`, code: body.hint ?? '' };
}

/** What to answer when the database refused a service call: 403 for a refusal, 503 otherwise. */
export async function refusedCall(response: Response): Promise<Response> {
  const { message } = await refusalOf(response);
  const refused = response.status === 403;
  return answer(refused ? 403 : 503, { status: refused ? 'unauthorized' : 'unavailable', message });
}

/** The database's budget refusals (hint codes), answered 429. */
export const BUDGET_CODES = new Set(['fingerprint_search_budget', 'fingerprint_ip_budget']);

/** A person's stored templates from a function's rows (a row the engine cannot read is skipped). */
export function storedTemplatesOf(rows: readonly { t: string; f: string }[]): Template[] {
  return rows.flatMap((row) => {
    try {
      return decodeStoredTemplates(base64Bytes(row.t), row.f);
    } catch {
      return [];
    }
  });
}

/** A row of the gallery functions: employee id, base64 stored template, format. */
export interface GalleryRow {
  e: string;
  t: string;
  f: string;
}

/** A gallery from the gallery functions' rows (corrupt rows skipped). */
export function duplicateGallery(rows: readonly GalleryRow[]): Gallery {
  const entries: GalleryEntry[] = [];
  for (const row of rows) {
    try {
      for (const template of decodeStoredTemplates(base64Bytes(row.t), row.f))
        entries.push({ id: row.e, template });
    } catch {
      // A row the engine cannot read cannot match anything.
    }
  }
  return Gallery.build(entries);
}

// The gallery this server built last for each project, kept until the enrolments change (building
// one from thousands of templates takes seconds; the database says when it is stale). Both gallery
// functions answer the same rows under the same version, so self and staff checks share it.
const galleries = new Map<string, { version: string; gallery: Gallery }>();

export interface CachedGallery {
  version: string;
  gallery: Gallery;
}

/** The gallery held now: its version goes to the gallery function, which then sends no rows if current. */
export const cachedGallery = (env: EndpointEnv): CachedGallery | undefined => galleries.get(apiBase(env));

/** The gallery for a gallery function's answer: `held` (taken before the call) when rows is null. */
export function galleryFor(
  env: EndpointEnv,
  found: { version: string; rows: GalleryRow[] | null },
  held: CachedGallery | undefined,
): Gallery {
  if (found.rows === null) {
    // The database sends no rows only for the version the request named, i.e. `held`'s.
    if (held?.version !== found.version) throw new Error('the gallery answer names no rows to search');
    return held.gallery;
  }
  const gallery = duplicateGallery(found.rows);
  galleries.set(apiBase(env), { version: found.version, gallery });
  return gallery;
}
