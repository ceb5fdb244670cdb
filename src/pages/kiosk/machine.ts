// The kiosk as a state machine, without React: what the tablet is doing and what each event makes
// of it. idle → (choose) waiting → (the scanner processes a press) matching → (identified) saving →
// (recorded | queued offline | refused) result → (6 s) idle; an unknown finger goes to the result at
// once. The screen (KioskScreen.tsx) renders the state and runs the effects of entering one.
import type { PunchRecord } from '../../features/punch/index.ts';
import type { PunchAction, ScannerPerson, ScannerState } from '../../fingerprint/scanner/protocol.ts';

export type KioskResult =
  | { kind: 'not-recognized' }
  | { kind: 'recorded'; employee: ScannerPerson; record: PunchRecord }
  /** Kept on the tablet (no network or backend): replayed with its time when the connection returns. */
  | { kind: 'queued'; employee: ScannerPerson }
  /** The database refused the punch (a DbError), or it could not be recorded nor queued. */
  | { kind: 'refused'; employee: ScannerPerson; error: unknown };

export type KioskState =
  | { phase: 'idle'; attempt: number }
  /** The scanner runs for `action` and waits for a press. */
  | { phase: 'waiting'; action: PunchAction; attempt: number }
  /** The scanner is extracting and identifying a press. */
  | { phase: 'matching'; action: PunchAction; attempt: number }
  /** The finger is `employee`'s: the punch is being recorded. */
  | { phase: 'saving'; action: PunchAction; attempt: number; employee: ScannerPerson }
  | { phase: 'result'; action: PunchAction; attempt: number; result: KioskResult };

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
  | { type: 'refused'; action: PunchAction; employee: ScannerPerson; error: unknown }
  /** The result has been shown long enough. */
  | { type: 'expired' };

export const INITIAL_KIOSK_STATE: KioskState = { phase: 'idle', attempt: 0 };

/** The next state; the same object when the event changes nothing (the screen then does nothing). */
export function kioskTransition(state: KioskState, event: KioskEvent): KioskState {
  switch (event.type) {
    case 'choose':
      return { phase: 'waiting', action: event.action, attempt: state.attempt + 1 };
    case 'scanner-state':
      if (state.phase === 'waiting' && event.state === 'processing') return { ...state, phase: 'matching' };
      // A poor press, or a verify site's server check that could not run: the scanner waits again.
      if (
        state.phase === 'matching' &&
        event.state === 'ready' &&
        (event.code === 'retry' || event.code === 'verify-failed')
      )
        return { ...state, phase: 'waiting' };
      return state;
    case 'identified': {
      // One punch at a time: a press while the last one is recorded or shown, or before an action
      // is chosen, is ignored.
      if (state.phase !== 'waiting' && state.phase !== 'matching') return state;
      const { action, attempt } = state;
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
    case 'refused':
      return result(state, event.action, { kind: 'refused', employee: event.employee, error: event.error });
    case 'expired':
      return state.phase === 'result' ? { phase: 'idle', attempt: state.attempt } : state;
  }
}

// A punch's answer is shown whatever happened meanwhile: the person whose finger it was is waiting for it.
const result = (state: KioskState, action: PunchAction, outcome: KioskResult): KioskState => ({
  phase: 'result',
  action,
  attempt: state.attempt,
  result: outcome,
});

/** The action the screen shows as chosen (and the scanner runs for), or null when idle. */
export const chosenAction = (state: KioskState): PunchAction | null =>
  state.phase === 'idle' ? null : state.action;
