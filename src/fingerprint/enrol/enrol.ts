import { ENROL_CONSISTENCY_THRESHOLD, FingerprintError, MATCH_THRESHOLD } from '../messages.ts';
import type { Template } from '../template/types.ts';
import { compare } from '../match/index.ts';
import type { IdentifyResult } from '../identify/gallery.ts';

export const ENROL_IMPRESSIONS = 3;

export interface EnrolOptions {
  /** The person being enrolled (their own earlier templates are not duplicates). */
  personId?: string;
  /** Identification against the enrolled population (a Gallery's or a ShardedIdentifier's identify). */
  identify?: (probe: Template) => IdentifyResult | Promise<IdentifyResult>;
  consistencyThreshold?: number;
  duplicateThreshold?: number;
}

export interface Enrolment {
  /** The templates to store: all three impressions, best quality first. */
  templates: Template[];
  /** Scores of the pairs (0,1), (0,2), (1,2). */
  consistency: number[];
  quality: number;
}

/**
 * Enrol a finger from three impressions: every pair must match (else 'inconsistent-impressions':
 * place the same finger again), and no impression may be identified as someone else's finger (else
 * 'duplicate-finger', with the other person's id in `detail`).
 */
export async function enrol(
  impressions: readonly Template[],
  options: EnrolOptions = {},
): Promise<Enrolment> {
  if (impressions.length !== ENROL_IMPRESSIONS) {
    throw new FingerprintError(
      'bad-argument',
      `enrolment needs ${ENROL_IMPRESSIONS} impressions, got ${impressions.length}`,
    );
  }
  const threshold = options.consistencyThreshold ?? ENROL_CONSISTENCY_THRESHOLD;
  const consistency: number[] = [];
  for (let i = 0; i < impressions.length; i++)
    for (let j = i + 1; j < impressions.length; j++)
      consistency.push(compare(impressions[i]!, impressions[j]!));
  const failing = consistency
    .map((s, k) => ({
      s,
      pair: [
        [0, 1],
        [0, 2],
        [1, 2],
      ][k]!,
    }))
    .filter((p) => p.s < threshold);
  if (failing.length) {
    throw new FingerprintError(
      'inconsistent-impressions',
      failing
        .map((f) => `impressions ${f.pair[0]! + 1} and ${f.pair[1]! + 1} score ${f.s.toFixed(1)}`)
        .join('; '),
    );
  }
  if (options.identify) {
    const dupThreshold = options.duplicateThreshold ?? MATCH_THRESHOLD;
    for (const t of impressions) {
      const r = await options.identify(t);
      const other =
        r.id !== null && r.id !== options.personId && r.score >= dupThreshold
          ? r.id
          : r.runnerUpId !== null && r.runnerUpId !== options.personId && r.runnerUpScore >= dupThreshold
            ? r.runnerUpId
            : null;
      if (other !== null) throw new FingerprintError('duplicate-finger', `matches ${other}`);
    }
  }
  const templates = [...impressions].sort((a, b) => b.quality - a.quality);
  return {
    templates,
    consistency,
    quality: Math.round(templates.reduce((s, t) => s + t.quality, 0) / templates.length),
  };
}
