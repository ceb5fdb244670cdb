import { describe, expect, it } from 'vitest';
import { MATCH_THRESHOLD } from '../messages.ts';
import type { Template } from '../template/types.ts';
import { errorRates } from '../metrics.ts';
import { randomTemplate, templateOf, transformTemplate } from '../testing.ts';
import { calibrate } from './calibration.ts';
import { compare, compareDetail } from './index.ts';
import { concatPacks, MAX_PACKED_MINUTIAE, MIN_EDGE, NEIGHBOURS, pack } from './packed.ts';

describe('comparison of generated fingers', () => {
  const reference = templateOf(21, { seed: 1 });
  const cases = [
    { rotation: -30, dx: -25, dy: 15 },
    { rotation: 30, dx: 20, dy: -20 },
    { rotation: 12, dx: 35, dy: 30, distortion: 3, pressure: 0.3 },
    { rotation: -8, dx: 0, dy: 0, pressure: -0.4, noise: 14 },
  ];
  for (const c of cases) {
    it(`a genuine pair clears the threshold (${JSON.stringify(c)})`, () => {
      const probe = templateOf(21, { seed: 5, ...c });
      expect(compare(reference, probe)).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    });
  }

  it('impostor pairs stay below the threshold', () => {
    const others = [22, 23, 24].map((s) => templateOf(s, { seed: 1 }));
    for (const o of others) expect(compare(reference, o)).toBeLessThan(MATCH_THRESHOLD);
    expect(compare(others[0]!, others[1]!)).toBeLessThan(MATCH_THRESHOLD);
  }, 30_000); // makes three fingers: a few seconds on a busy machine

  it('is symmetric and reports its pairing', () => {
    const probe = templateOf(21, { seed: 3, rotation: 10 });
    expect(compare(reference, probe)).toBe(compare(probe, reference));
    const d = compareDetail(reference, probe);
    expect(d.pairs).toBeGreaterThanOrEqual(10);
    expect(d.roots).toBeGreaterThan(0);
  });
});

describe('comparison of templates (no images)', () => {
  it('tolerates rotation, translation and lost minutiae', () => {
    const t = randomTemplate(1, 45);
    for (const deg of [-30, -10, 0, 25, 30]) {
      const moved = transformTemplate(t, deg, 30, -20);
      moved.minutiae = moved.minutiae.filter((_, i) => i % 4 !== 0);
      expect(compare(t, moved)).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    }
  });

  it('scores unrelated random templates low and an empty template 0', () => {
    for (let s = 0; s < 10; s++)
      expect(compare(randomTemplate(100 + s), randomTemplate(200 + s))).toBeLessThan(MATCH_THRESHOLD);
    expect(compare(randomTemplate(1), { ...randomTemplate(1), minutiae: [] })).toBe(0);
  });

  it('calibration is monotonic and maps the table to −10·log10(FMR)', () => {
    let prev = -1;
    for (let raw = 0; raw < 80; raw += 0.5) {
      const s = calibrate(raw);
      expect(s).toBeGreaterThanOrEqual(prev);
      prev = s;
    }
    expect(calibrate(0)).toBe(0);
  });
});

describe('error rates', () => {
  it('computes EER and FNMR at fixed FMR', () => {
    const genuine = [50, 60, 70, 80, 5];
    const impostor = Array.from({ length: 1000 }, (_, i) => (i === 0 ? 55 : i % 30));
    const r = errorRates(genuine, impostor);
    expect(r.eer).toBeLessThan(0.21);
    expect(r.eer).toBeGreaterThan(0);
    expect(r.fnmrAtFmr1).toBeCloseTo(0.2);
    expect(r.fnmrAtFmr01).toBeCloseTo(0.2);
    expect(errorRates([10, 20], [1, 2]).eer).toBe(0);
  });
});

describe('concatPacks', () => {
  it('gives the pack of all the templates at once, whatever the split, order or range (empty parts too)', () => {
    const templates = [0, 1, 2, 3, 4].map((i) => randomTemplate(300 + i, 20 + i * 7));
    const whole = pack(templates);
    const parts = [pack(templates.slice(0, 2)), pack([]), pack(templates.slice(2))];
    expect(concatPacks(parts.map((p) => ({ pack: p })))).toEqual(whole);
    expect(concatPacks(templates.map((t) => ({ pack: pack([t]) })))).toEqual(whole);
    expect(concatPacks([])).toEqual(pack([]));
    // Ranges of an existing pack, in another order, with a new template between them.
    const extra = randomTemplate(999, 30);
    expect(
      concatPacks([
        { pack: whole, from: 3, to: 5 },
        { pack: pack([extra]) },
        { pack: whole, from: 0, to: 1 },
      ]),
    ).toEqual(pack([templates[3]!, templates[4]!, extra, templates[0]!]));
  });
});

describe('pack', () => {
  /** The definition: each minutia's NEIGHBOURS nearest others at MIN_EDGE or more, nearest first, equal distances by index. */
  function nearestByDefinition(t: Template, i: number): number[] {
    const ms = t.minutiae.slice(0, MAX_PACKED_MINUTIAE);
    const d = (j: number) => Math.hypot(ms[j]!.x - ms[i]!.x, ms[j]!.y - ms[i]!.y);
    return ms
      .map((_, j) => j)
      .filter((j) => j !== i && d(j) >= MIN_EDGE)
      .sort((a, b) => d(a) - d(b) || a - b)
      .slice(0, NEIGHBOURS);
  }

  it("keeps each minutia's nearest neighbours in order, ties by index and too-close ones left out", () => {
    // A coarse grid makes many equal distances and pairs closer than MIN_EDGE.
    const grid = randomTemplate(7, 60, 80, 80);
    for (const m of grid.minutiae) {
      m.x = Math.round(m.x / 4) * 4;
      m.y = Math.round(m.y / 4) * 4;
    }
    const templates = [grid, randomTemplate(8, 45), randomTemplate(9, 5), randomTemplate(10, 150)];
    const p = pack(templates);
    templates.forEach((t, ti) => {
      const n = Math.min(t.minutiae.length, MAX_PACKED_MINUTIAE);
      for (let i = 0; i < n; i++) {
        const m = p.minutiaStart[ti]! + i;
        const got = Array.from(p.edgeTo.subarray(p.edgeStart[m]!, p.edgeStart[m + 1]!));
        expect(got).toEqual(nearestByDefinition(t, i));
      }
    });
  });
});
