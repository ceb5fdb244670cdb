import type { Template } from '../template/types.ts';
import { calibrate } from './calibration.ts';
import { cylinderScore } from './cylinders.ts';
import { cylindersOf, fusedRaw } from './fusion.ts';
import { Matcher, type MatchDetail } from './matcher.ts';
import { pack } from './packed.ts';
import { buildProbeIndex, type ProbeIndex } from './probe.ts';

export { Matcher, type MatchDetail } from './matcher.ts';
export { pack, type PackedTemplates } from './packed.ts';
export { compareFused, fusedRaw } from './fusion.ts';
export { buildProbeIndex, type ProbeIndex } from './probe.ts';

let shared: Matcher | undefined;

/** Prepare a template to be compared against many others. */
export function prepareProbe(template: Template): ProbeIndex {
  return buildProbeIndex(pack([template]));
}

/**
 * Compare two templates; the score is symmetric (the better of both directions). Scores at or above
 * MATCH_THRESHOLD mean "same finger" at a false-match rate of about 1 in 10,000.
 */
export function compare(a: Template, b: Template): number {
  return compareDetail(a, b).score;
}

export function compareDetail(a: Template, b: Template): MatchDetail {
  shared ??= new Matcher();
  const pa = buildProbeIndex(pack([a]));
  const pb = buildProbeIndex(pack([b]));
  const ab = { ...(shared.compare(pa, pb.pack, 0), shared.last) };
  const ba = { ...(shared.compare(pb, pa.pack, 0), shared.last) };
  const best = ab.raw >= ba.raw ? ab : ba;
  if (best.raw <= 0) return { ...best, score: 0, cylinders: 0 };
  const cylinders = cylinderScore(cylindersOf(pa.pack, 0), cylindersOf(pb.pack, 0));
  return { ...best, cylinders, score: calibrate(fusedRaw(best.raw, cylinders)) };
}
