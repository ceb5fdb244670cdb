// The kiosk as a state machine, without React: what the tablet is doing and what each event makes
// of it. The resting state is 'idle', 'Ready' for one tap: the scanner waits for any press, and the
// database decides from the person's open record whether it checks them in or out. Check In / Check
// Out (the spec's buttons) choose explicitly: 'waiting' for that action.
//
//   idle ──(press)──▶ matching ──(identified)──▶ saving ──(recorded | queued | refused)──▶ result
//   idle ──(choose)─▶ waiting ──(press)──▶ matching ─▶ …                  result ──(6 s)──▶ idle
//
// An unknown finger goes to the result at once. Every phase but 'result' keeps the scanner running
// for `action` ('auto' in idle). The screen (KioskScreen.tsx) renders the state and runs the effects
// of entering one. Phases and events are plain unions: a new way to identify a person (a PIN) adds
// its events here and reaches 'saving' with the person like a finger does.
import type { PunchRecord } from '../../features/punch/index.ts';
import type { PunchAction, ScannerPerson, ScannerState } from '../../fingerprint/scanner/protocol.ts';

/** What a press does: one tap ('auto': the database decides from the open record) or the chosen action. */
export type KioskAction = 'auto' | PunchAction;

export type KioskResult =
  | { kind: 'not-recognized' }
  /** Recorded: `action` is what the database did (for one tap, read from the record). */
  | { kind: 'recorded'; employee: ScannerPerson; record: PunchRecord }
  /** Kept on the tablet (no network or backend): replayed with its time when the connection returns. */
  | { kind: 'queued'; employee: ScannerPerson }
  /** One tap without a connection: in or out cannot be decided here; the person chooses. */
  | { kind: 'choose'; employee: ScannerPerson }
  /** The database refused the punch (a DbError: 'already recorded', …), or it could not be recorded nor queued. */
  | { kind: 'refused'; employee: ScannerPerson; error: unknown };

export type KioskState =
  /** Ready for one tap: the scanner waits for any press. */
  | { phase: 'idle'; attempt: number }
  /** Check In or Check Out chosen: the scanner waits for a press for `action`. */
  | { phase: 'waiting'; action: PunchAction; attempt: number }
  /** The scanner is extracting and identifying a press. */
  | { phase: 'matching'; action: KioskAction; attempt: number }
  /** The finger is `employee`'s: the punch is being recorded. */
  | { phase: 'saving'; action: KioskAction; attempt: number; employee: ScannerPerson }
  /** Shown for 6 s; `action` is what was done (or attempted: 'auto' when a one tap was refused). */
  | { phase: 'result'; action: KioskAction; attempt: number; result: KioskResult };

export type KioskPhase = KioskState['phase'];

export type KioskEvent =
  /** Check In or Check Out pressed (again: the scanner restarts). */
  | { type: 'choose'; action: PunchAction }
  /** The scanner's own state ('processing' a press; 'ready' again with code 'retry' after a bad one). */
  | { type: 'scanner-state'; state: ScannerState; code?: string }
  /** The scanner's identification: the person, or null for a finger nobody enrolled. */
  | { type: 'identified'; employee: ScannerPerson | null }
  | { type: 'recorded'; action: PunchAction; employee: ScannerPerson; record: PunchRecord }
  | { type: 'queued'; action: PunchAction; employee: ScannerPerson }
  | { type: 'choose-needed'; employee: ScannerPerson }
  | { type: 'refused'; action: KioskAction; employee: ScannerPerson; error: unknown }
  /** The result has been shown long enough (or the person touched it). */
  | { type: 'expired' };

export const INITIAL_KIOSK_STATE: KioskState = { phase: 'idle', attempt: 0 };

/** The next state; the same object when the event changes nothing (the screen then does nothing). */
export function kioskTransition(state: KioskState, event: KioskEvent): KioskState {
  switch (event.type) {
    case 'choose':
      return { phase: 'waiting', action: event.action, attempt: state.attempt + 1 };
    case 'scanner-state':
      if ((state.phase === 'idle' || state.phase === 'waiting') && event.state === 'processing')
        return { phase: 'matching', action: scanAction(state), attempt: state.attempt };
      // A poor press, or a verify site's server check that could not run: the scanner waits again.
      if (
        state.phase === 'matching' &&
        event.state === 'ready' &&
        (event.code === 'retry' || event.code === 'verify-failed')
      )
        return state.action === 'auto'
          ? { phase: 'idle', attempt: state.attempt }
          : { phase: 'waiting', action: state.action, attempt: state.attempt };
      return state;
    case 'identified': {
      // One punch at a time: a press while the last one is recorded or shown is ignored.
      if (state.phase !== 'idle' && state.phase !== 'waiting' && state.phase !== 'matching') return state;
      const action = scanAction(state);
      const { attempt } = state;
      if (!event.employee) return { phase: 'result', action, attempt, result: { kind: 'not-recognized' } };
      return { phase: 'saving', action, attempt, employee: event.employee };
    }
    case 'recorded':
      return result(state, event.action, {
        kind: 'recorded',
        employee: event.employee,
        record: event.record,
      });
    case 'queued':
      return result(state, event.action, { kind: 'queued', employee: event.employee });
    case 'choose-needed':
      return result(state, 'auto', { kind: 'choose', employee: event.employee });
    case 'refused':
      return result(state, event.action, { kind: 'refused', employee: event.employee, error: event.error });
    case 'expired':
      // Ready again, the scanner restarted for the next one tap.
      return state.phase === 'result' ? { phase: 'idle', attempt: state.attempt + 1 } : state;
  }
}

// A punch's answer is shown whatever happened meanwhile: the person whose finger it was is waiting for it.
const result = (state: KioskState, action: KioskAction, outcome: KioskResult): KioskState => ({
  phase: 'result',
  action,
  attempt: state.attempt,
  result: outcome,
});

/** What the scanner runs for (and a press does): 'auto' when idle, else the state's action. */
export const scanAction = (state: KioskState): KioskAction =>
  state.phase === 'idle' ? 'auto' : state.action;

/** The button the screen shows as chosen, or null for one tap. */
export const chosenAction = (state: KioskState): PunchAction | null => {
  const action = scanAction(state);
  return action === 'auto' ? null : action;
};
