// The employee portal's own-finger check (fingerprint-enrol with `action: 'verify'`): the person's
// browser sends one press's template; the server compares it with that person's own enrolment
// (own_enrolment_templates, service role) and answers 'matched', 'no_match' or 'retry' with the
// score. 1:1 only, against the signed-in person: it can tell nobody's name but their own, and the
// portal's browser never holds a template (issue 23 §5: only kiosks and admins do).
import { decideIdentification } from '../identify/decision.ts';
import { Gallery } from '../identify/gallery.ts';
import type { EndpointAnswer, EndpointEnv } from './endpoint-kit.ts';
import { answer, pressTemplate, refusedCall, serviceRpc, storedTemplatesOf } from './endpoint-kit.ts';

export type VerifyStatus =
  'matched' | 'no_match' | 'retry' | 'not-enrolled' | 'unauthorized' | 'unavailable' | 'bad-request';

export interface VerifyAnswer extends EndpointAnswer<VerifyStatus> {
  score?: number;
  /** The signed-in person, when matched. */
  employee?: { id: string; name: string };
}

const reply = (status: number, body: VerifyAnswer) => answer(status, body);

export async function handleVerify(userId: string, body: unknown, env: EndpointEnv): Promise<Response> {
  const probe = pressTemplate(((body ?? {}) as Record<string, unknown>).template);
  if (probe instanceof Response) return probe;

  let own: { employee_id: string; name: string; rows: { t: string; f: string }[] };
  try {
    const response = await serviceRpc(env, 'own_enrolment_templates', { p_user_id: userId });
    if (!response.ok) return refusedCall(response);
    own = (await response.json()) as typeof own;
  } catch (error) {
    return reply(503, { status: 'unavailable', message: (error as Error).message });
  }

  const entries = storedTemplatesOf(own.rows).map((template) => ({ id: own.employee_id, template }));
  if (!entries.length) return reply(200, { status: 'not-enrolled' });
  // One person's fingers: decided as a roster of one, as the portal's scanner did in the browser.
  const decision = decideIdentification(Gallery.build(entries).identify(probe), 1);
  const score = Math.round(decision.score * 10) / 10;
  if (decision.status === 'matched')
    return reply(200, { status: 'matched', score, employee: { id: own.employee_id, name: own.name } });
  return reply(200, { status: decision.status, score });
}
