import { gaborKernel, type GaborKernel } from '../gabor.ts';
import { EXTRACTION } from '../messages.ts';
import type { Fields } from './field.ts';

const { BLOCK, GABOR_SIGMA_ACROSS, GABOR_SIGMA_ALONG } = EXTRACTION;

/** Orientation steps of the Gabor filter bank. */
const ANGLES = 24;
/** Period steps: 4.5 … 15 px by 0.5 px. */
const PERIOD_MIN = 4.5;
const PERIOD_STEP = 0.5;
const PERIODS = 22;
const PAD = 12;

const kernels = new Map<number, GaborKernel>();

function kernel(angleIndex: number, periodIndex: number): GaborKernel {
  const key = angleIndex * PERIODS + periodIndex;
  const cached = kernels.get(key);
  if (cached) return cached;
  const theta = (angleIndex * Math.PI) / ANGLES;
  const period = PERIOD_MIN + periodIndex * PERIOD_STEP;
  const k = gaborKernel(theta, period, {
    radius: PAD,
    sigmaAcross: Math.min(4.5, Math.max(2, GABOR_SIGMA_ACROSS * period)),
    sigmaAlong: Math.min(6, Math.max(3, GABOR_SIGMA_ALONG * period)),
    cutoff: 0.08,
    gain: 1,
  });
  kernels.set(key, k);
  return k;
}

/**
 * Gabor filtering tuned per block to the local ridge orientation and period. Returns the filtered image
 * (ridges negative, valleys positive, 0 outside the mask).
 */
export function gaborEnhance(f: Fields): Float32Array {
  const { width: w, height: h, bw } = f;
  const pw = w + 2 * PAD;
  const padded = new Float32Array(pw * (h + 2 * PAD));
  for (let y = 0; y < h; y++) padded.set(f.norm.subarray(y * w, (y + 1) * w), (y + PAD) * pw + PAD);
  const out = new Float32Array(w * h);
  const offsetCache = new Map<GaborKernel, Int32Array>();
  for (let by = 0; by < f.bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      const k = by * bw + bx;
      if (!f.blockMask[k]) continue;
      let ai = Math.round((f.orientation[k]! / Math.PI) * ANGLES) % ANGLES;
      if (ai < 0) ai += ANGLES;
      const pi = Math.min(PERIODS - 1, Math.max(0, Math.round((f.period[k]! - PERIOD_MIN) / PERIOD_STEP)));
      const kern = kernel(ai, pi);
      let offsets = offsetCache.get(kern);
      if (!offsets) {
        offsets = new Int32Array(kern.dx.length);
        for (let i = 0; i < offsets.length; i++) offsets[i] = kern.dy[i]! * pw + kern.dx[i]!;
        offsetCache.set(kern, offsets);
      }
      const weights = kern.weight;
      const taps = offsets.length;
      const y1 = Math.min(h, (by + 1) * BLOCK);
      const x1 = Math.min(w, (bx + 1) * BLOCK);
      for (let y = by * BLOCK; y < y1; y++)
        for (let x = bx * BLOCK; x < x1; x++) {
          const base = (y + PAD) * pw + x + PAD;
          let s = 0;
          for (let t = 0; t < taps; t++) s += padded[base + offsets[t]!]! * weights[t]!;
          out[y * w + x] = s;
        }
    }
  return out;
}
