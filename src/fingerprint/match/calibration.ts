/**
 * Fused raw score (edge-table pairing + cylinders, `match/fusion.ts`) → calibrated score = −10·log10(FMR): the score s is reached or exceeded by about
 * one impostor comparison in 10^(s/10). 40 ≈ 1 in 10,000, 30 ≈ 1 in 1,000, 20 ≈ 1 in 100.
 *
 * The table holds the raw score at each false-match rate, measured by `npm run bench:fingerprint --
 * --calibrate` over all 49,920 impostor pairs of FVC2002 DB1_B–DB4_B (within and across sets, both
 * directions, max). Between points the mapping is linear; above the last point it continues with the
 * slope of the tail (1e-2 … 1e-4), since there are too few impostor samples beyond 1e-4.
 */
export const CALIBRATION_FMR = [
  1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002, 0.0001,
];
export const CALIBRATION_RAW = [
  0, 26.053, 28.896, 30.85, 32.787, 35.374, 37.623, 39.832, 42.726, 45.077, 47.345, 49.173, 54.211,
];
const SCORES = CALIBRATION_FMR.map((f) => -10 * Math.log10(f));
const last = CALIBRATION_RAW.length - 1;
const TAIL_SLOPE = (SCORES[last]! - SCORES[6]!) / (CALIBRATION_RAW[last]! - CALIBRATION_RAW[6]!);

export function calibrate(raw: number): number {
  const xs = CALIBRATION_RAW;
  if (raw <= 0) return 0;
  for (let i = 1; i <= last; i++) {
    if (raw <= xs[i]!) {
      const t = (raw - xs[i - 1]!) / (xs[i]! - xs[i - 1]!);
      return SCORES[i - 1]! + t * (SCORES[i]! - SCORES[i - 1]!);
    }
  }
  return SCORES[last]! + (raw - xs[last]!) * TAIL_SLOPE;
}
