// The fingerprint-enrol function endpoint (POST /functions/v1/fingerprint-enrol): a person who signed
// themselves up enrols their own first finger. The browser sends the three impressions' templates
// (never images) with its session; the server checks that they match each other, searches every
// enrolled finger for a duplicate (with the service role, inside the server: the gallery never
// leaves it), and stores the enrolment through the database (self_enrol_fingerprint, audited, with
// the consent version). The browser only learns the outcome.
//
// One implementation, two runtimes: the local stack's gateway calls it in Node
// (server/functions/index.ts) and Supabase runs it as an Edge Function in Deno
// (supabase/functions/fingerprint-enrol/index.ts). Web-standard Request/Response and fetch only.
import { enrol } from '../enrol/enrol.ts';
import { Gallery, type GalleryEntry } from '../identify/gallery.ts';
import { FingerprintError } from '../messages.ts';
import { FINGERS, type Finger } from '../scanner/protocol.ts';
import { templateFromBase64 } from '../template/binary.ts';
import { decodeStoredTemplates, storedEnrolmentTemplate } from '../template/stored.ts';

export const ENROL_FUNCTION = 'fingerprint-enrol';
/** The store's refusal when a finger was enrolled between the search and the store. */
const GALLERY_CHANGED = 'The enrolled fingers changed during the check';
/** Searches and stores tried before answering 'unavailable' (each search counts toward the hourly cap). */
const STORE_ATTEMPTS = 3;

export interface EndpointEnv {
  /** The project's API URL (the gateway locally, https://<ref>.supabase.co on Supabase). */
  supabaseUrl: string;
  anonKey: string;
  serviceKey: string;
  fetch?: typeof fetch;
}

export interface EnrolRequest {
  finger: Finger;
  /** The three impressions, base64 `pointage-v1` templates (what the scanner page's register message carries). */
  templates: string[];
  consentVersion: string;
}

/**
 * What the browser learns. `enrolled`: stored; `duplicate`: the finger is someone else's, nothing
 * stored; `inconsistent`: the impressions are not of one finger; `already-enrolled`: the person has
 * a finger already (changes go through staff); `unavailable`: the check could not run.
 */
export type EnrolStatus =
  | 'enrolled'
  | 'duplicate'
  | 'inconsistent'
  | 'already-enrolled'
  | 'unavailable'
  | 'too-many'
  | 'unauthorized'
  | 'bad-request';

export interface EnrolAnswer {
  status: EnrolStatus;
  message?: string;
  finger?: Finger;
  quality?: number;
}

const MAX_TEMPLATE_CHARS = 8192;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

function answer(status: number, body: EnrolAnswer): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...CORS },
  });
}

/** The request body, checked; a string saying what is wrong otherwise. */
export function parseEnrolRequest(body: unknown): EnrolRequest | string {
  if (typeof body !== 'object' || body === null) return 'The body must be a JSON object.';
  const { finger, templates, consentVersion } = body as Record<string, unknown>;
  if (typeof finger !== 'string' || !FINGERS.includes(finger as Finger)) return 'Unknown finger.';
  if (
    !Array.isArray(templates) ||
    templates.length !== 3 ||
    !templates.every((t) => typeof t === 'string' && t.length > 0 && t.length <= MAX_TEMPLATE_CHARS)
  )
    return 'Three impression templates are required.';
  if (typeof consentVersion !== 'string' || consentVersion.trim() === '')
    return 'The biometric consent is required.';
  return {
    finger: finger as Finger,
    templates: templates as string[],
    consentVersion: consentVersion.trim(),
  };
}

