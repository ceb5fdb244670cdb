import type { GrayImage } from '../image.ts';
import { TARGET_DPI } from '../messages.ts';
import type { MasterFinger } from './master.ts';
import { windowMean } from '../window.ts';
import { Random, SmoothField } from './random.ts';

export interface ImpressionOptions {
  /** Rotation in degrees (positive = clockwise on screen). */
  rotation?: number;
  /** Translation in pixels. */
  dx?: number;
  dy?: number;
  /** Elastic distortion amplitude in pixels (0 = rigid). */
  distortion?: number;
  /** Pressure: −1 dry/light (thin, broken ridges) … 1 wet/heavy (thick ridges). */
  pressure?: number;
  /** Noise standard deviation in grey levels. */
  noise?: number;
  /** Dry or damaged skin, 0–1: fine-grained breaks and pores in the ridges. */
  dryness?: number;
  /** Fraction of the finger area in contact, 0.4–1 (partial contact cuts the print). */
  contact?: number;
  /** Output size (defaults to the master's). */
  width?: number;
  height?: number;
  /** Seed of the impression's random parts (noise, contact shape, distortion field). */
  seed?: number;
}

/** Render one scan of a master finger. Deterministic for a given master and options. */
export function renderImpression(master: MasterFinger, options: ImpressionOptions = {}): GrayImage {
  const rng = new Random((options.seed ?? 1) * 7919 + master.seed);
  const width = options.width ?? master.width;
  const height = options.height ?? master.height;
  const rot = ((options.rotation ?? 0) * Math.PI) / 180;
  const tx = options.dx ?? 0;
  const ty = options.dy ?? 0;
  const distortion = options.distortion ?? 0;
  const pressure = options.pressure ?? 0;
  const noise = options.noise ?? 8;
  const dryness = options.dryness ?? 0;
  const contact = Math.max(0.3, Math.min(1, options.contact ?? 1));
  const fieldX = new SmoothField(rng, 260, 3);
  const fieldY = new SmoothField(rng, 260, 3);
  const blotch = new SmoothField(rng, 70, 5);
  const edge = new SmoothField(rng, 60, 4);
  const cut = rng.range(0, 2 * Math.PI);
  const cosR = Math.cos(rot);
  const sinR = Math.sin(rot);
  const mcx = master.width / 2;
  const mcy = master.height / 2;
  const ocx = width / 2;
  const ocy = height / 2;
  // Finger contact ellipse in master coordinates.
  const ax = master.width * 0.44;
  const ay = master.height * 0.47;
  const data = new Uint8Array(width * height);
  const ink = new Float32Array(width * height);
  const speckle = dryness > 0 ? speckleField(rng, width, height) : undefined;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      // Output → master: undo translation and rotation about the centre, then the elastic field.
      const ux = x - ocx - tx;
      const uy = y - ocy - ty;
      let mx = cosR * ux + sinR * uy + mcx;
      let my = -sinR * ux + cosR * uy + mcy;
      const rr = Math.hypot((mx - mcx) / ax, (my - mcy) / ay);
      mx += distortion * fieldX.at(mx, my) * Math.min(1, rr);
      my += distortion * fieldY.at(mx, my) * Math.min(1, rr);
      const ex = (mx - mcx) / ax;
      const ey = (my - mcy) / ay;
      let inside = 1 - Math.hypot(ex, ey) + 0.04 * edge.at(mx, my);
      if (contact < 1) {
        const along = ex * Math.cos(cut) + ey * Math.sin(cut);
        inside = Math.min(inside, 1 - 2 * (1 - contact) - along);
      }
      if (inside <= 0 || mx < 1 || my < 1 || mx >= master.width - 2 || my >= master.height - 2) continue;
      const x0 = Math.floor(mx);
      const y0 = Math.floor(my);
      const fx = mx - x0;
      const fy = my - y0;
      const r = master.ridges;
      const W = master.width;
      const v =
        (r[y0 * W + x0]! * (1 - fx) + r[y0 * W + x0 + 1]! * fx) * (1 - fy) +
        (r[(y0 + 1) * W + x0]! * (1 - fx) + r[(y0 + 1) * W + x0 + 1]! * fx) * fy;
      const edgeFade = Math.min(1, inside / 0.08);
      const local = pressure + 0.25 * blotch.at(x, y);
      const t = -v + 0.35 * local - (speckle ? dryness * Math.max(0, speckle[y * width + x]!) : 0);
      ink[y * width + x] = edgeFade / (1 + Math.exp(-6 * t));
    }
  // Slight blur (3×3) of the ink, as the optics of a scanner.
  const optics = { radius: 1, centreWeight: 4 };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const g = 245 - 200 * windowMean(ink, width, height, x, y, optics) + noise * rng.gaussian();
      data[y * width + x] = g < 0 ? 0 : g > 255 ? 255 : Math.round(g);
    }
  return { width, height, dpi: TARGET_DPI, data };
}

const GRAIN = { radius: 1 };

/** Smoothed white noise (about 3 px grain), unit deviation. */
function speckleField(rng: Random, width: number, height: number): Float32Array {
  let a = new Float32Array(width * height);
  for (let i = 0; i < a.length; i++) a[i] = rng.gaussian();
  for (let pass = 0; pass < 2; pass++) {
    const b = new Float32Array(a.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) b[y * width + x] = windowMean(a, width, height, x, y, GRAIN);
    a = b;
  }
  let v = 0;
  for (let i = 0; i < a.length; i++) v += a[i]! * a[i]!;
  const sd = Math.sqrt(v / a.length) || 1;
  for (let i = 0; i < a.length; i++) a[i] = a[i]! / sd;
  return a;
}
