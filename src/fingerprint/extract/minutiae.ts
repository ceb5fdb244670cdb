import { MinutiaType, type Minutia } from '../template/types.ts';
import { EXTRACTION } from '../messages.ts';
import type { Fields } from './field.ts';
import * as skeleton from './skeleton.ts';

const NEIGHBOUR_DX = skeleton.NEIGHBOUR_DX;
const NEIGHBOUR_DY = skeleton.NEIGHBOUR_DY;
const crossingNumber = skeleton.crossingNumber;

const {
  BLOCK,
  TRACE_MAX,
  DIRECTION_STEPS,
  SPUR_LENGTH,
  FRAGMENT_LENGTH,
  BRIDGE_LENGTH,
  MERGE_LENGTH,
  GAP_DISTANCE,
  BORDER_DISTANCE,
  CLUSTER_RADIUS,
} = EXTRACTION;

interface Candidate {
  p: number;
  x: number;
  y: number;
  type: MinutiaType;
  angle: number;
  removed: boolean;
  quality: number;
}

interface TraceResult {
  steps: number;
  /** Index of the candidate minutia reached, or -1. */
  hit: number;
  /** Position at DIRECTION_STEPS (or the last one reached). */
  dirX: number;
  dirY: number;
}

function trace(
  skel: Uint8Array,
  w: number,
  start: number,
  first: number,
  at: Int32Array,
  maxSteps: number,
): TraceResult {
  let prev2 = -1;
  let prev = start;
  let cur = first;
  let steps = 1;
  let dirX = first % w;
  let dirY = (first / w) | 0;
  const sx = start % w;
  const sy = (start / w) | 0;
  for (;;) {
    if (steps <= DIRECTION_STEPS) {
      dirX = cur % w;
      dirY = (cur / w) | 0;
    }
    const m = at[cur]!;
    if (m >= 0 && cur !== start) return { steps, hit: m, dirX, dirY };
    if (steps >= maxSteps) return { steps, hit: -1, dirX, dirY };
    const cx = cur % w;
    const cy = (cur / w) | 0;
    const px = prev % w;
    const py = (prev / w) | 0;
    let next = -1;
    let bestD = -1;
    for (let i = 0; i < 8; i++) {
      const q = cur + NEIGHBOUR_DY[i]! * w + NEIGHBOUR_DX[i]!;
      if (!skel[q] || q === prev || q === prev2 || q === start) continue;
      const qx = cx + NEIGHBOUR_DX[i]!;
      const qy = cy + NEIGHBOUR_DY[i]!;
      if (steps <= 2 && Math.abs(qx - sx) <= 1 && Math.abs(qy - sy) <= 1) continue;
      const d = (qx - px) * (qx - px) + (qy - py) * (qy - py);
      if (d > bestD) {
        bestD = d;
        next = q;
      }
    }
    if (next < 0) return { steps, hit: -1, dirX, dirY };
    if (bestD <= 1 && steps > 1) return { steps, hit: -1, dirX, dirY };
    prev2 = prev;
    prev = cur;
    cur = next;
    steps++;
  }
}

/** Start pixels of the branches leaving p: one per run of set neighbours (a 4-neighbour when possible). */
function branches(skel: Uint8Array, w: number, p: number): number[] {
  const out: number[] = [];
  const set = NEIGHBOUR_DX.map((dx, i) => skel[p + NEIGHBOUR_DY[i]! * w + dx]!);
  const startIdx = set.findIndex((v) => !v);
  if (startIdx < 0) return out;
  let run: number[] = [];
  for (let k = 1; k <= 8; k++) {
    const i = (startIdx + k) & 7;
    if (set[i]) run.push(i);
    if (!set[i] || k === 8) {
      if (run.length) {
        const four = run.find((j) => j % 2 === 0);
        const j = four ?? run[0]!;
        out.push(p + NEIGHBOUR_DY[j]! * w + NEIGHBOUR_DX[j]!);
      }
      run = [];
    }
  }
  return out;
}

function angleOf(x: number, y: number, tx: number, ty: number): number {
  return positiveAngle(Math.atan2(ty - y, tx - x));
}

/** An atan2 result in [0, 2π): a tiny negative angle plus 2π rounds to 2π itself, which is 0. */
function positiveAngle(a: number): number {
  if (a >= 0) return a;
  const b = a + 2 * Math.PI;
  return b >= 2 * Math.PI ? 0 : b;
}

function angleDiff(a: number, b: number): number {
  let d = Math.abs(a - b) % (2 * Math.PI);
  if (d > Math.PI) d = 2 * Math.PI - d;
  return d;
}

/** Chamfer distance (pixels) of every pixel to the background or the image border. */
function distanceToBackground(mask: Uint8Array, w: number, h: number): Float32Array {
  const d = new Float32Array(w * h);
  const big = 1e6;
  for (let i = 0; i < d.length; i++) d[i] = mask[i] ? big : 0;
  const get = (x: number, y: number): number => (x < 0 || y < 0 || x >= w || y >= h ? 0 : d[y * w + x]!);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (!d[p]) continue;
      d[p] = Math.min(
        d[p]!,
        get(x - 1, y) + 1,
        get(x, y - 1) + 1,
        get(x - 1, y - 1) + 1.414,
        get(x + 1, y - 1) + 1.414,
      );
    }
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1; x >= 0; x--) {
      const p = y * w + x;
      if (!d[p]) continue;
      d[p] = Math.min(
        d[p]!,
        get(x + 1, y) + 1,
        get(x, y + 1) + 1,
        get(x + 1, y + 1) + 1.414,
        get(x - 1, y + 1) + 1.414,
      );
    }
  return d;
}

