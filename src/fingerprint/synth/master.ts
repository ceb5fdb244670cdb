import { gaborKernel, type GaborKernel } from '../gabor.ts';
import { Random, SmoothField } from './random.ts';

/**
 * A master fingerprint: a continuous ridge pattern (values in [-1, 1], ridges negative) grown by
 * iterative oriented Gabor filtering of random seeds, following an orientation model with cores and
 * deltas (zero-pole model) and a ridge-period map.
 */
export interface MasterFinger {
  seed: number;
  width: number;
  height: number;
  /** Ridge field, ridges < 0. */
  ridges: Float32Array;
  /** Pattern class used for the orientation model. */
  kind: 'arch' | 'loop' | 'whorl' | 'tented';
  /** Singular points in pixel coordinates. */
  cores: { x: number; y: number }[];
  deltas: { x: number; y: number }[];
}

export interface MasterOptions {
  width?: number;
  height?: number;
  /** Growth iterations (more = cleaner ridges). */
  iterations?: number;
  /** Pattern class (tests, benchmarks); drawn from the seed otherwise. */
  kind?: MasterFinger['kind'];
}

/** The filter bank: `angles` orientations over half a turn, `periods` ridge periods from `periodMin` px. */
const BANK = { angles: 32, periods: 14, periodMin: 7, periodStep: 0.5 } as const;
/**
 * Kernel radius. The filters reach about one ridge to each side (σ 5 px across the ridges): with the
 * narrower 2.6 px of before, each ridge grew on its own and broke or forked far more often than skin
 * does (about 58 minutiae per generated impression against 25–38 on FVC2002 with the same extractor),
 * and strangers' prints matched each other about 3.5× more often than real strangers at the same
 * score, which is what made the demo fingers' false matches. Now about 44, and the impostor tail is at
 * or under the FVC calibration (bench:fingerprint `synthetic`).
 */
const R = 11;
/** One random seed per this many pixels: fewer seeds give fewer minutiae. */
const SEED_AREA = 9000;

let bank: GaborKernel[] | undefined;

function kernels(): GaborKernel[] {
  if (bank) return bank;
  bank = [];
  for (let a = 0; a < BANK.angles; a++)
    for (let p = 0; p < BANK.periods; p++) {
      const theta = (a * Math.PI) / BANK.angles;
      const period = BANK.periodMin + p * BANK.periodStep;
      bank.push(
        gaborKernel(theta, period, { radius: R, sigmaAcross: 5, sigmaAlong: 3.2, cutoff: 0.12, gain: 4 }),
      );
    }
  return bank;
}

/** Pattern class and singular points of a finger: the first draws of its random stream. */
export interface MasterLayout {
  kind: MasterFinger['kind'];
  cores: { x: number; y: number }[];
  deltas: { x: number; y: number }[];
}

/** The layout generateMaster(seed, options) gives, without growing the ridges (cheap: tests, statistics). */
export function masterLayout(seed: number, options: MasterOptions = {}): MasterLayout {
  return drawLayout(new Random(seed), options.width ?? 300, options.height ?? 360, options.kind);
}

function drawLayout(
  rng: Random,
  width: number,
  height: number,
  forced: MasterFinger['kind'] | undefined,
): MasterLayout {
  // Shares of the classes in people: about 6 % plain arches, 6 % tented arches, 58 % loops, 30 % whorls
  // (arches were 30 %: arch and tented fingers, with few features in their flow, were often the
  // strangers taken for somebody).
  const r = rng.next();
  const kind: MasterFinger['kind'] =
    forced ?? (r < 0.06 ? 'arch' : r < 0.12 ? 'tented' : r < 0.7 ? 'loop' : 'whorl');
  const cx = width / 2 + rng.range(-50, 50);
  const cy = height * rng.range(0.32, 0.55);
  const cores: { x: number; y: number }[] = [];
  const deltas: { x: number; y: number }[] = [];
  const side = rng.next() < 0.5 ? -1 : 1;
  if (kind === 'arch') {
    cores.push({ x: cx, y: cy + 260 });
    deltas.push({ x: cx, y: cy + 330 });
  } else if (kind === 'tented') {
    cores.push({ x: cx, y: cy });
    deltas.push({ x: cx + rng.range(-25, 25), y: cy + rng.range(50, 140) });
  } else if (kind === 'loop') {
    cores.push({ x: cx, y: cy });
    // The delta lies below the core, to one side, about 6 to 20 ridges away: loops whose deltas sat
    // in the same small area had nearly the same ridge flow and were the strangers taken for others.
    const distance = rng.range(70, 190);
    const direction = rng.range(0.45, 1.15);
    deltas.push({ x: cx + side * distance * Math.sin(direction), y: cy + distance * Math.cos(direction) });
  } else {
    const d = rng.range(20, 35);
    const a = rng.range(-0.6, 0.6);
    cores.push({ x: cx - d * Math.cos(a), y: cy - d * Math.sin(a) });
    cores.push({ x: cx + d * Math.cos(a), y: cy + d * Math.sin(a) });
    deltas.push({ x: cx - rng.range(90, 130), y: cy + rng.range(90, 140) });
    deltas.push({ x: cx + rng.range(90, 130), y: cy + rng.range(90, 140) });
  }
  return { kind, cores, deltas };
}

