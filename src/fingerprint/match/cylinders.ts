import { MATCHING } from '../messages.ts';
import { TWO_PI, type PackedTemplates } from './packed.ts';

/**
 * Minutia Cylinder-Code, bit version (Cappelli, Ferrara and Maltoni, "Minutia Cylinder-Code: a new
 * representation and matching technique for fingerprint recognition", IEEE TPAMI 2010), reimplemented
 * from the paper. Each minutia gets a fixed-length descriptor of its neighbourhood: a cylinder of
 * radius R around it, turned with its direction, cut into NS × NS cells × ND direction bins; a bit is set
 * where neighbouring minutiae with that relative direction lie near the cell. Two templates are compared
 * by the similarity of their cylinders (popcounts) and a relaxation that keeps the pairs whose
 * neighbourhoods agree with each other (LSS-R).
 *
 * Why beside the edge-table matcher: the cylinder sees the whole neighbourhood at once, so it still
 * recognises a minutia whose nearest neighbours are missing or spurious (a wet or dry press), where an
 * edge-table pairing breaks. The two scores are added (`fusion.ts`), which makes fewer owners fail at a
 * roster's threshold without letting more strangers through (bench:fingerprint).
 */
const C = MATCHING.CYLINDER;
const { CELLS: NS, DIRECTIONS: ND, RADIUS: R, SIGMA_S, SIGMA_D } = C;
const REACH = 3 * SIGMA_S;
const CELL = (2 * R) / NS;
const BIN = TWO_PI / ND;
const WORDS = (NS * NS * ND) / 32;
const GS_NORM = 1 / (SIGMA_S * Math.sqrt(TWO_PI));

/** The cells of the NS × NS square whose centres lie within R of the minutia, as grid offsets (px). */
const DISC: { i: number; j: number; u: number; v: number }[] = [];
for (let i = 0; i < NS; i++)
  for (let j = 0; j < NS; j++) {
    const u = (i - (NS - 1) / 2) * CELL;
    const v = (j - (NS - 1) / 2) * CELL;
    if (Math.hypot(u, v) <= R) DISC.push({ i, j, u, v });
  }
const DISC_INDEX = new Int16Array(NS * NS).fill(-1);
DISC.forEach((c, k) => (DISC_INDEX[c.i * NS + c.j] = k));

export interface Cylinders {
  count: number;
  /** Per minutia: whether its cylinder has enough valid cells and neighbours to be compared. */
  valid: Uint8Array;
  validCount: number;
  /** Per minutia WORDS words: the cells set, and the cells inside the print (valid). */
  bits: Uint32Array;
  mask: Uint32Array;
  x: Float64Array;
  y: Float64Array;
  angle: Float64Array;
}

/** Signed angle a − b in [−π, π). */
function angleDiff(a: number, b: number): number {
  let d = (a - b) % TWO_PI;
  if (d < -Math.PI) d += TWO_PI;
  else if (d >= Math.PI) d -= TWO_PI;
  return d;
}

function erf(x: number): number {
  // Abramowitz and Stegun 7.1.26 (error < 1.5e-7).
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return x >= 0 ? y : -y;
}

/** Share of a Gaussian (σ = SIGMA_D) centred at `alpha` that falls in a direction bin of width BIN. */
function directionWeight(alpha: number): number {
  const s = Math.SQRT2 * SIGMA_D;
  return 0.5 * (erf((alpha + BIN / 2) / s) - erf((alpha - BIN / 2) / s));
}

/** Convex hull, counter-clockwise in y-down coordinates (monotone chain). */
function hull(xs: Float64Array, ys: Float64Array): number[] {
  const order = Array.from(xs, (_, i) => i).sort((a, b) => xs[a]! - xs[b]! || ys[a]! - ys[b]!);
  const cross = (o: number, a: number, b: number) =>
    (xs[a]! - xs[o]!) * (ys[b]! - ys[o]!) - (ys[a]! - ys[o]!) * (xs[b]! - xs[o]!);
  const half = (seq: number[]) => {
    const out: number[] = [];
    for (const q of seq) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, q) <= 0) out.pop();
      out.push(q);
    }
    out.pop();
    return out;
  };
  if (order.length < 3) return order;
  return half(order).concat(half(order.slice().reverse()));
}

/** Distance from a point to the hull polygon (0 inside). */
function hullDistance(h: number[], xs: Float64Array, ys: Float64Array, x: number, y: number): number {
  let inside = h.length >= 3;
  for (let k = 0; k < h.length && inside; k++) {
    const ax = xs[h[k]!]!;
    const ay = ys[h[k]!]!;
    if ((xs[h[(k + 1) % h.length]!]! - ax) * (y - ay) - (ys[h[(k + 1) % h.length]!]! - ay) * (x - ax) < 0)
      inside = false;
  }
  if (inside) return 0;
  let best = Infinity;
  for (let k = 0; k < h.length; k++) {
    const ax = xs[h[k]!]!;
    const ay = ys[h[k]!]!;
    const bx = xs[h[(k + 1) % h.length]!]!;
    const by = ys[h[(k + 1) % h.length]!]!;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2)) : 0;
    best = Math.min(best, Math.hypot(ax + t * dx - x, ay + t * dy - y));
  }
  return best;
}

