import { MATCHING } from '../messages.ts';
import { MAX_PACKED_MINUTIAE, type PackedTemplates } from './packed.ts';
import * as probeConstants from './probe.ts';
import type { ProbeIndex } from './probe.ts';

// Local copies: hot loops must not go through module-binding getters (as some loaders emit).
const { ANG_TOL, LEN_TOL_BASE, LEN_TOL_SLOPE, LEN_BIN, ANG_BINS, LEN_BIN_COUNT: LEN_BINS } = probeConstants;
const TWO_PI = 2 * Math.PI;
const ANG_BIN = TWO_PI / ANG_BINS;
import { calibrate } from './calibration.ts';

/** Most root pairs tried per comparison (most supported and best-fitting first). */
export const MAX_ROOTS: number = MATCHING.MAX_ROOTS;
const N: number = MAX_PACKED_MINUTIAE;
const {
  MAX_ROOT_HITS,
  INLIER_DISTANCE,
  INLIER_SLOPE,
  INLIER_ANGLE,
  VOTE_WEIGHT,
  W_PAIRS,
  W_SUPPORT,
  W_FRACTION,
  W_TYPE,
} = MATCHING;

function normA(a: number): number {
  a %= TWO_PI;
  return a < 0 ? a + TWO_PI : a;
}

export interface MatchDetail {
  /** Calibrated score (≈ -10·log10 FMR). */
  score: number;
  /** Uncalibrated score of the best pairing. */
  raw: number;
  /** Paired minutiae of the best pairing. */
  pairs: number;
  /** Edges supporting the best pairing. */
  support: number;
  /** Root pairs tried. */
  roots: number;
  /** Cylinder score fused into `score` (full comparisons only: `compareDetail`). */
  cylinders?: number;
}

/** A comparison's detail before it finds any pairing. */
const NO_MATCH: Readonly<MatchDetail> = { score: 0, raw: 0, pairs: 0, support: 0, roots: 0 };

function angDiff(a: number, b: number): number {
  let d = a - b;
  if (d < 0) d = -d;
  return d > Math.PI ? TWO_PI - d : d;
}

/**
 * The comparison engine: allocation-free, one per thread. `compare` finds root pairs by looking the
 * candidate's neighbour edges up in the probe's edge hash, grows a pairing from each root best-first
 * along consistent edges, and scores the best one.
 */
export class Matcher {
  private readonly stamp = new Int32Array(N * N);
  private readonly rootIndex = new Int32Array(N * N);
  private generation = 0;
  private readonly rootP = new Uint8Array(MAX_ROOT_HITS);
  private readonly rootC = new Uint8Array(MAX_ROOT_HITS);
  private readonly rootErr = new Float32Array(MAX_ROOT_HITS);
  private readonly rootOrder = new Float64Array(MAX_ROOT_HITS);
  private readonly pairP = new Int16Array(N).fill(-1);
  private readonly pairC = new Int16Array(N).fill(-1);
  private readonly pairedList = new Uint8Array(N);
  private paired = 0;
  private support = 0;
  private typeMatches = 0;
  private errorSum = 0;
  private inliers = 0;
  private readonly heapP = new Uint8Array(N * 96);
  private readonly heapC = new Uint8Array(N * 96);
  private readonly heapE = new Float32Array(N * 96);
  private heapSize = 0;
  /** Detail of the last comparison. */
  readonly last: MatchDetail = { ...NO_MATCH };

