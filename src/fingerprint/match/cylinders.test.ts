import { describe, expect, it } from 'vitest';
import { MATCHING } from '../messages.ts';
import { MinutiaType, type Template } from '../template/types.ts';
import { randomTemplate, transformTemplate } from '../testing.ts';
import { buildCylinders, cylinderScore } from './cylinders.ts';
import { compareDetail } from './index.ts';
import { pack } from './packed.ts';

const C = MATCHING.CYLINDER;
const WORDS = (C.CELLS * C.CELLS * C.DIRECTIONS) / 32;
const cylindersOf = (t: Template) => buildCylinders(pack([t]), 0);
const template = (minutiae: [number, number, number][]): Template => ({
  width: 400,
  height: 400,
  dpi: 500,
  quality: 80,
  minutiae: minutiae.map(([x, y, angle]) => ({ x, y, angle, type: MinutiaType.ending, quality: 80 })),
});

/** Bit of cell (i, j) and direction bin d, as the cylinders lay them out. */
const bitOf = (bits: Uint32Array, minutia: number, i: number, j: number, d: number) => {
  const bit = (d * C.CELLS + i) * C.CELLS + j;
  return (bits[minutia * WORDS + (bit >> 5)]! >>> (bit & 31)) & 1;
};

describe('minutia cylinders', () => {
  it("set the cells around a neighbour, in the bin of its direction relative to the minutia's", () => {
    // Minutia 0 at the centre pointing along x; a neighbour 30 px ahead of it, turned by +π/2.
    const t = template([
      [200, 200, 0],
      [230, 200, Math.PI / 2],
      [170, 230, Math.PI],
      [170, 170, Math.PI],
    ]);
    const c = buildCylinders(pack([t]), 0);
    const cell = (2 * C.RADIUS) / C.CELLS;
    const i = Math.round(30 / cell + (C.CELLS - 1) / 2); // 30 px along the minutia's direction
    const j = Math.round((C.CELLS - 1) / 2); // on its axis
    // Relative direction θ0 − θ1 = −π/2 falls in bin floor((−π/2 + π) / (2π/6)) = 1.
    expect(bitOf(c.bits, 0, i, j, 1)).toBe(1);
    expect(bitOf(c.bits, 0, i, j, 4)).toBe(0);
    // Nothing lies 60 px behind the minutia (far from every neighbour).
    expect(bitOf(c.bits, 0, Math.round(-60 / cell + (C.CELLS - 1) / 2), j, 1)).toBe(0);
    // Bits are only set in valid cells (inside the print).
    for (let w = 0; w < c.bits.length; w++) expect(c.bits[w]! & ~c.mask[w]!).toBe(0);
  });

  it('leave out cells far from the minutiae, and minutiae with too few neighbours', () => {
    // Five minutiae within 10 px of (200, 200): a cell 65 px away is more than OUTSIDE px from their hull.
    const cluster = template([
      [200, 200, 0],
      [210, 200, 1],
      [190, 200, 2],
      [200, 210, 3],
      [200, 190, 4],
    ]);
    const c = cylindersOf(cluster);
    const mid = (C.CELLS - 1) / 2;
    expect(bitOf(c.mask, 0, Math.floor(mid), Math.floor(mid), 0)).toBe(1);
    expect(bitOf(c.mask, 0, 0, Math.floor(mid), 0)).toBe(0);
    // So less than MIN_VALID_CELLS of each cylinder is inside the print: none can be compared.
    expect(c.validCount).toBe(0);
    expect(cylinderScore(c, c)).toBe(0);

    const lone = cylindersOf(
      template([
        [100, 100, 0],
        [300, 100, 1],
        [100, 300, 2],
        [300, 300, 3],
      ]),
    );
    expect(lone.validCount).toBe(0); // 200 px apart: no neighbour within reach
  });

  it('score a print against itself about 1, scaled down for a print with few comparable minutiae', () => {
    const large = cylindersOf(randomTemplate(5, 40));
    expect(cylinderScore(large, large)).toBeGreaterThan(0.99);
    // 12 minutiae over a small area: all comparable, fewer than FULL_SIZE, so the score is n / FULL_SIZE.
    const small = cylindersOf(randomTemplate(6, 12, 140, 140));
    expect(small.validCount).toBeGreaterThan(6);
    expect(small.validCount).toBeLessThan(C.FULL_SIZE);
    expect(cylinderScore(small, small)).toBeCloseTo(small.validCount / C.FULL_SIZE, 2);
  });

  it('do not change when the whole print is turned and moved', () => {
    const t = randomTemplate(7, 40);
    const self = cylinderScore(cylindersOf(t), cylindersOf(t));
    for (const [deg, dx, dy] of [
      [25, 30, -20],
      [-40, -15, 10],
    ] as const) {
      const moved = cylinderScore(cylindersOf(t), cylindersOf(transformTemplate(t, deg, dx, dy)));
      // Cells are resampled on a turned grid, so a few bits differ; the score stays close.
      expect(moved).toBeGreaterThan(0.8 * self);
    }
  });

  it('score a print against itself far above unrelated prints, and symmetrically', () => {
    const a = cylindersOf(randomTemplate(1, 40));
    const self = cylinderScore(a, a);
    for (let s = 0; s < 8; s++) {
      const b = cylindersOf(randomTemplate(300 + s, 40));
      const other = cylinderScore(a, b);
      expect(other).toBeLessThan(self / 3);
      expect(cylinderScore(b, a)).toBeCloseTo(other, 12);
    }
  });

  it('are fused into the full comparison', () => {
    const t = randomTemplate(3, 40);
    const moved = transformTemplate(t, 15, 20, 10);
    moved.minutiae = moved.minutiae.filter((_, i) => i % 4 !== 0);
    const d = compareDetail(t, moved);
    expect(d.cylinders).toBeGreaterThan(0);
    expect(compareDetail(t, randomTemplate(44, 40)).cylinders!).toBeLessThan(d.cylinders! / 3);
  });
});