export function generateMaster(seed: number, options: MasterOptions = {}): MasterFinger {
  const rng = new Random(seed);
  const width = options.width ?? 300;
  const height = options.height ?? 360;
  const iterations = options.iterations ?? 12;
  const { kind, cores, deltas } = drawLayout(rng, width, height, options.kind);
  const baseAngle = rng.range(-0.3, 0.3);
  const wobble = new SmoothField(rng, 120, 4);
  const wobbleAmp = rng.range(0.2, 0.45);
  // A finer bend of the ridge flow, each finger's own (its own random stream, so that the rest of
  // a finger is drawn as before).
  const bendRng = new Random(seed ^ 0x5bd1e995);
  const bend = new SmoothField(bendRng, 70, 4);
  const bendAmp = bendRng.range(0.15, 0.35);
  const periodField = new SmoothField(rng, 180, 3);
  // Ridge period 9–12 px at 500 dpi (0.45–0.6 mm, as on adults' fingers; 7.5–10.5 gave too many ridges).
  const basePeriod = rng.range(9, 12);

  const n = width * height;
  const kernelIndex = new Uint16Array(n);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let t = baseAngle;
      for (const c of cores) t += 0.5 * Math.atan2(y - c.y, x - c.x);
      for (const d of deltas) t -= 0.5 * Math.atan2(y - d.y, x - d.x);
      t += wobbleAmp * wobble.at(x, y) + bendAmp * bend.at(x, y);
      // Ridge direction is perpendicular to the zero-pole field's flow in this parameterisation.
      let a = Math.round(((t % Math.PI) / Math.PI) * BANK.angles);
      a = ((a % BANK.angles) + BANK.angles) % BANK.angles;
      const period = basePeriod + 1.4 * periodField.at(x, y);
      const p = Math.max(
        0,
        Math.min(BANK.periods - 1, Math.round((period - BANK.periodMin) / BANK.periodStep)),
      );
      kernelIndex[y * width + x] = a * BANK.periods + p;
    }

  const ks = kernels();
  const pw = width + 2 * R;
  let cur = new Float32Array(pw * (height + 2 * R));
  let nxt = new Float32Array(cur.length);
  for (let i = 0; i < n / SEED_AREA; i++) {
    const x = rng.int(0, width - 1);
    const y = rng.int(0, height - 1);
    cur[(y + R) * pw + x + R] = rng.next() < 0.5 ? -8 : 8;
  }
  const offsets = ks.map((k) => Int32Array.from(k.dx, (dx, i) => k.dy[i]! * pw + dx));
  // Ridges grow about R pixels per iteration from the random seeds. After `iterations`, 10–40 % of
  // the finger area was typically still bare (prints with blank patches, some with too few minutiae
  // to identify anyone: employee@demo.test's gave 8), so growth goes on until the area an impression
  // shows has ridges everywhere (about 1.8× the time). A master already covered is unchanged.
  for (
    let it = 0;
    it < iterations || (it < iterations + MAX_EXTRA_ITERATIONS && bare(cur, width, height, pw));
    it++
  ) {
    filterStep(cur, nxt, width, height, pw, kernelIndex, offsets, ks);
    // Automatic gain: amplify weak areas (near singular points the filters partly cancel) so that
    // ridges grow everywhere, then clip.
    if (it >= 2) normaliseAmplitude(nxt, width, height, pw, R);
    else for (let i = 0; i < nxt.length; i++) nxt[i] = Math.max(-1, Math.min(1, nxt[i]!));
    const tmp = cur;
    cur = nxt;
    nxt = tmp;
  }
  const ridges = new Float32Array(n);
  for (let y = 0; y < height; y++)
    ridges.set(cur.subarray((y + R) * pw + R, (y + R) * pw + R + width), y * width);
  return { seed, width, height, ridges, kind, cores, deltas };
}

