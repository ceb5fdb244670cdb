/** Error rates of a biometric comparator from genuine and impostor score lists. */

export interface ErrorRates {
  /** Equal error rate, 0–1. */
  eer: number;
  /** FNMR at the lowest threshold where FMR ≤ 1 %. */
  fnmrAtFmr1: number;
  /** FNMR at the lowest threshold where FMR ≤ 0.1 %. */
  fnmrAtFmr01: number;
}

/** Fraction of `sorted` (ascending) strictly below t. */
function below(sorted: Float64Array, t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo / Math.max(1, sorted.length);
}

export function errorRates(genuine: readonly number[], impostor: readonly number[]): ErrorRates {
  const g = Float64Array.from(genuine).sort();
  const im = Float64Array.from(impostor).sort();
  // Candidate thresholds: every distinct score (accept when score >= t).
  const thresholds = Float64Array.from([...genuine, ...impostor, Infinity]).sort();
  let eer = 1;
  let bestGap = Infinity;
  let fnmr1 = 1;
  let fnmr01 = 1;
  for (const t of thresholds) {
    const fnmr = below(g, t);
    const fmr = 1 - below(im, t);
    const gap = Math.abs(fnmr - fmr);
    if (gap < bestGap) {
      bestGap = gap;
      eer = (fnmr + fmr) / 2;
    }
    if (fmr <= 0.01 + 1e-12 && fnmr < fnmr1) fnmr1 = fnmr;
    if (fmr <= 0.001 + 1e-12 && fnmr < fnmr01) fnmr01 = fnmr;
  }
  return { eer, fnmrAtFmr1: fnmr1, fnmrAtFmr01: fnmr01 };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
