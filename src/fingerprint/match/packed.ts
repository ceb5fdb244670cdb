import type { Template } from '../template/types.ts';

import { MATCHING } from '../messages.ts';

/** Neighbours per minutia in the edge table. */
export const NEIGHBOURS: number = MATCHING.NEIGHBOURS;
/** Shortest edge kept (pixels). */
export const MIN_EDGE: number = MATCHING.MIN_EDGE;
/** Largest number of minutiae per template the matcher accepts (ISO allows 255; we keep 128). */
export const MAX_PACKED_MINUTIAE: number = MATCHING.MAX_PACKED_MINUTIAE;

/**
 * Many templates packed into typed arrays with their edge tables: what the matcher reads, what a gallery
 * holds and what is transferred to workers. A single template is a pack of one.
 *
 * An edge i→j has its length, the angle of minutia i relative to the edge direction (`edgeRef`) and the
 * angle of minutia j relative to the edge direction (`edgeNei`): invariant to rotation and translation.
 */
export interface PackedTemplates {
  count: number;
  /** Per template: first minutia (global index), length count + 1. */
  minutiaStart: Int32Array;
  x: Float32Array;
  y: Float32Array;
  angle: Float32Array;
  type: Uint8Array;
  /** Per minutia (global): first edge, length totalMinutiae + 1. */
  edgeStart: Int32Array;
  /** Neighbour of the edge, as a local minutia index within its template. */
  edgeTo: Uint8Array;
  edgeLen: Float32Array;
  edgeRef: Float32Array;
  edgeNei: Float32Array;
}

export const TWO_PI = 2 * Math.PI;

export function normAngle(a: number): number {
  a %= TWO_PI;
  return a < 0 ? a + TWO_PI : a;
}

export function pack(templates: readonly Template[]): PackedTemplates {
  let total = 0;
  for (const t of templates) total += Math.min(t.minutiae.length, MAX_PACKED_MINUTIAE);
  const minutiaStart = new Int32Array(templates.length + 1);
  const x = new Float32Array(total);
  const y = new Float32Array(total);
  const angle = new Float32Array(total);
  const type = new Uint8Array(total);
  const edgeStart = new Int32Array(total + 1);
  const edgeTo = new Uint8Array(total * NEIGHBOURS);
  const edgeLen = new Float32Array(total * NEIGHBOURS);
  const edgeRef = new Float32Array(total * NEIGHBOURS);
  const edgeNei = new Float32Array(total * NEIGHBOURS);
  let m = 0;
  let e = 0;
  // The NEIGHBOURS nearest by insertion into a short sorted list: packing a 5,000-person roster is what
  // a kiosk waits for, and a full sort per minutia cost 4× more. Equal distances keep index order.
  const nearD = new Float64Array(NEIGHBOURS);
  const nearJ = new Int32Array(NEIGHBOURS);
  templates.forEach((t, ti) => {
    minutiaStart[ti] = m;
    const ms = t.minutiae.slice(0, MAX_PACKED_MINUTIAE);
    const n = ms.length;
    for (let i = 0; i < n; i++) {
      const a = ms[i]!;
      x[m + i] = a.x;
      y[m + i] = a.y;
      angle[m + i] = normAngle(a.angle);
      type[m + i] = a.type;
    }
    for (let i = 0; i < n; i++) {
      edgeStart[m + i] = e;
      const xi = ms[i]!.x;
      const yi = ms[i]!.y;
      let found = 0;
      let farthest2 = Infinity;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        const dx = ms[j]!.x - xi;
        const dy = ms[j]!.y - yi;
        // Math.hypot (what the stored edge lengths have always been) only for a possible neighbour.
        if (found === NEIGHBOURS && dx * dx + dy * dy > farthest2) continue;
        const d = Math.hypot(dx, dy);
        if (d < MIN_EDGE) continue;
        if (found === NEIGHBOURS && d >= nearD[NEIGHBOURS - 1]!) continue;
        let k = found < NEIGHBOURS ? found++ : NEIGHBOURS - 1;
        while (k > 0 && nearD[k - 1]! > d) {
          nearD[k] = nearD[k - 1]!;
          nearJ[k] = nearJ[k - 1]!;
          k--;
        }
        nearD[k] = d;
        nearJ[k] = j;
        if (found === NEIGHBOURS) farthest2 = nearD[NEIGHBOURS - 1]! ** 2 * (1 + 1e-9);
      }
      for (let k = 0; k < found; k++) {
        const j = nearJ[k]!;
        const dx = ms[j]!.x - xi;
        const dy = ms[j]!.y - yi;
        const dir = Math.atan2(dy, dx);
        edgeTo[e] = j;
        edgeLen[e] = nearD[k]!;
        edgeRef[e] = normAngle(angle[m + i]! - dir);
        edgeNei[e] = normAngle(angle[m + j]! - dir);
        e++;
      }
    }
    m += n;
  });
  minutiaStart[templates.length] = m;
  edgeStart[total] = e;
  return {
    count: templates.length,
    minutiaStart,
    x,
    y,
    angle,
    type,
    edgeStart,
    edgeTo: edgeTo.slice(0, e),
    edgeLen: edgeLen.slice(0, e),
    edgeRef: edgeRef.slice(0, e),
    edgeNei: edgeNei.slice(0, e),
  };
}

