// Sends the queue in order; a punch leaves the queue only once the server has answered for it
// (accepted, duplicate or refused). If the tablet dies between the server's commit and the
// removal, the next replay sends the same key again and the server answers "duplicate": nothing
// is lost and nothing is recorded twice.
import { toDbError } from '../../../data/errors.ts';
import type { ReplayAnswer } from '../../../features/punch/index.ts';
import type { PunchQueue, QueuedPunch } from './queue.ts';
import { isRefusal } from './failure.ts';

export type { ReplayAnswer, ReplayOutcome } from '../../../features/punch/index.ts';

/** Sends one punch to the server; throws on failure. */
export type ReplayOne = (punch: QueuedPunch) => Promise<ReplayAnswer>;

export interface ReplayReport {
  /** Punches the server answered for, in order. */
  answered: { punch: QueuedPunch; answer: ReplayAnswer }[];
  /** True when the replay stopped on a network or backend failure (the rest stays queued). */
  interrupted: boolean;
  remaining: number;
}

export async function replayQueue(queue: PunchQueue, replayOne: ReplayOne): Promise<ReplayReport> {
  const answered: ReplayReport['answered'] = [];
  let interrupted = false;
  for (const punch of await queue.list()) {
    let answer: ReplayAnswer;
    try {
      answer = await replayOne(punch);
    } catch (error) {
      // The server refused the call itself (e.g. a key reused for another punch): it will never be
      // accepted, so it leaves the queue with the reason. Anything else (network, backend, an
      // expired session) keeps it, and the rest after it, for the next replay.
      if (!isRefusal(error)) {
        interrupted = true;
        break;
      }
      answer = { outcome: 'rejected', reason: toDbError(error).serverMessage || null };
    }
    await queue.remove(punch.key);
    answered.push({ punch, answer });
  }
  return { answered, interrupted, remaining: await queue.count() };
}
