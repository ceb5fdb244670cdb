import { describe, expect, it } from 'vitest';
import type { PunchRecord } from '../../features/punch/index.ts';
import {
  chosenAction,
  INITIAL_KIOSK_STATE,
  kioskTransition,
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

describe('the kiosk state machine', () => {
  it('goes idle → waiting → matching → saving → result → idle for a recorded punch', () => {
    let state: KioskState = INITIAL_KIOSK_STATE;
    expect(chosenAction(state)).toBeNull();
    state = kioskTransition(state, { type: 'choose', action: 'check-in' });
    expect(state).toEqual({ phase: 'waiting', action: 'check-in', attempt: 1 });
    state = kioskTransition(state, { type: 'scanner-state', state: 'processing' });
    expect(state.phase).toBe('matching');
    state = kioskTransition(state, { type: 'identified', employee: ada });
    expect(state).toEqual({ phase: 'saving', action: 'check-in', attempt: 1, employee: ada });
    state = kioskTransition(state, { type: 'recorded', action: 'check-in', employee: ada, record });
    expect(state).toEqual({
      phase: 'result',
      action: 'check-in',
      attempt: 1,
      result: { kind: 'recorded', employee: ada, record },
    });
    expect(chosenAction(state)).toBe('check-in');
    state = kioskTransition(state, { type: 'expired' });
    expect(state).toEqual({ phase: 'idle', attempt: 1 });
  });

  it('shows an unknown finger at once, without recording anything', () => {
    const state = run({ type: 'choose', action: 'check-out' }, { type: 'identified', employee: null });
    expect(state).toEqual({
      phase: 'result',
      action: 'check-out',
      attempt: 1,
      result: { kind: 'not-recognized' },
    });
  });

  it('goes back to waiting when the scanner asks for another press', () => {
    const state = run(
      { type: 'choose', action: 'check-in' },
      { type: 'scanner-state', state: 'processing' },
      { type: 'scanner-state', state: 'ready', code: 'retry' },
    );
    expect(state.phase).toBe('waiting');
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

  it('records one punch at a time: a press before a choice, while saving or while a result shows is ignored', () => {
    expect(run({ type: 'identified', employee: ada })).toBe(INITIAL_KIOSK_STATE);
    const saving = run({ type: 'choose', action: 'check-in' }, { type: 'identified', employee: ada });
    expect(kioskTransition(saving, { type: 'identified', employee: { id: 'e2', name: 'Bo' } })).toBe(saving);
    const shown = run({ type: 'choose', action: 'check-in' }, { type: 'identified', employee: null });
    expect(kioskTransition(shown, { type: 'identified', employee: ada })).toBe(shown);
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
  });
});
