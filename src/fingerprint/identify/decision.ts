import { MATCH_THRESHOLD } from '../messages.ts';
import type { IdentifyResult } from './gallery.ts';

/**
 * What a kiosk does with an identification: accept the best candidate, refuse, or ask for another
 * press. Every screen that identifies (scanner page, portals, duplicate checks) decides here, so the
 * rule is in one place.
 *
 * Today: matched when the best score clears the calibrated per-comparison threshold (40 ≈ 1 false
 * match in 10,000 comparisons). The issue on identification at scale replaces this with a threshold
 * that depends on the roster's size and a margin over the runner-up.
 */
export type IdentificationDecision =
  | { status: 'matched'; id: string; score: number }
  | { status: 'no_match'; score: number }
  | { status: 'retry'; score: number; reason: 'poor-quality' | 'ambiguous' };

export function decideIdentification(result: IdentifyResult, _rosterSize: number): IdentificationDecision {
  if (result.id !== null && result.score >= MATCH_THRESHOLD) {
    return { status: 'matched', id: result.id, score: result.score };
  }
  return { status: 'no_match', score: result.score };
}
