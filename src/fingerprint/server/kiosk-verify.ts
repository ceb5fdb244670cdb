// A verify site's kiosk (fingerprint-enrol with `action: 'kiosk-verify'`): the kiosk sends the typed
// personal number and one press's template (never an image); the server reads THAT person's
// templates only (kiosk_verification_templates, service role: the kiosk itself can read none),
// compares 1:1 (verify/decision.ts) and, on a match, records a verification that the kiosk's
// check_in / check_out consumes. A wrong number and a finger that does not match answer the same
// 'no_match': the kiosk says 'Not Recognized' without telling which. The answer names the person by
// first name only, and never carries a template.
import type { Template } from '../template/types.ts';
import { decideVerification } from '../verify/decision.ts';
import type { EndpointAnswer, EndpointEnv } from './endpoint-kit.ts';
import {
  answer,
  pressTemplate,
  refusalOf,
  refusedCall,
  serviceRpc,
  storedTemplatesOf,
} from './endpoint-kit.ts';

export type KioskVerifyStatus =
  | 'matched'
  | 'no_match'
  | 'retry'
  | 'unauthorized'
  | 'unavailable'
  | 'bad-request'
  /** A replayed press the database refused (too old, from the future, another site's person). */
  | 'refused'
  /** A replayed press that did not verify: listed for HR review, not a punch (replay-verify.ts). */
  | 'review';

export interface KioskVerifyAnswer extends EndpointAnswer<KioskVerifyStatus> {
  /** The person, by id and first name, when matched. */
  employee?: { id: string; name: string };
  score?: number;
}

/** A personal number as the keypad sends it. */
export const PERSONAL_NUMBER = /^[0-9]{1,8}$/;

const reply = (status: number, body: KioskVerifyAnswer) => answer(status, body);

export async function handleKioskVerify(userId: string, body: unknown, env: EndpointEnv): Promise<Response> {
  const { template, number } = (body ?? {}) as Record<string, unknown>;
  if (typeof number !== 'string' || !PERSONAL_NUMBER.test(number))
    return reply(400, { status: 'bad-request', message: 'A personal number of digits is required.' });
  const probe = pressTemplate(template);
  if (probe instanceof Response) return probe;
  const outcome = await verifyNumberAndPress(env, userId, number, probe);
  if ('response' in outcome) return outcome.response;
  return reply(200, outcome.answer);
}

/** One person's verification, shared with the offline replay (replay-verify.ts). */
export async function verifyNumberAndPress(
  env: EndpointEnv,
  userId: string,
  number: string,
  probe: Template,
  /** A queued press replayed: the verification is dated at the press (ISO time), for replay_punch. */
  pressedAt?: string,
): Promise<{ answer: KioskVerifyAnswer } | { response: Response }> {
  let person: { employee_id: string | null; first_name?: string; rows?: { t: string; f: string }[] };
  try {
    const response = await serviceRpc(env, 'kiosk_verification_templates', {
      p_user_id: userId,
      p_number: number,
    });
    if (!response.ok) return { response: await refusedCall(response) };
    person = (await response.json()) as typeof person;
  } catch (error) {
    return { response: reply(503, { status: 'unavailable', message: (error as Error).message }) };
  }
  if (!person.employee_id) return { answer: { status: 'no_match' } };

  const enrolled = storedTemplatesOf(person.rows ?? []);
  if (!enrolled.length) return { answer: { status: 'no_match' } };
  const decision = decideVerification(probe, enrolled);
  const score = Math.round(decision.score * 10) / 10;
  if (decision.status === 'retry') return { answer: { status: 'retry' } };
  if (decision.status === 'no_match') return { answer: { status: 'no_match' } };
  try {
    // The decision is made; the stored score is a record, capped to the column's range (a press of the
    // very impression enrolled can score above 1000).
    const stored = Math.min(score, 999.9);
    const recorded = pressedAt
      ? await serviceRpc(env, 'record_replayed_verification', {
          p_user_id: userId,
          p_employee_id: person.employee_id,
          p_score: stored,
          p_pressed_at: pressedAt,
        })
      : await serviceRpc(env, 'record_kiosk_verification', {
          p_user_id: userId,
          p_employee_id: person.employee_id,
          p_method: 'finger',
          p_score: stored,
        });
    if (!recorded.ok) {
      const { message } = await refusalOf(recorded);
      if (pressedAt && recorded.status < 500) return { response: reply(409, { status: 'refused', message }) };
      return { response: reply(503, { status: 'unavailable', message }) };
    }
  } catch (error) {
    return { response: reply(503, { status: 'unavailable', message: (error as Error).message }) };
  }
  return {
    answer: { status: 'matched', score, employee: { id: person.employee_id, name: person.first_name ?? '' } },
  };
}