  /**
   * Compare a prepared probe with template `ci` of a pack. `maxRoots` and `edgesPerMinutia` (how many of
   * each candidate minutia's nearest edges are looked up) trade accuracy for speed in screening.
   */
  compare(
    probe: ProbeIndex,
    cand: PackedTemplates,
    ci: number,
    maxRoots = MAX_ROOTS,
    edgesPerMinutia = 255,
  ): number {
    const last = Object.assign(this.last, NO_MATCH);
    const c0 = cand.minutiaStart[ci]!;
    const nc = cand.minutiaStart[ci + 1]! - c0;
    const np = probe.n;
    if (nc < 2 || np < 2) return 0;
    // --- roots ---
    this.generation++;
    if (this.generation > 0x7ffffff0) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    const gen = this.generation;
    const { binStart, from, to, len: plen, ref: pref, nei: pnei } = probe;
    let hits = 0;
    const e0 = cand.edgeStart[c0]!;
    const e1 = cand.edgeStart[c0 + nc]!;
    let minutia = 0;
    let minutiaEdgeStart = e0;
    for (let e = e0; e < e1 && hits < MAX_ROOT_HITS; e++) {
      while (cand.edgeStart[c0 + minutia + 1]! <= e) {
        minutia++;
        minutiaEdgeStart = cand.edgeStart[c0 + minutia]!;
      }
      if (e - minutiaEdgeStart >= edgesPerMinutia) continue;
      const len = cand.edgeLen[e]!;
      const ref = cand.edgeRef[e]!;
      const nei = cand.edgeNei[e]!;
      const lb = Math.min(LEN_BINS - 1, Math.floor(len / LEN_BIN));
      const b =
        (lb * ANG_BINS + (Math.floor(ref / ANG_BIN) % ANG_BINS)) * ANG_BINS +
        (Math.floor(nei / ANG_BIN) % ANG_BINS);
      const tol = LEN_TOL_BASE + LEN_TOL_SLOPE * len;
      for (let k = binStart[b]!, kEnd = binStart[b + 1]!; k < kEnd; k++) {
        const dl = Math.abs(plen[k]! - len);
        if (dl > tol) continue;
        const dr = angDiff(pref[k]!, ref);
        if (dr > ANG_TOL) continue;
        const dn = angDiff(pnei[k]!, nei);
        if (dn > ANG_TOL) continue;
        const err = dl / tol + (dr + dn) / ANG_TOL;
        hits = this.vote(from[k]!, minutia, err, hits, gen);
        hits = this.vote(to[k]!, cand.edgeTo[e]!, err, hits, gen);
        if (hits >= MAX_ROOT_HITS - 1) break;
      }
    }
    if (hits === 0) return 0;
    // Order roots by priority with a native numeric sort of (priority, index) packed in one float.
    const order = this.rootOrder;
    for (let i = 0; i < hits; i++) order[i] = Math.round((this.rootErr[i]! + 64) * 256) * 1024 + i;
    if (hits > maxRoots) order.subarray(0, hits).sort();
    for (let i = 0; i < Math.min(hits, maxRoots); i++) order[i] = order[i]! % 1024;
    const tries = Math.min(hits, maxRoots);
    let bestRaw = 0;
    let bestPairs = 0;
    let bestSupport = 0;
    for (let r = 0; r < tries; r++) {
      const i = order[r]!;
      this.grow(probe, cand, c0, this.rootP[i]!, this.rootC[i]!);
      this.countInliers(probe.pack, cand, c0);
      const raw = this.rawScore(np, nc);
      if (raw > bestRaw) {
        bestRaw = raw;
        bestPairs = this.paired;
        bestSupport = this.support;
      }
    }
    this.clearPairs();
    last.raw = bestRaw;
    last.pairs = bestPairs;
    last.support = bestSupport;
    last.roots = tries;
    last.score = calibrate(bestRaw);
    return last.score;
  }

  /**
   * Global check of a pairing grown along local edges: fit one rotation and translation to all pairs
   * and count the pairs that land within INLIER_DISTANCE and INLIER_ANGLE of their partner.
   */
  private countInliers(pp: PackedTemplates, cand: PackedTemplates, c0: number): void {
    const k = this.paired;
    this.inliers = k;
    if (k < 3) return;
    let sin = 0;
    let cos = 0;
    let pxm = 0;
    let pym = 0;
    let cxm = 0;
    let cym = 0;
    for (let i = 0; i < k; i++) {
      const p = this.pairedList[i]!;
      const c = c0 + this.pairP[p]!;
      const d = cand.angle[c]! - pp.angle[p]!;
      sin += Math.sin(d);
      cos += Math.cos(d);
      pxm += pp.x[p]!;
      pym += pp.y[p]!;
      cxm += cand.x[c]!;
      cym += cand.y[c]!;
    }
    const rot = Math.atan2(sin, cos);
    const rc = Math.cos(rot);
    const rs = Math.sin(rot);
    pxm /= k;
    pym /= k;
    cxm /= k;
    cym /= k;
    let inliers = 0;
    for (let i = 0; i < k; i++) {
      const p = this.pairedList[i]!;
      const c = c0 + this.pairP[p]!;
      const px = pp.x[p]! - pxm;
      const py = pp.y[p]! - pym;
      const ex = rc * px - rs * py - (cand.x[c]! - cxm);
      const ey = rs * px + rc * py - (cand.y[c]! - cym);
      const r = Math.hypot(px, py);
      if (ex * ex + ey * ey > (INLIER_DISTANCE + INLIER_SLOPE * r) ** 2) continue;
      if (angDiff(normA(pp.angle[p]! + rot), cand.angle[c]!) > INLIER_ANGLE) continue;
      inliers++;
    }
    this.inliers = inliers;
  }

  /** Register an edge hit for the root pair (p, c); repeated hits lower its priority value. */
  private vote(p: number, c: number, err: number, hits: number, gen: number): number {
    const key = p * N + c;
    if (this.stamp[key] === gen) {
      const i = this.rootIndex[key]!;
      this.rootErr[i] = this.rootErr[i]! - VOTE_WEIGHT;
      return hits;
    }
    this.stamp[key] = gen;
    this.rootIndex[key] = hits;
    this.rootP[hits] = p;
    this.rootC[hits] = c;
    this.rootErr[hits] = err;
    return hits + 1;
  }

