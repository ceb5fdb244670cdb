// Small statistics helpers shared by the benchmarks.

export const round = (x: number, digits = 2): number => Math.round(x * 10 ** digits) / 10 ** digits;

/** Nearest-rank percentile (p in 0..100); NaN for no values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const median = (values: number[]): number => percentile(values, 50);

export interface LatencySummary {
  count: number;
  p50Ms: number;
  p95Ms: number;
  meanMs: number;
  maxMs: number;
}

export function summary(ms: number[]): LatencySummary {
  return {
    count: ms.length,
    p50Ms: round(percentile(ms, 50)),
    p95Ms: round(percentile(ms, 95)),
    meanMs: ms.length ? round(ms.reduce((a, b) => a + b, 0) / ms.length) : NaN,
    maxMs: ms.length ? round(Math.max(...ms)) : NaN,
  };
}

/** The promise's value, or `fallback` after ms (the timer is cleared either way). */
export async function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<F>((resolve) => (timer = setTimeout(() => resolve(fallback), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
