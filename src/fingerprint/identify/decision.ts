import { MATCH_THRESHOLD } from '../messages.ts';
import type { IdentifyResult } from './gallery.ts';

/**
 * What a kiosk does with an identification: accept the best candidate, refuse, or ask for another
 * press. Every screen that identifies (scanner page, portals, duplicate checks) decides here, so the
 * rule is in one place.
 *
 * The threshold depends on the roster. Scores are calibrated as −10·log10(FMR) (one impostor
 * comparison in 10^(s/10) reaches s), and a stranger is compared with every enrolled template, so the
 * false-positive identification rate over N templates is about N·FMR. Keeping it ≤ TARGET_FPIR needs
 * FMR ≤ TARGET_FPIR / N, i.e. a score ≥ 10·log10(N / TARGET_FPIR): 46 for 40 templates, 57 for 500,
 * 67 for 5,000 (never below the per-comparison MATCH_THRESHOLD). The best candidate must also lead the
 * runner-up (another person) by RUNNER_UP_MARGIN, else the press is ambiguous. A best score just under
 * the threshold, or a probe with too few minutiae, is "too poor to decide": the person is asked to
 * press again ('Press again, a little flatter') rather than told they are unknown.
 */
export type IdentificationDecision =
  | { status: 'matched'; id: string; score: number }
  | { status: 'no_match'; score: number }
  | { status: 'retry'; score: number; reason: 'poor-quality' | 'ambiguous' };

/** Highest acceptable share of strangers' presses taken for somebody, whatever the roster's size. */
export const TARGET_FPIR = 0.001;
/** Calibrated points the best candidate must lead the runner-up by (a 10× likelihood ratio). */
export const RUNNER_UP_MARGIN = 10;
/** Below the threshold by less than this (and above MATCH_THRESHOLD): ask for another press. */
export const RETRY_BAND = 8;
/** A probe with fewer minutiae than this says too little to decide. */
export const MIN_PROBE_MINUTIAE = 12;

/** The calibrated score a candidate needs among `templates` enrolled templates (two fingers of a person count twice). */
export function identificationThreshold(templates: number): number {
  const n = Math.max(1, templates);
  return Math.max(MATCH_THRESHOLD, 10 * Math.log10(n / TARGET_FPIR));
}

/** What is known of the probe itself, when the caller has it. */
export interface ProbeInfo {
  minutiae: number;
}

/**
 * `rosterSize` is the number of templates searched (the result's `compared` wins when larger, so a
 * caller that counts people rather than templates is still safe).
 */
export function decideIdentification(
  result: IdentifyResult,
  rosterSize: number,
  probe?: ProbeInfo,
): IdentificationDecision {
  const score = result.score;
  if (probe && probe.minutiae < MIN_PROBE_MINUTIAE) return { status: 'retry', score, reason: 'poor-quality' };
  if (result.id === null) return { status: 'no_match', score };
  const threshold = identificationThreshold(Math.max(rosterSize, result.compared));
  if (score >= threshold) {
    if (result.runnerUpId !== null && score - result.runnerUpScore < RUNNER_UP_MARGIN) {
      return { status: 'retry', score, reason: 'ambiguous' };
    }
    return { status: 'matched', id: result.id, score };
  }
  if (score >= MATCH_THRESHOLD && score >= threshold - RETRY_BAND) {
    return { status: 'retry', score, reason: 'poor-quality' };
  }
  return { status: 'no_match', score };
}