  private rawScore(np: number, nc: number): number {
    const k = this.inliers;
    if (k < 2) return 0;
    const fraction = Math.sqrt((k / np) * (k / nc));
    const accuracy = 1 - Math.min(1, this.errorSum / Math.max(1, k - 1) / 2);
    return (
      W_PAIRS * k +
      W_SUPPORT * this.support +
      W_FRACTION * fraction +
      W_TYPE * this.typeMatches +
      2 * accuracy * (k > 4 ? 1 : 0)
    );
  }

  private clearPairs(): void {
    for (let i = 0; i < this.paired; i++) {
      const p = this.pairedList[i]!;
      this.pairC[this.pairP[p]!] = -1;
      this.pairP[p] = -1;
    }
    this.paired = 0;
  }

  private grow(probe: ProbeIndex, cand: PackedTemplates, c0: number, rootP: number, rootC: number): void {
    this.clearPairs();
    this.support = 0;
    this.typeMatches = 0;
    this.errorSum = 0;
    this.heapSize = 0;
    this.addPair(probe, cand, c0, rootP, rootC);
    while (this.heapSize > 0) {
      const p = this.heapP[0]!;
      const c = this.heapC[0]!;
      const err = this.heapE[0]!;
      this.pop();
      if (this.pairP[p]! >= 0 || this.pairC[c]! >= 0) continue;
      this.errorSum += err;
      this.addPair(probe, cand, c0, p, c);
    }
  }

  private addPair(probe: ProbeIndex, cand: PackedTemplates, c0: number, p: number, c: number): void {
    const pairP = this.pairP;
    const pairC = this.pairC;
    pairP[p] = c;
    pairC[c] = p;
    this.pairedList[this.paired++] = p;
    const pp = probe.pack;
    if (pp.type[p] === cand.type[c0 + c]) this.typeMatches++;
    const pe0 = pp.edgeStart[p]!;
    const pe1 = pp.edgeStart[p + 1]!;
    const ce0 = cand.edgeStart[c0 + c]!;
    const ce1 = cand.edgeStart[c0 + c + 1]!;
    for (let ce = ce0; ce < ce1; ce++) {
      const cj = cand.edgeTo[ce]!;
      const cLen = cand.edgeLen[ce]!;
      const cRef = cand.edgeRef[ce]!;
      const cNei = cand.edgeNei[ce]!;
      const tol = LEN_TOL_BASE + LEN_TOL_SLOPE * cLen;
      const cjPaired = pairC[cj]!;
      for (let pe = pe0; pe < pe1; pe++) {
        const pj = pp.edgeTo[pe]!;
        const pjPaired = pairP[pj]!;
        if (cjPaired >= 0 || pjPaired >= 0) {
          if (cjPaired !== pj) continue;
        }
        const dl = Math.abs(pp.edgeLen[pe]! - cLen);
        if (dl > tol) continue;
        const dr = angDiff(pp.edgeRef[pe]!, cRef);
        if (dr > ANG_TOL) continue;
        const dn = angDiff(pp.edgeNei[pe]!, cNei);
        if (dn > ANG_TOL) continue;
        if (cjPaired === pj) {
          this.support++;
          continue;
        }
        this.push(pj, cj, dl / tol + (dr + dn) / ANG_TOL);
      }
    }
  }

  /** Heap entry `to` takes entry `from`'s pair and error. */
  private moveEntry(to: number, from: number): void {
    this.heapP[to] = this.heapP[from]!;
    this.heapC[to] = this.heapC[from]!;
    this.heapE[to] = this.heapE[from]!;
  }

  private setEntry(i: number, p: number, c: number, e: number): void {
    this.heapP[i] = p;
    this.heapC[i] = c;
    this.heapE[i] = e;
  }

  private push(p: number, c: number, e: number): void {
    if (this.heapSize >= this.heapE.length) return;
    let i = this.heapSize++;
    const he = this.heapE;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (he[parent]! <= e) break;
      this.moveEntry(i, parent);
      i = parent;
    }
    this.setEntry(i, p, c, e);
  }

  private pop(): void {
    const he = this.heapE;
    const n = --this.heapSize;
    if (n === 0) return;
    const p = this.heapP[n]!;
    const c = this.heapC[n]!;
    const e = he[n]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && he[child + 1]! < he[child]!) child++;
      if (he[child]! >= e) break;
      this.moveEntry(i, child);
      i = child;
    }
    this.setEntry(i, p, c, e);
  }
}