/** Side of the blocks the filter skips while no ridge has reached them (> R, so a pixel's kernel stays within its neighbouring blocks). */
const BLOCK = 12;

/**
 * One growth step: each pixel of `nxt` is its oriented filter applied to `cur`. Ridges spread from a
 * dozen random seeds, so for the first half of the growth most of the finger is still exactly 0;
 * blocks whose 3×3 block neighbourhood is all 0 give exactly 0 (+0, as the sum would) and are not
 * filtered. Every other pixel is summed in the same order as before, so the master is bit-identical
 * (about a third less work; the simulator grows a finger on every press of a new person).
 */
function filterStep(
  cur: Float32Array,
  nxt: Float32Array,
  width: number,
  height: number,
  pw: number,
  kernelIndex: Uint16Array,
  offsets: Int32Array[],
  ks: GaborKernel[],
): void {
  const bw = Math.ceil(width / BLOCK);
  const bh = Math.ceil(height / BLOCK);
  const live = new Uint8Array(bw * bh);
  for (let y = 0; y < height; y++) {
    const row = (y + R) * pw + R;
    const brow = ((y / BLOCK) | 0) * bw;
    for (let x = 0; x < width; x++) if (cur[row + x] !== 0) live[brow + ((x / BLOCK) | 0)] = 1;
  }
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let near = false;
      for (let j = Math.max(0, by - 1); j <= Math.min(bh - 1, by + 1) && !near; j++)
        for (let i = Math.max(0, bx - 1); i <= Math.min(bw - 1, bx + 1); i++)
          if (live[j * bw + i]) {
            near = true;
            break;
          }
      const y1 = Math.min(height, (by + 1) * BLOCK);
      const x0 = bx * BLOCK;
      const x1 = Math.min(width, x0 + BLOCK);
      for (let y = by * BLOCK; y < y1; y++) {
        const rowBase = (y + R) * pw + R;
        if (!near) {
          nxt.fill(0, rowBase + x0, rowBase + x1);
          continue;
        }
        for (let x = x0; x < x1; x++) {
          const k = kernelIndex[y * width + x]!;
          const off = offsets[k]!;
          const w = ks[k]!.weight;
          const base = rowBase + x;
          let s = 0;
          const n = off.length;
          let t = 0;
          for (; t + 4 <= n; t += 4) {
            s += cur[base + off[t]!]! * w[t]!;
            s += cur[base + off[t + 1]!]! * w[t + 1]!;
            s += cur[base + off[t + 2]!]! * w[t + 2]!;
            s += cur[base + off[t + 3]!]! * w[t + 3]!;
          }
          for (; t < n; t++) s += cur[base + off[t]!]! * w[t]!;
          nxt[base] = s;
        }
      }
    }
}

/** Extra growth iterations at most, for a master still bare in places. */
const MAX_EXTRA_ITERATIONS = 30;
/** Share of the finger with no ridge yet above which growth goes on. */
const BARE_SHARE = 0.01;

/**
 * Whether ridges have not reached part of the finger yet (values still exactly 0) inside the
 * ellipse an impression shows (impression.ts): bare corners outside it never reach a print.
 */
function bare(v: Float32Array, width: number, height: number, pw: number): boolean {
  const ax = width * 0.44;
  const ay = height * 0.47;
  let inside = 0;
  let zero = 0;
  for (let y = 0; y < height; y++) {
    const row = (y + R) * pw + R;
    const ey = (y - height / 2) / ay;
    for (let x = 0; x < width; x++) {
      const ex = (x - width / 2) / ax;
      if (ex * ex + ey * ey > 1) continue;
      inside++;
      if (v[row + x] === 0) zero++;
    }
  }
  return zero > BARE_SHARE * inside;
}

/** Divide by the local mean amplitude (box 2r+1 around each pixel) and clip to [-1, 1]. */
function normaliseAmplitude(v: Float32Array, width: number, height: number, pw: number, pad: number): void {
  const r = 8;
  const W = width + 1;
  const ii = new Float64Array(W * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += Math.abs(v[(y + pad) * pw + x + pad]!);
      ii[(y + 1) * W + x + 1] = ii[y * W + x + 1]! + row;
    }
  }
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const mean =
        (ii[y1 * W + x1]! - ii[y0 * W + x1]! - ii[y1 * W + x0]! + ii[y0 * W + x0]!) / ((x1 - x0) * (y1 - y0));
      const p = (y + pad) * pw + x + pad;
      const s = (1.6 * v[p]!) / (mean + 1e-3);
      v[p] = s > 1 ? 1 : s < -1 ? -1 : s;
    }
  }
}
