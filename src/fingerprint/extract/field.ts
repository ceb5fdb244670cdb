/**
 * Block-wise fields of a 500 dpi image: foreground mask, ridge orientation, coherence and ridge period.
 */

import { EXTRACTION } from '../messages.ts';
import { windowMean } from '../window.ts';

/** Block size of the orientation/period grid, in pixels. */
export const BLOCK: number = EXTRACTION.BLOCK;
const { MIN_COHERENCE, CONTRAST_SHARE } = EXTRACTION;

export interface Fields {
  width: number;
  height: number;
  /** Blocks per row / column. */
  bw: number;
  bh: number;
  /** Ridge direction per block, radians in [0, π). */
  orientation: Float32Array;
  /** Orientation coherence per block, 0–1. */
  coherence: Float32Array;
  /** Ridge period per block, pixels. */
  period: Float32Array;
  /** Foreground per block (1) / background (0). */
  blockMask: Uint8Array;
  /** Foreground per pixel. */
  mask: Uint8Array;
  /** Locally normalised image (zero mean, unit deviation; ridges negative), 0 outside the mask. */
  norm: Float32Array;
  /** Mean block contrast (grey levels) over the foreground. */
  contrast: number;
}

function integral(src: ArrayLike<number>, w: number, h: number, square: boolean): Float64Array {
  const out = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      const v = src[y * w + x]!;
      row += square ? v * v : v;
      out[(y + 1) * (w + 1) + x + 1] = out[y * (w + 1) + x + 1]! + row;
    }
  }
  return out;
}

function boxSum(ii: Float64Array, w: number, x0: number, y0: number, x1: number, y1: number): number {
  const W = w + 1;
  return ii[y1 * W + x1]! - ii[y0 * W + x1]! - ii[y1 * W + x0]! + ii[y0 * W + x0]!;
}