function base64Bytes(value: string): Uint8Array {
  const binary = atob(value);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A row of self_enrolment_gallery: employee id, base64 stored template, format. */
export interface GalleryRow {
  e: string;
  t: string;
  f: string;
}

/** The duplicate gallery from self_enrolment_gallery's rows (corrupt rows skipped). */
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

/**
 * The pure decision on the three impressions (base64 `pointage-v1`): they must match each other and
 * none may be someone else's finger; then what to store (all three as one set, best first, as sent).
 * Throws a FingerprintError('corrupt-template') for an unreadable impression.
 */
export async function checkEnrolment(
  base64Templates: readonly string[],
  gallery: Gallery,
  /** The person enrolling: their own enrolled fingers are not duplicates. */
  personId?: string,
): Promise<
  | { status: 'ok'; template: string; format: string; quality: number }
  | { status: 'duplicate' | 'inconsistent' }
> {
  const impressions = base64Templates.map(templateFromBase64);
  try {
    const done = await enrol(impressions, {
      identify: (probe) => gallery.identify(probe),
      ...(personId ? { personId } : {}),
    });
    const stored = storedEnrolmentTemplate(
      done.templates.map((t) => base64Templates[impressions.indexOf(t)]!),
    );
    return { status: 'ok', ...stored, quality: done.quality };
  } catch (error) {
    if (error instanceof FingerprintError && error.code === 'duplicate-finger')
      return { status: 'duplicate' };
    if (error instanceof FingerprintError && error.code === 'inconsistent-impressions')
      return { status: 'inconsistent' };
    throw error;
  }
}

// The gallery this server built last for each project, kept until the enrolments change (building
// one from thousands of templates takes seconds; the database says when it is stale). It never
// leaves the server.
const galleries = new Map<string, { version: string; gallery: Gallery }>();

export async function handleFingerprintEnrol(request: Request, env: EndpointEnv): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (request.method !== 'POST') return answer(405, { status: 'bad-request', message: 'Use POST.' });
  const doFetch = env.fetch ?? fetch;
  const base = env.supabaseUrl.replace(/\/+$/, '');

  // Who is asking: their own session (a new self-signed-up account), checked by the auth service.
  const authorization = request.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim();
  if (!token) return answer(401, { status: 'unauthorized', message: 'Sign in first.' });
  let userId: string;
  try {
    const user = await doFetch(`${base}/auth/v1/user`, {
      headers: { apikey: env.anonKey, Authorization: `Bearer ${token}` },
    });
    if (user.status === 401 || user.status === 403)
      return answer(401, { status: 'unauthorized', message: 'Sign in first.' });
    if (!user.ok) return answer(503, { status: 'unavailable', message: `auth answered ${user.status}` });
    const id = ((await user.json()) as { id?: unknown }).id;
    if (typeof id !== 'string') return answer(401, { status: 'unauthorized', message: 'Sign in first.' });
    userId = id;
  } catch (error) {
    return answer(503, { status: 'unavailable', message: (error as Error).message });
  }

  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return answer(400, { status: 'bad-request', message: 'The body must be JSON.' });
  }
  const parsed = parseEnrolRequest(body);
  if (typeof parsed === 'string') return answer(400, { status: 'bad-request', message: parsed });
  try {
    parsed.templates.forEach(templateFromBase64);
  } catch {
    return answer(400, { status: 'bad-request', message: 'An impression template is corrupt.' });
  }

  const rpc = (name: string, args: Record<string, unknown>) =>
    doFetch(`${base}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: {
        apikey: env.serviceKey,
        Authorization: `Bearer ${env.serviceKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(args),
    });
  const refusal = async (response: Response) =>
    ((await response.json().catch(() => ({}))) as { message?: string }).message ?? `HTTP ${response.status}`;

  // The duplicate search, inside the server, then the store. The store names the gallery version it
  // was checked against and is refused if another finger was stored meanwhile (two sign-ups with the
  // same finger at the same moment); the search then runs again on the new gallery.
  for (let attempt = 1; ; attempt++) {
    let gallery: Gallery;
    let personId: string;
    let version: string;
    const cached = galleries.get(base);
    try {
      const response = await rpc('self_enrolment_gallery', {
        p_user_id: userId,
        p_known_version: cached?.version ?? null,
      });
      if (!response.ok) {
        const message = await refusal(response);
        if (response.status === 400 && message === 'Too many fingerprint checks')
          return answer(429, { status: 'too-many', message });
        if (response.status === 403) return answer(403, { status: 'unauthorized', message });
        return answer(503, { status: 'unavailable', message });
      }
      const found = (await response.json()) as {
        version: string;
        employee_id: string;
        rows: GalleryRow[] | null;
      };
      personId = found.employee_id;
      version = found.version;
      if (found.rows === null && cached?.version === found.version) gallery = cached.gallery;
      else {
        gallery = duplicateGallery(found.rows ?? []);
        galleries.set(base, { version: found.version, gallery });
      }
    } catch (error) {
      return answer(503, { status: 'unavailable', message: (error as Error).message });
    }

    const checked = await checkEnrolment(parsed.templates, gallery, personId);
    // A duplicate says only that: whose finger it is, the gallery does not even know.
    if (checked.status !== 'ok')
      return answer(checked.status === 'duplicate' ? 409 : 422, { status: checked.status });

    try {
      const stored = await rpc('self_enrol_fingerprint', {
        p_user_id: userId,
        p_finger: parsed.finger,
        p_template: `\\x${[...base64Bytes(checked.template)].map((b) => b.toString(16).padStart(2, '0')).join('')}`,
        p_quality: checked.quality,
        p_consent_text_version: parsed.consentVersion,
        p_template_format: checked.format,
        p_gallery_version: version,
      });
      if (!stored.ok) {
        const message = await refusal(stored);
        if (message === GALLERY_CHANGED && attempt < STORE_ATTEMPTS) continue;
        if (message === 'Fingerprint already enrolled')
          return answer(409, { status: 'already-enrolled', message });
        if (stored.status === 403) return answer(403, { status: 'unauthorized', message });
        return answer(503, { status: 'unavailable', message });
      }
    } catch (error) {
      return answer(503, { status: 'unavailable', message: (error as Error).message });
    }
    return answer(200, { status: 'enrolled', finger: parsed.finger, quality: checked.quality });
  }
}
