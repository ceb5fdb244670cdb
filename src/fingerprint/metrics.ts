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

/** ln Γ(x) (Lanczos), for binomial coefficients of large counts. */
function logGamma(x: number): number {
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  x -= 1;
  let a = c[0]!;
  const t = x + g + 0.5;
  for (let i = 1; i < g + 2; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** P(X ≤ k) for X ~ Binomial(n, p). */
export function binomialCdf(k: number, n: number, p: number): number {
  if (k >= n || p <= 0) return 1;
  if (p >= 1) return 0;
  const lnC = (i: number) => logGamma(n + 1) - logGamma(i + 1) - logGamma(n - i + 1);
  let sum = 0;
  for (let i = 0; i <= k; i++) sum += Math.exp(lnC(i) + i * Math.log(p) + (n - i) * Math.log1p(-p));
  return Math.min(1, sum);
}

/**
 * One-sided 95 % upper bound of a rate seen `k` times in `n` trials (exact, Clopper–Pearson): what a
 * measurement can claim. 0 in 3,000 bounds the rate at 0.1 %; 0 in 300 only at 1 %.
 */
export function upperBound95(k: number, n: number): number {
  if (n <= 0) return 1;
  if (k >= n) return 1;
  let lo = k / n;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (binomialCdf(k, n, mid) > 0.05) lo = mid;
    else hi = mid;
  }
  return hi;
}
