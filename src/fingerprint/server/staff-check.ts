// The staff duplicate check (fingerprint-enrol with `action: 'check'`): an admin, HR or a manager
// enrolling someone's finger (registration, the employee card, /scanner) sends the three impressions;
// the server checks they match each other, searches every enrolled finger with the service role
// (staff_duplicate_gallery: may this person enrol for that employee, budget, audit) and answers
// 'no-duplicate', or 'duplicate' with whose finger it is (staff_duplicate_found, audited). The
// staff member's browser never receives a template: it stores the enrolment afterwards as before
// (enrol_fingerprint / register_employee).
import type { Gallery } from '../identify/gallery.ts';
import {
  answer,
  BUDGET_CODES,
  cachedGallery,
  corruptImpression,
  galleryFor,
  isTemplateList,
  refusalOf,
  serviceRpc,
  type EndpointAnswer,
  type EndpointEnv,
  type GalleryRow,
} from './endpoint-kit.ts';
import { checkEnrolment } from './check-enrolment.ts';

export interface StaffCheckRequest {
  /** The employee the finger is for; null for a person being registered (not stored yet). */
  employeeId: string | null;
  /** The three impressions, base64 `pointage-v1` templates. */
  templates: string[];
}

export type StaffCheckStatus =
  'no-duplicate' | 'duplicate' | 'inconsistent' | 'too-many' | 'unauthorized' | 'unavailable' | 'bad-request';

export interface StaffCheckAnswer extends EndpointAnswer<StaffCheckStatus> {
  /** Whose finger it is, for 'duplicate'. */
  duplicateOf?: { id: string; name: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseStaffCheck(body: unknown): StaffCheckRequest | string {
  const { employeeId, templates } = (body ?? {}) as Record<string, unknown>;
  if (
    employeeId !== null &&
    employeeId !== undefined &&
    (typeof employeeId !== 'string' || !UUID.test(employeeId))
  )
    return 'Unknown employee.';
  if (!isTemplateList(templates, 3, 3)) return 'Three impression templates are required.';
  return { employeeId: (employeeId as string | null | undefined) ?? null, templates };
}

const reply = (status: number, body: StaffCheckAnswer) => answer(status, body);

export async function handleStaffCheck(userId: string, body: unknown, env: EndpointEnv): Promise<Response> {
  const parsed = parseStaffCheck(body);
  if (typeof parsed === 'string') return reply(400, { status: 'bad-request', message: parsed });
  const corrupt = corruptImpression(parsed.templates);
  if (corrupt) return corrupt;

  let gallery: Gallery;
  const held = cachedGallery(env);
  try {
    const response = await serviceRpc(env, 'staff_duplicate_gallery', {
      p_user_id: userId,
      p_employee_id: parsed.employeeId,
      p_known_version: held?.version ?? null,
    });
    if (!response.ok) {
      const refused = await refusalOf(response);
      if (BUDGET_CODES.has(refused.code)) return reply(429, { status: 'too-many', message: refused.message });
      if (response.status === 403) return reply(403, { status: 'unauthorized', message: refused.message });
      if (refused.code === 'employee_not_found')
        return reply(400, { status: 'bad-request', message: refused.message });
      return reply(503, { status: 'unavailable', message: refused.message });
    }
    gallery = galleryFor(
      env,
      (await response.json()) as { version: string; rows: GalleryRow[] | null },
      held,
    );
  } catch (error) {
    return reply(503, { status: 'unavailable', message: (error as Error).message });
  }

  const checked = await checkEnrolment(parsed.templates, gallery, parsed.employeeId ?? undefined);
  if (checked.status === 'inconsistent') return reply(422, { status: 'inconsistent' });
  if (checked.status === 'ok') return reply(200, { status: 'no-duplicate' });
  try {
    const found = await serviceRpc(env, 'staff_duplicate_found', {
      p_user_id: userId,
      p_employee_id: parsed.employeeId,
      p_duplicate_of: checked.of,
    });
    if (!found.ok) return reply(503, { status: 'unavailable', message: (await refusalOf(found)).message });
    return reply(409, {
      status: 'duplicate',
      duplicateOf: (await found.json()) as { id: string; name: string },
    });
  } catch (error) {
    return reply(503, { status: 'unavailable', message: (error as Error).message });
  }
}
