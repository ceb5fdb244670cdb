/** Helpers shared by the unit tests: generated fingers (cached per test file) and template transforms. */
import { FingerprintError } from './messages.ts';
import { extract } from './extract/index.ts';
import type { GrayImage } from './image.ts';
import { MinutiaType, type Template } from './template/types.ts';
import {
  generateMaster,
  renderImpression,
  type ImpressionOptions,
  type MasterFinger,
} from './synth/index.ts';
import { Random } from './synth/random.ts';

const masters = new Map<number, MasterFinger>();

export function master(seed: number): MasterFinger {
  let m = masters.get(seed);
  if (!m) {
    m = generateMaster(seed);
    masters.set(seed, m);
  }
  return m;
}

export function impression(seed: number, options: ImpressionOptions = {}): GrayImage {
  return renderImpression(master(seed), { noise: 6, ...options });
}

export function templateOf(seed: number, options: ImpressionOptions = {}): Template {
  return extract(impression(seed, options));
}

/** Rotate (degrees, about (cx, cy)) and translate a template's minutiae. */
export function transformTemplate(t: Template, degrees: number, dx: number, dy: number): Template {
  const a = (degrees * Math.PI) / 180;
  const cx = t.width / 2;
  const cy = t.height / 2;
  return {
    ...t,
    minutiae: t.minutiae.map((m) => ({
      ...m,
      x: Math.cos(a) * (m.x - cx) - Math.sin(a) * (m.y - cy) + cx + dx,
      y: Math.sin(a) * (m.x - cx) + Math.cos(a) * (m.y - cy) + cy + dy,
      angle: (((m.angle + a) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI),
    })),
  };
}

/** A template of uniformly random minutiae (for padding galleries and impostor tests). */
export function randomTemplate(seed: number, count = 40, width = 300, height = 360): Template {
  const rng = new Random(seed);
  return {
    width,
    height,
    dpi: 500,
    quality: 50,
    minutiae: Array.from({ length: count }, () => ({
      x: Math.round(rng.range(20, width - 20)),
      y: Math.round(rng.range(20, height - 20)),
      angle: rng.range(0, 2 * Math.PI),
      type: rng.next() < 0.5 ? MinutiaType.ending : MinutiaType.bifurcation,
      quality: 60,
    })),
  };
}

/** The code of the FingerprintError `fn` throws, 'no error' if none; any other error is rethrown. */
export function errorCode(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof FingerprintError) return error.code;
    throw error;
  }
  return 'no error';
}