const acc = new Float64Array(DISC.length * ND);
const weights = new Float64Array(ND);

/** The cylinders of template `t` of a pack. */
export function buildCylinders(p: PackedTemplates, t: number): Cylinders {
  const m0 = p.minutiaStart[t]!;
  const n = p.minutiaStart[t + 1]! - m0;
  const x = Float64Array.from(p.x.subarray(m0, m0 + n));
  const y = Float64Array.from(p.y.subarray(m0, m0 + n));
  const angle = Float64Array.from(p.angle.subarray(m0, m0 + n));
  const bits = new Uint32Array(n * WORDS);
  const mask = new Uint32Array(n * WORDS);
  const valid = new Uint8Array(n);
  const h = hull(x, y);
  let validCount = 0;
  for (let c = 0; c < n; c++) {
    const cos = Math.cos(angle[c]!);
    const sin = Math.sin(angle[c]!);
    const base = c * WORDS;
    // Cells inside the print: within OUTSIDE px of the hull of the template's minutiae.
    let cells = 0;
    for (let k = 0; k < DISC.length; k++) {
      const { i, j, u, v } = DISC[k]!;
      const px = x[c]! + cos * u - sin * v;
      const py = y[c]! + sin * u + cos * v;
      if (hullDistance(h, x, y, px, py) > C.OUTSIDE) continue;
      cells++;
      for (let d = 0; d < ND; d++) {
        const bit = (d * NS + i) * NS + j;
        mask[base + (bit >> 5)]! |= 1 << (bit & 31);
      }
    }
    acc.fill(0);
    let near = 0;
    for (let o = 0; o < n; o++) {
      if (o === c) continue;
      const dx = x[o]! - x[c]!;
      const dy = y[o]! - y[c]!;
      if (Math.hypot(dx, dy) > R + REACH) continue;
      near++;
      // The neighbour in the cylinder's frame, and how its direction spreads over the bins.
      const lu = cos * dx + sin * dy;
      const lv = -sin * dx + cos * dy;
      const rel = angleDiff(angle[c]!, angle[o]!);
      for (let d = 0; d < ND; d++) weights[d] = directionWeight(angleDiff(-Math.PI + (d + 0.5) * BIN, rel));
      const i0 = Math.max(0, Math.ceil((lu - REACH) / CELL + (NS - 1) / 2));
      const i1 = Math.min(NS - 1, Math.floor((lu + REACH) / CELL + (NS - 1) / 2));
      const j0 = Math.max(0, Math.ceil((lv - REACH) / CELL + (NS - 1) / 2));
      const j1 = Math.min(NS - 1, Math.floor((lv + REACH) / CELL + (NS - 1) / 2));
      for (let i = i0; i <= i1; i++)
        for (let j = j0; j <= j1; j++) {
          const k = DISC_INDEX[i * NS + j]!;
          if (k < 0) continue;
          const du = DISC[k]!.u - lu;
          const dv = DISC[k]!.v - lv;
          const d2 = du * du + dv * dv;
          if (d2 > REACH * REACH) continue;
          const g = GS_NORM * Math.exp(-d2 / (2 * SIGMA_S * SIGMA_S));
          for (let d = 0; d < ND; d++) acc[k * ND + d]! += g * weights[d]!;
        }
    }
    for (let k = 0; k < DISC.length; k++) {
      const { i, j } = DISC[k]!;
      for (let d = 0; d < ND; d++) {
        if (acc[k * ND + d]! < C.SET_AT) continue;
        const bit = (d * NS + i) * NS + j;
        bits[base + (bit >> 5)]! |= mask[base + (bit >> 5)]! & (1 << (bit & 31));
      }
    }
    if (cells >= C.MIN_VALID_CELLS * DISC.length && near >= C.MIN_NEIGHBOURS) {
      valid[c] = 1;
      validCount++;
    }
  }
  return { count: n, valid, bits, mask, x, y, angle, validCount };
}

function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const sigmoid = (v: number, mu: number, tau: number) => 1 / (1 + Math.exp(-tau * (v - mu)));

/**
 * Similarity of two templates' cylinders (LSS-R), about 0 … 0.1: the mean relaxed similarity of the
 * best-agreeing minutia pairs. Symmetric.
 */
