import { describe, expect, it } from 'vitest';
import type { PunchRecord } from '../../features/punch/index.ts';
import {
  chosenAction,
  INITIAL_KIOSK_STATE,
  kioskTransition,
  scanAction,
  type KioskEvent,
  type KioskState,
} from './machine.ts';

const ada = { id: 'e1', name: 'Ada' };
const record = {
  id: 'a1',
  check_in: '2026-11-26T08:00:00Z',
  check_out: null,
  total_hours: null,
} as PunchRecord;
const run = (...events: KioskEvent[]) => events.reduce(kioskTransition, INITIAL_KIOSK_STATE);

describe('the kiosk state machine: one tap', () => {
  it('is ready for one tap at rest: the scanner runs for "auto" and no button is chosen', () => {
    expect(INITIAL_KIOSK_STATE).toEqual({ phase: 'idle', attempt: 0 });
    expect(scanAction(INITIAL_KIOSK_STATE)).toBe('auto');
    expect(chosenAction(INITIAL_KIOSK_STATE)).toBeNull();
  });

  it('goes idle → matching → saving → result → idle for a one tap, the result saying what the database did', () => {
    let state: KioskState = INITIAL_KIOSK_STATE;
    state = kioskTransition(state, { type: 'scanner-state', state: 'processing' });
    expect(state).toEqual({ phase: 'matching', action: 'auto', attempt: 0 });
    state = kioskTransition(state, { type: 'identified', employee: ada });
    expect(state).toEqual({ phase: 'saving', action: 'auto', attempt: 0, employee: ada });
    // The screen reads the record: no check-out, so it was a check-in.
    state = kioskTransition(state, { type: 'recorded', action: 'check-in', employee: ada, record });
    expect(state).toEqual({
      phase: 'result',
      action: 'check-in',
      attempt: 0,
      result: { kind: 'recorded', employee: ada, record },
    });
    // Six seconds later: ready again, the scanner restarted (a new attempt) for the next person.
    state = kioskTransition(state, { type: 'expired' });
    expect(state).toEqual({ phase: 'idle', attempt: 1 });
  });

  it("shows a second press within the interval as the database's refusal of the one tap", () => {
    const saving = run({ type: 'identified', employee: ada });
    const error = { message: 'punch.already_recorded' };
    expect(kioskTransition(saving, { type: 'refused', action: 'auto', employee: ada, error })).toEqual({
      phase: 'result',
      action: 'auto',
      attempt: 0,
      result: { kind: 'refused', employee: ada, error },
    });
  });

  it('asks for a choice when a one tap cannot reach the database (offline)', () => {
    const saving = run({ type: 'identified', employee: ada });
    expect(kioskTransition(saving, { type: 'choose-needed', employee: ada })).toMatchObject({
      phase: 'result',
      action: 'auto',
      result: { kind: 'choose', employee: ada },
    });
  });

  it('shows an unknown finger at once, and waits again (idle) after a poor press', () => {
    expect(run({ type: 'identified', employee: null })).toEqual({
      phase: 'result',
      action: 'auto',
      attempt: 0,
      result: { kind: 'not-recognized' },
    });
    const retried = run(
      { type: 'scanner-state', state: 'processing' },
      { type: 'scanner-state', state: 'ready', code: 'retry' },
    );
    expect(retried).toEqual({ phase: 'idle', attempt: 0 });
  });
});

describe('the kiosk state machine: Check In / Check Out chosen', () => {
  it('goes idle → waiting → matching → saving → result → idle for a chosen action', () => {
    let state: KioskState = INITIAL_KIOSK_STATE;
    state = kioskTransition(state, { type: 'choose', action: 'check-in' });
    expect(state).toEqual({ phase: 'waiting', action: 'check-in', attempt: 1 });
    expect(chosenAction(state)).toBe('check-in');
    state = kioskTransition(state, { type: 'scanner-state', state: 'processing' });
    expect(state.phase).toBe('matching');
    state = kioskTransition(state, { type: 'identified', employee: ada });
    expect(state).toEqual({ phase: 'saving', action: 'check-in', attempt: 1, employee: ada });
    state = kioskTransition(state, { type: 'recorded', action: 'check-in', employee: ada, record });
    expect(chosenAction(state)).toBe('check-in');
    state = kioskTransition(state, { type: 'expired' });
    expect(state).toEqual({ phase: 'idle', attempt: 2 });
  });

  it('goes back to waiting (not idle) when the scanner asks for another press', () => {
    const state = run(
      { type: 'choose', action: 'check-in' },
      { type: 'scanner-state', state: 'processing' },
      { type: 'scanner-state', state: 'ready', code: 'retry' },
    );
    expect(state).toEqual({ phase: 'waiting', action: 'check-in', attempt: 1 });
    // 'ready' without 'retry' (the scanner starting) changes nothing.
    const matching = run(
      { type: 'choose', action: 'check-in' },
      { type: 'scanner-state', state: 'processing' },
    );
    expect(kioskTransition(matching, { type: 'scanner-state', state: 'ready' })).toBe(matching);
    // A verify site's server check that could not run (offline): waiting again, not stuck matching.
    expect(
      kioskTransition(matching, { type: 'scanner-state', state: 'ready', code: 'verify-failed' }).phase,
    ).toBe('waiting');
  });

  it('records one punch at a time: a press while saving or while a result shows is ignored', () => {
    const saving = run({ type: 'choose', action: 'check-in' }, { type: 'identified', employee: ada });
    expect(kioskTransition(saving, { type: 'identified', employee: { id: 'e2', name: 'Bo' } })).toBe(saving);
    const shown = run({ type: 'choose', action: 'check-in' }, { type: 'identified', employee: null });
    expect(kioskTransition(shown, { type: 'identified', employee: ada })).toBe(shown);
    expect(kioskTransition(shown, { type: 'scanner-state', state: 'processing' })).toBe(shown);
  });

  it('shows a queued punch and a refusal as results', () => {
    const saving = run({ type: 'choose', action: 'check-in' }, { type: 'identified', employee: ada });
    expect(kioskTransition(saving, { type: 'queued', action: 'check-in', employee: ada })).toMatchObject({
      phase: 'result',
      result: { kind: 'queued', employee: ada },
    });
    const error = new Error('refused');
    expect(
      kioskTransition(saving, { type: 'refused', action: 'check-in', employee: ada, error }),
    ).toMatchObject({
      phase: 'result',
      result: { kind: 'refused', employee: ada, error },
    });
  });

  it('starts the scanner again on each choice, even of the same action', () => {
    const state = run({ type: 'choose', action: 'check-in' }, { type: 'choose', action: 'check-in' });
    expect(state).toEqual({ phase: 'waiting', action: 'check-in', attempt: 2 });
    const fromResult = run(
      { type: 'choose', action: 'check-in' },
      { type: 'identified', employee: null },
      { type: 'choose', action: 'check-out' },
    );
    expect(fromResult).toEqual({ phase: 'waiting', action: 'check-out', attempt: 2 });
  });

  it('only a shown result expires', () => {
    const waiting = run({ type: 'choose', action: 'check-in' });
    expect(kioskTransition(waiting, { type: 'expired' })).toBe(waiting);
    expect(kioskTransition(INITIAL_KIOSK_STATE, { type: 'expired' })).toBe(INITIAL_KIOSK_STATE);
  });
});
