import { describe, expect, it } from 'vitest';
import { MATCH_THRESHOLD } from '../messages.ts';
import { randomTemplate, templateOf } from '../testing.ts';
import {
  decideIdentification,
  identificationThreshold,
  MIN_PROBE_MINUTIAE,
  RUNNER_UP_MARGIN,
  TARGET_FPIR,
} from './decision.ts';
import { Gallery, type IdentifyResult } from './gallery.ts';

const result = (score: number, runnerUpScore = 0, compared = 40): IdentifyResult => ({
  id: 'alice',
  index: 0,
  score,
  runnerUpId: 'bob',
  runnerUpScore,
  matched: score >= MATCH_THRESHOLD,
  compared,
});

describe('identificationThreshold', () => {
  it('grows with the roster so that strangers are taken for somebody at most TARGET_FPIR of the time', () => {
    expect(identificationThreshold(40)).toBeCloseTo(46.02, 1);
    expect(identificationThreshold(500)).toBeCloseTo(56.99, 1);
    expect(identificationThreshold(5000)).toBeCloseTo(66.99, 1);
    for (const n of [40, 500, 5000]) {
      // A calibrated score s is reached by one impostor comparison in 10^(s/10): N of them stay under the target.
      expect(n * 10 ** (-identificationThreshold(n) / 10)).toBeLessThanOrEqual(TARGET_FPIR + 1e-12);
    }
  });

  it('never drops below the per-comparison threshold for tiny rosters', () => {
    expect(identificationThreshold(0)).toBe(MATCH_THRESHOLD);
    expect(identificationThreshold(1)).toBe(MATCH_THRESHOLD);
  });
});

describe('decideIdentification', () => {
  it('accepts a clear winner above the roster threshold', () => {
    expect(decideIdentification(result(80, 20), 40)).toEqual({ status: 'matched', id: 'alice', score: 80 });
  });

  it('refuses the same score once the roster is large enough to make it a likely stranger', () => {
    expect(decideIdentification(result(50, 20, 40), 40).status).toBe('matched');
    expect(decideIdentification(result(50, 20, 5000), 5000).status).toBe('no_match');
  });

  it('counts the templates actually compared when the caller passes fewer (people, not fingers)', () => {
    expect(decideIdentification(result(50, 20, 5000), 40).status).toBe('no_match');
  });

  it('asks for another press when the runner-up is too close', () => {
    expect(decideIdentification(result(70, 70 - RUNNER_UP_MARGIN + 1), 40)).toMatchObject({
      status: 'retry',
      reason: 'ambiguous',
    });
    expect(decideIdentification(result(70, 70 - RUNNER_UP_MARGIN), 40).status).toBe('matched');
  });

  it('asks for another press just under the threshold, and says no match well under it', () => {
    const threshold = identificationThreshold(500);
    expect(decideIdentification(result(threshold - 3, 10, 500), 500)).toMatchObject({
      status: 'retry',
      reason: 'poor-quality',
    });
    expect(decideIdentification(result(25, 10, 500), 500)).toEqual({ status: 'no_match', score: 25 });
  });

  it('asks for another press when the probe has too few minutiae, whatever the score', () => {
    expect(decideIdentification(result(80, 10), 40, { minutiae: MIN_PROBE_MINUTIAE - 1 })).toMatchObject({
      status: 'retry',
      reason: 'poor-quality',
    });
    expect(decideIdentification(result(80, 10), 40, { minutiae: MIN_PROBE_MINUTIAE }).status).toBe('matched');
  });

  it('says no match for an empty roster', () => {
    expect(
      decideIdentification(
        { id: null, index: -1, score: 0, runnerUpId: null, runnerUpScore: 0, matched: false, compared: 0 },
        0,
      ),
    ).toEqual({ status: 'no_match', score: 0 });
  });

  it('matches a person enrolled with two fingers by either finger', () => {
    const entries = [
      { id: 'alice', template: templateOf(301, { seed: 1 }) },
      { id: 'alice', template: templateOf(302, { seed: 1 }) },
      { id: 'bob', template: templateOf(303, { seed: 1 }) },
      ...Array.from({ length: 60 }, (_, i) => ({ id: `pad-${i}`, template: randomTemplate(5000 + i, 40) })),
    ];
    const gallery = Gallery.build(entries);
    for (const finger of [301, 302]) {
      const r = gallery.identify(templateOf(finger, { seed: 4, rotation: 12, dx: 10, dy: -8 }));
      // The runner-up is another person, never alice's other finger.
      expect(r.runnerUpId).not.toBe('alice');
      expect(decideIdentification(r, gallery.size)).toMatchObject({ status: 'matched', id: 'alice' });
    }
  }, 60_000);
});
