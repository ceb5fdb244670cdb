// A verify site's kiosk replays a press it queued offline (fingerprint-enrol with `action:
// 'kiosk-replay'`): the typed number and the press's template (never an image), with the queued
// punch's key, action, time and device. The server compares the press 1:1 with that person's
// templates (kiosk-verify.ts). A match is recorded as a verification dated at the press, which the
// kiosk then spends with replay_punch; a press that does not verify is no punch but a row HR reviews
// (record_unverified_press: time, number, site). Either way the kiosk then drops the press.
import { templateFromBase64 } from '../template/binary.ts';
import type { Template } from '../template/types.ts';
import { answer, isTemplateList, refusalOf, serviceRpc, type EndpointEnv } from './endpoint-kit.ts';
import { PERSONAL_NUMBER, verifyNumberAndPress, type KioskVerifyAnswer } from './kiosk-verify.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACTIONS = new Set(['check_in', 'check_out']);

export interface ReplayPressBody {
  number: string;
  template: string;
  key: string;
  punch: 'check_in' | 'check_out';
  pressedAt: string;
  device: string | null;
}

function parse(body: unknown): ReplayPressBody | string {
  const { number, template, key, punch, pressedAt, device } = (body ?? {}) as Record<string, unknown>;
  if (typeof number !== 'string' || !PERSONAL_NUMBER.test(number))
    return 'A personal number of digits is required.';
  if (!isTemplateList([template], 1, 1)) return 'One press template is required.';
  if (typeof key !== 'string' || !UUID.test(key)) return 'The queued punch key is required.';
  if (typeof punch !== 'string' || !ACTIONS.has(punch)) return 'The punch is check_in or check_out.';
  if (typeof pressedAt !== 'string' || !Number.isFinite(Date.parse(pressedAt)))
    return 'The time of the press is required.';
  if (device !== undefined && device !== null && (typeof device !== 'string' || device.length > 100))
    return 'The device is at most 100 characters.';
  return {
    number,
    template: template as string,
    key,
    punch: punch as ReplayPressBody['punch'],
    pressedAt: new Date(pressedAt).toISOString(),
    device: (device as string | null | undefined) ?? null,
  };
}

export async function handleKioskReplay(userId: string, body: unknown, env: EndpointEnv): Promise<Response> {
  const parsed = parse(body);
  if (typeof parsed === 'string') return answer(400, { status: 'bad-request', message: parsed });
  let probe: Template;
  try {
    probe = templateFromBase64(parsed.template);
  } catch {
    return answer(400, { status: 'bad-request', message: 'The press template is corrupt.' });
  }
  const outcome = await verifyNumberAndPress(env, userId, parsed.number, probe, parsed.pressedAt);
  if ('response' in outcome) return outcome.response;
  if (outcome.answer.status === 'matched') return answer(200, outcome.answer);
  // No match, or a press too poor to compare (nobody can press again for it): HR reviews it.
  try {
    const listed = await serviceRpc(env, 'record_unverified_press', {
      p_user_id: userId,
      p_key: parsed.key,
      p_action: parsed.punch,
      p_number: parsed.number,
      p_pressed_at: parsed.pressedAt,
      p_device: parsed.device,
      p_reason: outcome.answer.status === 'retry' ? 'retry' : 'no_match',
    });
    if (!listed.ok) {
      const { message } = await refusalOf(listed);
      const refused = listed.status < 500;
      return answer(refused ? 409 : 503, { status: refused ? 'refused' : 'unavailable', message });
    }
  } catch (error) {
    return answer(503, { status: 'unavailable', message: (error as Error).message });
  }
  const review: KioskVerifyAnswer = { status: 'review' };
  return answer(200, review);
}
