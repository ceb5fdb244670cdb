// The fingerprint-enrol function endpoint (POST /functions/v1/fingerprint-enrol): every search of
// the company's enrolled fingers runs here, inside the server, with the service role; the browser
// sends templates (never images) with its session and learns only the outcome, never a template.
//   * (no action) sign-up's self-enrolment: the person's three impressions are checked (they match
//     each other, nobody else's finger: budgeted per person and per client address) and stored
//     (self_enrol_fingerprint, audited, with the consent version);
//   * 'check': a staff member's duplicate check before enrolling someone (staff-check.ts);
//   * 'verify': the employee portal's comparison of a press with one's own finger (verify.ts);
//   * 'kiosk-verify': a verify site's kiosk, a personal number and one press (kiosk-verify.ts);
//   * 'kiosk-replay': the same kiosk replaying a press it queued offline (replay-verify.ts).
//
// One implementation, two runtimes: the local stack's gateway calls it in Node
// (server/functions/index.ts) and Supabase runs it as an Edge Function in Deno
// (supabase/functions/fingerprint-enrol/index.ts). Web-standard Request/Response and fetch only.
import type { Gallery } from '../identify/gallery.ts';
import { FINGERS, type Finger } from '../scanner/protocol.ts';
import { checkEnrolment } from './check-enrolment.ts';
import {
  answer,
  base64Bytes,
  BUDGET_CODES,
  cachedGallery,
  CORS,
  corruptImpression,
  galleryFor,
  isTemplateList,
  refusalOf,
  serviceRpc,
  signedInUser,
  type EndpointAnswer,
  type EndpointEnv,
  type FunctionContext,
  type GalleryRow,
} from './endpoint-kit.ts';
import { handleStaffCheck } from './staff-check.ts';
import { handleKioskVerify } from './kiosk-verify.ts';
import { handleKioskReplay } from './replay-verify.ts';
import { handleVerify } from './verify.ts';

export { checkEnrolment } from './check-enrolment.ts';
export { duplicateGallery, type EndpointEnv, type FunctionContext, type GalleryRow } from './endpoint-kit.ts';

export const ENROL_FUNCTION = 'fingerprint-enrol';
/** The store's refusal when a finger was enrolled between the search and the store. */
const GALLERY_CHANGED = 'fingerprint.fingers_changed';
/** Searches and stores tried before answering 'unavailable' (each search counts toward the hourly cap). */
const STORE_ATTEMPTS = 3;

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

export interface EnrolAnswer extends EndpointAnswer<EnrolStatus> {
  finger?: Finger;
  quality?: number;
}

/** The request body, checked; a string saying what is wrong otherwise. */
export function parseEnrolRequest(body: unknown): EnrolRequest | string {
  if (typeof body !== 'object' || body === null) return 'The body must be a JSON object.';
  const { finger, templates, consentVersion } = body as Record<string, unknown>;
  if (typeof finger !== 'string' || !FINGERS.includes(finger as Finger)) return 'Unknown finger.';
  if (!isTemplateList(templates, 3, 3)) return 'Three impression templates are required.';
  if (typeof consentVersion !== 'string' || consentVersion.trim() === '')
    return 'The biometric consent is required.';
  return {
    finger: finger as Finger,
    templates: templates as string[],
    consentVersion: consentVersion.trim(),
  };
}

/**
 * The endpoint. The body's `action` picks the route: none (sign-up's self-enrolment, below),
 * 'check' (a staff member's duplicate check, staff-check.ts) or 'verify' (the portal's own-finger
 * check, verify.ts). Every route answers outcomes only, never a template.
 */
export async function handleFingerprintEnrol(
  request: Request,
  env: EndpointEnv,
  context: FunctionContext = {},
): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (request.method !== 'POST') return answer(405, { status: 'bad-request', message: 'Use POST.' });
  const userId = await signedInUser(request, env);
  if (userId instanceof Response) return userId;
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return answer(400, { status: 'bad-request', message: 'The body must be JSON.' });
  }
  const action = (body as { action?: unknown } | null)?.action;
  if (action === 'check') return handleStaffCheck(userId, body, env);
  if (action === 'verify') return handleVerify(userId, body, env);
  if (action === 'kiosk-verify') return handleKioskVerify(userId, body, env);
  if (action === 'kiosk-replay') return handleKioskReplay(userId, body, env);
  if (action !== undefined && action !== 'enrol')
    return answer(400, { status: 'bad-request', message: 'Unknown action.' });
  return selfEnrol(userId, body, env, context);
}

/**
 * Sign-up's self-enrolment: the three impressions must match each other and be nobody else's finger
 * (searched here, budgeted per person and per client address), then stored for the signed-in person.
 */
async function selfEnrol(
  userId: string,
  body: unknown,
  env: EndpointEnv,
  context: FunctionContext,
): Promise<Response> {
  const parsed = parseEnrolRequest(body);
  if (typeof parsed === 'string') return answer(400, { status: 'bad-request', message: parsed });
  const corrupt = corruptImpression(parsed.templates);
  if (corrupt) return corrupt;

  // The duplicate search, inside the server, then the store. The store names the gallery version it
  // was checked against and is refused if another finger was stored meanwhile (two sign-ups with the
  // same finger at the same moment); the search then runs again on the new gallery.
  for (let attempt = 1; ; attempt++) {
    let gallery: Gallery;
    let personId: string;
    let version: string;
    const held = cachedGallery(env);
    try {
      const response = await serviceRpc(env, 'self_enrolment_gallery', {
        p_user_id: userId,
        p_known_version: held?.version ?? null,
        p_client_ip: context.clientIp ?? null,
      });
      if (!response.ok) {
        const refused = await refusalOf(response);
        if (BUDGET_CODES.has(refused.code))
          return answer(429, { status: 'too-many', message: refused.message });
        if (response.status === 403) return answer(403, { status: 'unauthorized', message: refused.message });
        return answer(503, { status: 'unavailable', message: refused.message });
      }
      const found = (await response.json()) as {
        version: string;
        employee_id: string;
        rows: GalleryRow[] | null;
      };
      personId = found.employee_id;
      version = found.version;
      gallery = galleryFor(env, found, held);
    } catch (error) {
      return answer(503, { status: 'unavailable', message: (error as Error).message });
    }

    const checked = await checkEnrolment(parsed.templates, gallery, personId);
    // A duplicate says only that: a new account learns nothing of whose finger it is.
    if (checked.status !== 'ok')
      return answer(checked.status === 'duplicate' ? 409 : 422, { status: checked.status });

    try {
      const stored = await serviceRpc(env, 'self_enrol_fingerprint', {
        p_user_id: userId,
        p_finger: parsed.finger,
        p_template: `\\x${[...base64Bytes(checked.template)].map((b) => b.toString(16).padStart(2, '0')).join('')}`,
        p_quality: checked.quality,
        p_consent_text_version: parsed.consentVersion,
        p_template_format: checked.format,
        p_gallery_version: version,
      });
      if (!stored.ok) {
        const { message } = await refusalOf(stored);
        if (message === GALLERY_CHANGED && attempt < STORE_ATTEMPTS) continue;
        if (message === 'fingerprint.already_enrolled')
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
