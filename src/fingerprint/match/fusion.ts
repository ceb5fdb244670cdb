import { MATCHING } from '../messages.ts';
import { calibrate } from './calibration.ts';
import { buildCylinders, cylinderScore, type Cylinders } from './cylinders.ts';
import type { Matcher } from './matcher.ts';
import type { PackedTemplates } from './packed.ts';
import type { ProbeIndex } from './probe.ts';

/** Weight of the cylinder score in the fused raw score. */
export const CYLINDER_WEIGHT: number = MATCHING.CYLINDER_WEIGHT;

/** Cylinders kept per pack: the shortlisted candidates of recent presses (≈ 12 KB each). */
const CACHE_LIMIT = 600;
const cache = new WeakMap<PackedTemplates, Map<number, Cylinders>>();

/** The cylinders of template `t` of a pack, built once and kept while the template is in use. */
export function cylindersOf(p: PackedTemplates, t: number): Cylinders {
  let byIndex = cache.get(p);
  if (!byIndex) cache.set(p, (byIndex = new Map()));
  let c = byIndex.get(t);
  if (c) {
    byIndex.delete(t); // most recently used last
  } else {
    c = buildCylinders(p, t);
    if (byIndex.size >= CACHE_LIMIT) byIndex.delete(byIndex.keys().next().value!);
  }
  byIndex.set(t, c);
  return c;
}

export function fusedRaw(edgeRaw: number, cylinder: number): number {
  return edgeRaw + CYLINDER_WEIGHT * cylinder;
}

/**
 * The full comparison of a probe with template `t` of a pack: the edge-table pairing and the cylinders,
 * fused and calibrated. `matcher.last` keeps the edge-table detail.
 */
export function compareFused(matcher: Matcher, probe: ProbeIndex, p: PackedTemplates, t: number): number {
  matcher.compare(probe, p, t);
  const edgeRaw = matcher.last.raw;
  if (edgeRaw <= 0) return 0;
  return calibrate(fusedRaw(edgeRaw, cylinderScore(cylindersOf(probe.pack, 0), cylindersOf(p, t))));
}
