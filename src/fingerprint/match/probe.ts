import { MATCHING } from '../messages.ts';
import { slicePacked, TWO_PI, type PackedTemplates } from './packed.ts';

/** Length bin of the edge hash (pixels). */
export const LEN_BIN: number = MATCHING.LEN_BIN;
/** Angle bins of the edge hash. */
export const ANG_BINS: number = MATCHING.ANG_BINS;
/** Longest probe edge put in the hash (pixels); candidates' neighbour edges are shorter. */
export const MAX_HASH_LEN: number = MATCHING.MAX_HASH_LEN;
const LEN_BINS = Math.ceil((MAX_HASH_LEN + 20) / LEN_BIN) + 1;
export const LEN_BIN_COUNT = LEN_BINS;
export const BIN_COUNT = LEN_BINS * ANG_BINS * ANG_BINS;
const ANG_BIN = TWO_PI / ANG_BINS;

/** Edge length tolerance: LEN_TOL_BASE px plus LEN_TOL_SLOPE of the length (distortion). */
export const LEN_TOL_BASE: number = MATCHING.LEN_TOL_BASE;
export const LEN_TOL_SLOPE: number = MATCHING.LEN_TOL_SLOPE;
export function lenTolerance(len: number): number {
  return LEN_TOL_BASE + LEN_TOL_SLOPE * len;
}
/** Angle tolerance of an edge's two relative angles (radians). */
export const ANG_TOL: number = MATCHING.ANG_TOL;

export function binOf(len: number, ref: number, nei: number): number {
  const l = Math.min(LEN_BINS - 1, Math.floor(len / LEN_BIN));
  const r = Math.floor(ref / ANG_BIN) % ANG_BINS;
  const n = Math.floor(nei / ANG_BIN) % ANG_BINS;
  return (l * ANG_BINS + r) * ANG_BINS + n;
}

/**
 * The probe side of a comparison, built once per probe: its packed template (index 0 of `pack`) and a
 * hash of all its edges up to MAX_HASH_LEN, each inserted in every bin within tolerance, so that a
 * candidate edge is looked up in a single bin.
 */
export interface ProbeIndex {
  pack: PackedTemplates;
  n: number;
  binStart: Int32Array;
  from: Uint8Array;
  to: Uint8Array;
  len: Float32Array;
  ref: Float32Array;
  nei: Float32Array;
}

export function buildProbeIndex(pack: PackedTemplates, index = 0): ProbeIndex {
  const m0 = pack.minutiaStart[index]!;
  const n = pack.minutiaStart[index + 1]! - m0;
  const ef: number[] = [];
  const et: number[] = [];
  const el: number[] = [];
  const er: number[] = [];
  const en: number[] = [];
  const bins: number[] = [];
  const counts = new Int32Array(BIN_COUNT + 1);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const dx = pack.x[m0 + j]! - pack.x[m0 + i]!;
      const dy = pack.y[m0 + j]! - pack.y[m0 + i]!;
      const len = Math.hypot(dx, dy);
      if (len > MAX_HASH_LEN || len < 1) continue;
      const dir = Math.atan2(dy, dx);
      let ref = (pack.angle[m0 + i]! - dir) % TWO_PI;
      if (ref < 0) ref += TWO_PI;
      let nei = (pack.angle[m0 + j]! - dir) % TWO_PI;
      if (nei < 0) nei += TWO_PI;
      const tol = lenTolerance(len);
      const l0 = Math.max(0, Math.floor((len - tol) / LEN_BIN));
      const l1 = Math.min(LEN_BINS - 1, Math.floor((len + tol) / LEN_BIN));
      const r0 = Math.floor((ref - ANG_TOL + TWO_PI) / ANG_BIN);
      const r1 = Math.floor((ref + ANG_TOL + TWO_PI) / ANG_BIN);
      const n0 = Math.floor((nei - ANG_TOL + TWO_PI) / ANG_BIN);
      const n1 = Math.floor((nei + ANG_TOL + TWO_PI) / ANG_BIN);
      const e = ef.length;
      ef.push(i);
      et.push(j);
      el.push(len);
      er.push(ref);
      en.push(nei);
      for (let l = l0; l <= l1; l++)
        for (let r = r0; r <= r1; r++)
          for (let q = n0; q <= n1; q++) {
            const b = (l * ANG_BINS + (r % ANG_BINS)) * ANG_BINS + (q % ANG_BINS);
            bins.push(b, e);
            counts[b + 1]!++;
          }
    }
  const binStart = new Int32Array(BIN_COUNT + 1);
  for (let b = 0; b < BIN_COUNT; b++) binStart[b + 1] = binStart[b]! + counts[b + 1]!;
  const fill = binStart.slice(0, BIN_COUNT);
  const total = bins.length / 2;
  const from = new Uint8Array(total);
  const to = new Uint8Array(total);
  const len = new Float32Array(total);
  const ref = new Float32Array(total);
  const nei = new Float32Array(total);
  for (let k = 0; k < bins.length; k += 2) {
    const b = bins[k]!;
    const e = bins[k + 1]!;
    const at = fill[b]!++;
    from[at] = ef[e]!;
    to[at] = et[e]!;
    len[at] = el[e]!;
    ref[at] = er[e]!;
    nei[at] = en[e]!;
  }
  const single: PackedTemplates =
    pack.count === 1 && index === 0 ? pack : slicePacked(pack, index, index + 1);
  return { pack: single, n, binStart, from, to, len, ref, nei };
}