export function computeFields(data: Uint8Array, width: number, height: number): Fields {
  const w = width;
  const h = height;
  const bw = Math.ceil(w / BLOCK);
  const bh = Math.ceil(h / BLOCK);
  const nb = bw * bh;
  const ii = integral(data, w, h, false);
  const ii2 = integral(data, w, h, true);

  // --- block contrast (std over a 24×24 window centred on the block) ---
  const std = new Float32Array(nb);
  const mean = new Float32Array(nb);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      const cx = bx * BLOCK + BLOCK / 2;
      const cy = by * BLOCK + BLOCK / 2;
      const x0 = Math.max(0, cx - 12);
      const y0 = Math.max(0, cy - 12);
      const x1 = Math.min(w, cx + 12);
      const y1 = Math.min(h, cy + 12);
      const n = (x1 - x0) * (y1 - y0);
      const s = boxSum(ii, w, x0, y0, x1, y1);
      const s2 = boxSum(ii2, w, x0, y0, x1, y1);
      const m = s / n;
      mean[by * bw + bx] = m;
      std[by * bw + bx] = Math.sqrt(Math.max(0, s2 / n - m * m));
    }

  // --- gradients → doubled-angle vectors summed per block ---
  const gxxB = new Float32Array(nb);
  const gxyB = new Float32Array(nb);
  const gmB = new Float32Array(nb);
  for (let y = 1; y < h - 1; y++) {
    const by = ((y / BLOCK) | 0) * bw;
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      const a = data[p - w - 1]!;
      const b = data[p - w]!;
      const c = data[p - w + 1]!;
      const d = data[p - 1]!;
      const f = data[p + 1]!;
      const g = data[p + w - 1]!;
      const hh = data[p + w]!;
      const i = data[p + w + 1]!;
      const gx = c + 2 * f + i - a - 2 * d - g;
      const gy = g + 2 * hh + i - a - 2 * b - c;
      const k = by + ((x / BLOCK) | 0);
      gxxB[k] = gxxB[k]! + gx * gx - gy * gy;
      gxyB[k] = gxyB[k]! + 2 * gx * gy;
      gmB[k] = gmB[k]! + gx * gx + gy * gy;
    }
  }
  // Smooth the vectors over a 5×5 block neighbourhood (Gaussian-like weights).
  const wts = [1, 4, 6, 4, 1];
  const gxx = new Float32Array(nb);
  const gxy = new Float32Array(nb);
  const gm = new Float32Array(nb);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let sx = 0;
      let sy = 0;
      let sm = 0;
      for (let dy = -2; dy <= 2; dy++) {
        const yy = by + dy;
        if (yy < 0 || yy >= bh) continue;
        for (let dx = -2; dx <= 2; dx++) {
          const xx = bx + dx;
          if (xx < 0 || xx >= bw) continue;
          const wt = wts[dy + 2]! * wts[dx + 2]!;
          const k = yy * bw + xx;
          sx += wt * gxxB[k]!;
          sy += wt * gxyB[k]!;
          sm += wt * gmB[k]!;
        }
      }
      const k = by * bw + bx;
      gxx[k] = sx;
      gxy[k] = sy;
      gm[k] = sm;
    }
  const orientation = new Float32Array(nb);
  const coherence = new Float32Array(nb);
  const localCoherence = new Float32Array(nb);
  for (let k = 0; k < nb; k++) {
    let o = 0.5 * Math.atan2(gxy[k]!, gxx[k]!) + Math.PI / 2;
    if (o >= Math.PI) o -= Math.PI;
    if (o < 0) o += Math.PI;
    orientation[k] = o;
    coherence[k] = gm[k]! > 0 ? Math.hypot(gxx[k]!, gxy[k]!) / gm[k]! : 0;
    localCoherence[k] = gmB[k]! > 0 ? Math.hypot(gxxB[k]!, gxyB[k]!) / gmB[k]! : 0;
  }

  // --- segmentation: contrast relative to the image's best blocks, then morphology ---
  const sorted = Float32Array.from(std).sort();
  const high = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  const threshold = Math.max(6, high * CONTRAST_SHARE);
  let blockMask: Uint8Array = new Uint8Array(nb);
  for (let k = 0; k < nb; k++) blockMask[k] = std[k]! > threshold && coherence[k]! > MIN_COHERENCE ? 1 : 0;
  blockMask = morph(blockMask, bw, bh, 1, true); // close
  blockMask = morph(blockMask, bw, bh, 1, false);
  blockMask = morph(blockMask, bw, bh, 2, false); // open
  blockMask = morph(blockMask, bw, bh, 2, true);
  blockMask = largestComponent(blockMask, bw, bh);
  fillHoles(blockMask, bw, bh);

  // --- pixel mask and local normalisation ---
  const mask = new Uint8Array(w * h);
  const norm = new Float32Array(w * h);
  let contrastSum = 0;
  let fg = 0;
  for (let k = 0; k < nb; k++)
    if (blockMask[k]) {
      contrastSum += std[k]!;
      fg++;
    }
  for (let y = 0; y < h; y++) {
    const by = (y / BLOCK) | 0;
    for (let x = 0; x < w; x++) {
      const k = by * bw + ((x / BLOCK) | 0);
      if (!blockMask[k]) continue;
      const p = y * w + x;
      mask[p] = 1;
      const x0 = Math.max(0, x - 8);
      const y0 = Math.max(0, y - 8);
      const x1 = Math.min(w, x + 9);
      const y1 = Math.min(h, y + 9);
      const n = (x1 - x0) * (y1 - y0);
      const m = boxSum(ii, w, x0, y0, x1, y1) / n;
      const sd = Math.max(std[k]!, 4);
      const v = (data[p]! - m) / sd;
      norm[p] = v > 3 ? 3 : v < -3 ? -3 : v;
    }
  }

  const period = estimatePeriod(norm, w, h, bw, bh, orientation, blockMask);
  return {
    width: w,
    height: h,
    bw,
    bh,
    orientation,
    coherence,
    period,
    blockMask,
    mask,
    norm,
    contrast: fg ? contrastSum / fg : 0,
  };
}

/** Binary dilation (grow = true) or erosion with a square of radius r on the block grid. */
function morph(src: Uint8Array, w: number, h: number, r: number, grow: boolean): Uint8Array {
  const out = new Uint8Array(src.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let v = grow ? 0 : 1;
      for (let dy = -r; dy <= r && v === (grow ? 0 : 1); dy++)
        for (let dx = -r; dx <= r; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          const s = xx < 0 || yy < 0 || xx >= w || yy >= h ? 0 : src[yy * w + xx]!;
          if (grow && s) {
            v = 1;
            break;
          }
          if (!grow && !s) {
            v = 0;
            break;
          }
        }
      out[y * w + x] = v;
    }
  return out;
}

