// 1:1 verification (issue 26): one press compared with ONE person's enrolled templates, never a
// search. Scores are calibrated as −10·log10(FMR); a person enrolled with k impressions is compared k
// times and the best counts, so a stranger passes with probability about k·FMR(threshold). The
// threshold keeps that at VERIFY_TARGET_FMR per attempt: 10·log10(k / 1e-4), i.e. 40 for one template
// (MATCH_THRESHOLD), 44.8 for the three impressions an enrolment stores. FNMR at that threshold on
// FVC2002: src/fingerprint/README.md ("Verification 1:1").
import { compare } from '../match/index.ts';
import { MATCH_THRESHOLD } from '../messages.ts';
import type { Template } from '../template/types.ts';
import { MIN_PROBE_MINUTIAE } from '../identify/decision.ts';

/** At most one stranger's press in 10,000 accepted for a given person. */
export const VERIFY_TARGET_FMR = 1e-4;

export function verificationThreshold(templates: number): number {
  return Math.max(MATCH_THRESHOLD, 10 * Math.log10(Math.max(1, templates) / VERIFY_TARGET_FMR));
}

export type VerificationDecision =
  | { status: 'matched'; score: number; threshold: number }
  | { status: 'no_match'; score: number; threshold: number }
  /** The press says too little to decide (too few minutiae): press again. */
  | { status: 'retry'; score: number; threshold: number };

export function decideVerification(probe: Template, enrolled: readonly Template[]): VerificationDecision {
  const threshold = verificationThreshold(enrolled.length);
  if (probe.minutiae.length < MIN_PROBE_MINUTIAE) return { status: 'retry', score: 0, threshold };
  let score = 0;
  for (const template of enrolled) score = Math.max(score, compare(probe, template));
  return { status: score >= threshold ? 'matched' : 'no_match', score, threshold };
}