/** Templates [from, to) of a pack as a new pack (copies the typed arrays). */
export function slicePacked(p: PackedTemplates, from: number, to: number): PackedTemplates {
  const m0 = p.minutiaStart[from]!;
  const m1 = p.minutiaStart[to]!;
  const e0 = p.edgeStart[m0]!;
  const e1 = p.edgeStart[m1]!;
  return {
    count: to - from,
    minutiaStart: p.minutiaStart.slice(from, to + 1).map((v) => v - m0),
    x: p.x.slice(m0, m1),
    y: p.y.slice(m0, m1),
    angle: p.angle.slice(m0, m1),
    type: p.type.slice(m0, m1),
    edgeStart: p.edgeStart.slice(m0, m1 + 1).map((v) => v - e0),
    edgeTo: p.edgeTo.slice(e0, e1),
    edgeLen: p.edgeLen.slice(e0, e1),
    edgeRef: p.edgeRef.slice(e0, e1),
    edgeNei: p.edgeNei.slice(e0, e1),
  };
}

/** The ArrayBuffers of a pack, for `postMessage(pack, transfer)`. */
export function packBuffers(p: PackedTemplates): ArrayBuffer[] {
  return [
    p.minutiaStart,
    p.x,
    p.y,
    p.angle,
    p.type,
    p.edgeStart,
    p.edgeTo,
    p.edgeLen,
    p.edgeRef,
    p.edgeNei,
  ].map((a) => a.buffer as ArrayBuffer);
}

/** Templates [from, to) of a pack (the whole pack without a range). */
export interface PackRange {
  pack: PackedTemplates;
  from?: number;
  to?: number;
}

/**
 * Ranges of packs one after the other, as one pack: the same as packing all their templates at once.
 * The per-template and per-minutia starts move by what comes before; edge neighbours are local to
 * their template and stay. Lets a gallery reuse the templates it already packed (packing, which
 * builds the edge tables, is the costly part).
 */
export function concatPacks(parts: readonly PackRange[]): PackedTemplates {
  const spans = parts.map(({ pack: p, from = 0, to = p.count }) => {
    const m0 = p.minutiaStart[from]!;
    const m1 = p.minutiaStart[to]!;
    return { p, from, to, m0, m1, e0: p.edgeStart[m0]!, e1: p.edgeStart[m1]! };
  });
  let count = 0;
  let minutiae = 0;
  let edges = 0;
  for (const s of spans) {
    count += s.to - s.from;
    minutiae += s.m1 - s.m0;
    edges += s.e1 - s.e0;
  }
  const out: PackedTemplates = {
    count,
    minutiaStart: new Int32Array(count + 1),
    x: new Float32Array(minutiae),
    y: new Float32Array(minutiae),
    angle: new Float32Array(minutiae),
    type: new Uint8Array(minutiae),
    edgeStart: new Int32Array(minutiae + 1),
    edgeTo: new Uint8Array(edges),
    edgeLen: new Float32Array(edges),
    edgeRef: new Float32Array(edges),
    edgeNei: new Float32Array(edges),
  };
  let t = 0;
  let m = 0;
  let e = 0;
  for (const { p, from, to, m0, m1, e0, e1 } of spans) {
    for (let i = from; i < to; i++) out.minutiaStart[t++] = p.minutiaStart[i]! - m0 + m;
    for (let i = m0; i < m1; i++) out.edgeStart[m + i - m0] = p.edgeStart[i]! - e0 + e;
    out.x.set(p.x.subarray(m0, m1), m);
    out.y.set(p.y.subarray(m0, m1), m);
    out.angle.set(p.angle.subarray(m0, m1), m);
    out.type.set(p.type.subarray(m0, m1), m);
    out.edgeTo.set(p.edgeTo.subarray(e0, e1), e);
    out.edgeLen.set(p.edgeLen.subarray(e0, e1), e);
    out.edgeRef.set(p.edgeRef.subarray(e0, e1), e);
    out.edgeNei.set(p.edgeNei.subarray(e0, e1), e);
    m += m1 - m0;
    e += e1 - e0;
  }
  out.minutiaStart[count] = m;
  out.edgeStart[minutiae] = e;
  return out;
}