export function cylinderScore(a: Cylinders, b: Cylinders): number {
  if (a.validCount < 2 || b.validCount < 2) return 0;
  const minCommon = C.MIN_COMMON_CELLS * NS * NS * ND;
  const sim: number[] = [];
  const pa: number[] = [];
  const pb: number[] = [];
  for (let i = 0; i < a.count; i++) {
    if (!a.valid[i]) continue;
    const ai = i * WORDS;
    for (let j = 0; j < b.count; j++) {
      if (!b.valid[j] || Math.abs(angleDiff(a.angle[i]!, b.angle[j]!)) > C.MAX_TURN) continue;
      const bj = j * WORDS;
      let common = 0;
      let na = 0;
      let nb = 0;
      let differ = 0;
      for (let w = 0; w < WORDS; w++) {
        const m = a.mask[ai + w]! & b.mask[bj + w]!;
        if (m === 0) continue;
        const va = a.bits[ai + w]! & m;
        const vb = b.bits[bj + w]! & m;
        common += popcount(m);
        na += popcount(va);
        nb += popcount(vb);
        differ += popcount(va ^ vb);
      }
      if (common < minCommon) continue;
      const norm = Math.sqrt(na) + Math.sqrt(nb);
      if (norm === 0) continue;
      const s = 1 - Math.sqrt(differ) / norm;
      if (s <= 0) continue;
      sim.push(s);
      pa.push(i);
      pb.push(j);
    }
  }
  const least = Math.min(a.validCount, b.validCount);
  const keep = Math.round(
    C.MIN_PAIRS + sigmoid(least, C.PAIRS_MU, C.PAIRS_TAU) * (C.MAX_PAIRS - C.MIN_PAIRS),
  );
  // The best one-to-one pairs (greedy, by similarity), at most `least`.
  const order = sim.map((_, k) => k).sort((p, q) => sim[q]! - sim[p]! || p - q);
  const usedA = new Uint8Array(a.count);
  const usedB = new Uint8Array(b.count);
  const sel: number[] = [];
  for (const k of order) {
    if (sel.length >= least) break;
    if (usedA[pa[k]!] || usedB[pb[k]!]) continue;
    usedA[pa[k]!] = usedB[pb[k]!] = 1;
    sel.push(k);
  }
  const n = sel.length;
  if (n < 2) return 0;
  // Relaxation: a pair keeps its similarity when the other pairs are geometrically compatible with it.
  const rho = new Float64Array(n * n);
  for (let t = 0; t < n; t++) {
    const at = pa[sel[t]!]!;
    const bt = pb[sel[t]!]!;
    for (let q = 0; q < n; q++) {
      if (q === t) continue;
      const aq = pa[sel[q]!]!;
      const bq = pb[sel[q]!]!;
      const dax = a.x[aq]! - a.x[at]!;
      const day = a.y[aq]! - a.y[at]!;
      const dbx = b.x[bq]! - b.x[bt]!;
      const dby = b.y[bq]! - b.y[bt]!;
      const d1 = Math.abs(Math.hypot(dax, day) - Math.hypot(dbx, dby));
      const d2 = Math.abs(
        angleDiff(angleDiff(a.angle[at]!, a.angle[aq]!), angleDiff(b.angle[bt]!, b.angle[bq]!)),
      );
      const d3 = Math.abs(
        angleDiff(
          angleDiff(a.angle[at]!, Math.atan2(day, dax)),
          angleDiff(b.angle[bt]!, Math.atan2(dby, dbx)),
        ),
      );
      rho[t * n + q] =
        sigmoid(d1, C.RELAX_DISTANCE, -8 / 5) *
        sigmoid(d2, C.RELAX_ANGLE, -30) *
        sigmoid(d3, C.RELAX_ANGLE, -30);
    }
  }
  let lambda = Float64Array.from(sel, (k) => sim[k]!);
  const start = lambda.slice();
  for (let it = 0; it < C.RELAX_ROUNDS; it++) {
    const next = new Float64Array(n);
    for (let t = 0; t < n; t++) {
      let s = 0;
      for (let q = 0; q < n; q++) if (q !== t) s += rho[t * n + q]! * lambda[q]!;
      next[t] = C.RELAX_KEEP * lambda[t]! + ((1 - C.RELAX_KEEP) * s) / (n - 1);
    }
    lambda = next;
  }
  // The pairs that lost least in the relaxation (efficiency) are the ones averaged.
  const rank = Array.from({ length: n }, (_, t) => t).sort(
    (p, q) => lambda[q]! / start[q]! - lambda[p]! / start[p]! || p - q,
  );
  let total = 0;
  for (let t = 0; t < Math.min(keep, n); t++) total += lambda[rank[t]!]!;
  // A small template's few cylinders agree by chance more often (FVC2002 strangers with 10–14 minutiae
  // reached 1 in 10^7 scores): their score is scaled down below FULL_SIZE comparable minutiae.
  return (total / keep) * Math.min(1, least / C.FULL_SIZE);
}