function largestComponent(src: Uint8Array, w: number, h: number): Uint8Array {
  const label = new Int32Array(src.length);
  const stack: number[] = [];
  let best = 0;
  let bestSize = 0;
  let next = 0;
  for (let s = 0; s < src.length; s++) {
    if (!src[s] || label[s]) continue;
    next++;
    let size = 0;
    stack.push(s);
    label[s] = next;
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      const x = p % w;
      const y = (p / w) | 0;
      const nbs = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1];
      for (const q of nbs)
        if (q >= 0 && src[q] && !label[q]) {
          label[q] = next;
          stack.push(q);
        }
    }
    if (size > bestSize) {
      bestSize = size;
      best = next;
    }
  }
  const out = new Uint8Array(src.length);
  for (let i = 0; i < src.length; i++) out[i] = label[i] === best && best > 0 ? 1 : 0;
  return out;
}

function fillHoles(mask: Uint8Array, w: number, h: number): void {
  const outside = new Uint8Array(mask.length);
  const stack: number[] = [];
  for (let x = 0; x < w; x++) stack.push(x, (h - 1) * w + x);
  for (let y = 0; y < h; y++) stack.push(y * w, y * w + w - 1);
  while (stack.length) {
    const p = stack.pop()!;
    if (outside[p] || mask[p]) continue;
    outside[p] = 1;
    const x = p % w;
    const y = (p / w) | 0;
    if (x > 0) stack.push(p - 1);
    if (x < w - 1) stack.push(p + 1);
    if (y > 0) stack.push(p - w);
    if (y < h - 1) stack.push(p + w);
  }
  for (let i = 0; i < mask.length; i++) if (!outside[i]) mask[i] = 1;
}

const SIG = 32;
/** Ridge period per block from the autocorrelation of a signature taken across the ridges. */
function estimatePeriod(
  norm: Float32Array,
  w: number,
  h: number,
  bw: number,
  bh: number,
  orientation: Float32Array,
  blockMask: Uint8Array,
): Float32Array {
  const nb = bw * bh;
  const raw = new Float32Array(nb);
  const sig = new Float32Array(SIG);
  const valid: number[] = [];
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      const k = by * bw + bx;
      if (!blockMask[k]) continue;
      const o = orientation[k]!;
      const tx = Math.cos(o);
      const ty = Math.sin(o);
      const cx = bx * BLOCK + BLOCK / 2;
      const cy = by * BLOCK + BLOCK / 2;
      let ok = true;
      for (let u = 0; u < SIG && ok; u++) {
        let s = 0;
        const du = u - SIG / 2;
        for (let v = -6; v <= 6; v += 2) {
          const x = Math.round(cx - ty * du + tx * v);
          const y = Math.round(cy + tx * du + ty * v);
          if (x < 0 || y < 0 || x >= w || y >= h) {
            ok = false;
            break;
          }
          s += norm[y * w + x]!;
        }
        sig[u] = s;
      }
      if (!ok) continue;
      let m = 0;
      for (let u = 0; u < SIG; u++) m += sig[u]!;
      m /= SIG;
      let e = 0;
      for (let u = 0; u < SIG; u++) {
        sig[u] = sig[u]! - m;
        e += sig[u]! * sig[u]!;
      }
      if (e <= 1e-6) continue;
      let bestLag = 0;
      let best = 0.25;
      let prev = 1;
      let descending = true;
      for (let lag = 3; lag <= 16; lag++) {
        let c = 0;
        for (let u = 0; u + lag < SIG; u++) c += sig[u]! * sig[u + lag]!;
        c = (c / e) * (SIG / (SIG - lag));
        if (descending && c > prev) descending = false;
        if (!descending && c > best) {
          best = c;
          bestLag = lag;
        }
        if (!descending && bestLag && c < best - 0.2) break;
        prev = c;
      }
      if (bestLag >= 4 && bestLag <= 15) {
        raw[k] = bestLag;
        valid.push(bestLag);
      }
    }
  valid.sort((a, b) => a - b);
  const median = valid.length ? valid[valid.length >> 1]! : 9;
  const period = new Float32Array(nb);
  // Each block: the mean of the measured periods within two blocks that are near the median.
  const near = { radius: 2, minCount: 3, keep: (v: number) => v > 0 && Math.abs(v - median) < median * 0.4 };
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      const mean = windowMean(raw, bw, bh, bx, by, near);
      period[by * bw + bx] = Number.isNaN(mean) ? median : mean;
    }
  return period;
}
