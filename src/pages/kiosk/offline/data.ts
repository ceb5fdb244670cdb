// A verify site's queued press at replay (issue 26 item 2): the fingerprint endpoint compares it 1:1
// with the person whose number was typed ('kiosk-replay', src/fingerprint/server/replay-verify.ts).
// A match is then replayed as that person's punch (replay_punch spends the verification the server
// dated at the press); a press that does not verify is no punch, the server lists it for HR. Either
// way the press leaves the queue (and the tablet) once the server has answered.
import { supabase } from '../../../data/client.ts';
import { replayPunch, type ReplayAnswer } from '../../../features/punch/index.ts';
import { callEnrolFunction, type KioskVerifyAnswer } from '../../../fingerprint/server/client.ts';
import type { QueuedPunch } from './queue.ts';

/** The replay's reason for a press HR now reviews (not a database code: nothing shows it to a person). */
export const LISTED_FOR_REVIEW = 'listed-for-review';

/** Replays one queued press; throws (the press stays queued) when the server cannot be reached. */
export async function replayPress(punch: QueuedPunch & { press: NonNullable<QueuedPunch['press']> }) {
  const answer = await callEnrolFunction<KioskVerifyAnswer>(supabase(), {
    action: 'kiosk-replay',
    number: punch.press.number,
    template: punch.press.template,
    key: punch.key,
    punch: punch.action === 'check-in' ? 'check_in' : 'check_out',
    pressedAt: punch.at,
    device: punch.deviceId,
  });
  // Unreachable, or the session must be renewed: kept for the next replay.
  if (!answer || answer.status === 'unavailable' || answer.status === 'unauthorized')
    throw new TypeError(`The fingerprint server could not check the press (${answer?.status ?? 'network'})`);
  if (answer.status === 'matched' && answer.employee)
    return replayPunch({ ...punch, employeeId: answer.employee.id });
  if (answer.status === 'review')
    return { outcome: 'rejected', reason: LISTED_FOR_REVIEW } satisfies ReplayAnswer;
  return { outcome: 'rejected', reason: answer.message ?? answer.status } satisfies ReplayAnswer;
}

/** One queued entry: a punch of a known person, or a verify site's press checked first. */
export function replayQueued(punch: QueuedPunch): Promise<ReplayAnswer> {
  return punch.press ? replayPress({ ...punch, press: punch.press }) : replayPunch(punch);
}