/** Detect minutiae on the skeleton, remove artefacts and compute directions. */
export function findMinutiae(skel: Uint8Array, f: Fields): Minutia[] {
  const { width: w, height: h } = f;
  const at = new Int32Array(w * h).fill(-1);
  const cands: Candidate[] = [];
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      if (!skel[p]) continue;
      const cn = crossingNumber(skel, w, p);
      if (cn !== 1 && cn !== 3) continue;
      at[p] = cands.length;
      cands.push({
        p,
        x,
        y,
        type: cn === 1 ? MinutiaType.ending : MinutiaType.bifurcation,
        angle: 0,
        removed: false,
        quality: 0,
      });
    }

  // Trace every branch; remove spurs, fragments, bridges; merge adjacent junction pixels.
  const traces: TraceResult[][] = [];
  for (const c of cands) {
    const bs = branches(skel, w, c.p);
    traces.push(bs.map((b) => trace(skel, w, c.p, b, at, TRACE_MAX)));
  }
  const remove: number[] = [];
  cands.forEach((c, i) => {
    const ts = traces[i]!;
    if (c.type === MinutiaType.bifurcation && ts.length !== 3) return remove.push(i);
    if (c.type === MinutiaType.ending && ts.length !== 1) return remove.push(i);
    for (const t of ts) {
      if (t.hit < 0 || t.hit === i) continue;
      const o = cands[t.hit]!;
      if (c.type === MinutiaType.ending && o.type === MinutiaType.ending && t.steps <= FRAGMENT_LENGTH)
        remove.push(i, t.hit);
      else if (c.type !== o.type && t.steps <= SPUR_LENGTH) remove.push(i, t.hit);
      else if (c.type === MinutiaType.bifurcation && o.type === MinutiaType.bifurcation) {
        if (t.steps <= MERGE_LENGTH) {
          if (t.hit > i) remove.push(t.hit);
        } else if (t.steps <= BRIDGE_LENGTH) remove.push(i, t.hit);
      }
    }
  });
  for (const i of remove) cands[i]!.removed = true;

  // Directions.
  cands.forEach((c, i) => {
    if (c.removed) return;
    const ts = traces[i]!;
    if (c.type === MinutiaType.ending) {
      const t = ts[0]!;
      c.angle = angleOf(c.x, c.y, t.dirX, t.dirY);
    } else {
      const a = ts.map((t) => angleOf(c.x, c.y, t.dirX, t.dirY));
      let best = 0;
      let bestD = 10;
      for (let k = 0; k < 3; k++) {
        const d = angleDiff(a[k]!, a[(k + 1) % 3]!);
        if (d < bestD) {
          bestD = d;
          best = k;
        }
      }
      const a1 = a[best]!;
      const a2 = a[(best + 1) % 3]!;
      c.angle = positiveAngle(Math.atan2(Math.sin(a1) + Math.sin(a2), Math.cos(a1) + Math.cos(a2)));
    }
  });

  // Broken ridges: two endings facing each other across a short gap.
  const alive = cands.filter((c) => !c.removed);
  const endings = alive.filter((c) => c.type === MinutiaType.ending);
  for (let i = 0; i < endings.length; i++)
    for (let j = i + 1; j < endings.length; j++) {
      const a = endings[i]!;
      const b = endings[j]!;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const d2 = dx * dx + dy * dy;
      if (d2 > GAP_DISTANCE * GAP_DISTANCE) continue;
      const ab = Math.atan2(dy, dx);
      if (
        angleDiff(a.angle, b.angle + Math.PI) < Math.PI / 3 &&
        angleDiff(a.angle, ab + Math.PI) < Math.PI / 3 &&
        angleDiff(b.angle, ab) < Math.PI / 3
      ) {
        a.removed = true;
        b.removed = true;
      }
    }

  // Border.
  const dist = distanceToBackground(f.mask, w, h);
  for (const c of alive) if (dist[c.p]! < BORDER_DISTANCE) c.removed = true;

  // Dense clusters.
  const left = alive.filter((c) => !c.removed);
  const crowded = left.map((a) => {
    let n = 0;
    for (const b of left)
      if (b !== a && (a.x - b.x) ** 2 + (a.y - b.y) ** 2 < CLUSTER_RADIUS * CLUSTER_RADIUS) n++;
    return n >= 2;
  });
  left.forEach((c, i) => {
    if (crowded[i]) c.removed = true;
  });

  const out: Minutia[] = [];
  for (const c of left) {
    if (c.removed) continue;
    const k = ((c.y / BLOCK) | 0) * f.bw + ((c.x / BLOCK) | 0);
    const coh = f.coherence[k] ?? 0;
    const border = Math.min(1, dist[c.p]! / 40);
    c.quality = Math.max(1, Math.min(100, Math.round(100 * Math.sqrt(coh) * (0.5 + 0.5 * border))));
    out.push({ x: c.x, y: c.y, angle: c.angle, type: c.type, quality: c.quality });
  }
  return out;
}
