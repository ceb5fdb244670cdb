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

interface Kernel {
  dx: Int8Array;
  dy: Int8Array;
  weight: Float32Array;
}

const kernels = new Map<number, Kernel>();

function kernel(angleIndex: number, periodIndex: number): Kernel {
  const key = angleIndex * PERIODS + periodIndex;
  const cached = kernels.get(key);
  if (cached) return cached;
  const theta = (angleIndex * Math.PI) / ANGLES;
  const period = PERIOD_MIN + periodIndex * PERIOD_STEP;
  const su = Math.min(4.5, Math.max(2, GABOR_SIGMA_ACROSS * period));
  const sv = Math.min(6, Math.max(3, GABOR_SIGMA_ALONG * period));
  const tx = Math.cos(theta);
  const ty = Math.sin(theta);
  const dxs: number[] = [];
  const dys: number[] = [];
  const ws: number[] = [];
  const env: number[] = [];
  for (let dy = -PAD; dy <= PAD; dy++)
    for (let dx = -PAD; dx <= PAD; dx++) {
      const u = -dx * ty + dy * tx; // across the ridges
      const v = dx * tx + dy * ty; // along the ridges
      const e = Math.exp(-(u * u) / (2 * su * su) - (v * v) / (2 * sv * sv));
      if (e < 0.08) continue;
      dxs.push(dx);
      dys.push(dy);
      env.push(e);
      ws.push(e * Math.cos((2 * Math.PI * u) / period));
    }
  // Remove the DC response so that flat areas give 0.
  const sw = ws.reduce((a, b) => a + b, 0);
  const se = env.reduce((a, b) => a + b, 0);
  let norm = 0;
  for (let i = 0; i < ws.length; i++) {
    ws[i] = ws[i]! - (env[i]! * sw) / se;
    norm += Math.abs(ws[i]!);
  }
  const k: Kernel = {
    dx: Int8Array.from(dxs),
    dy: Int8Array.from(dys),
    weight: Float32Array.from(ws, (x) => x / norm),
  };
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
  const offsetCache = new Map<Kernel, Int32Array>();
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
