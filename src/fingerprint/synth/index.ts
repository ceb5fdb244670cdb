import type { GrayImage } from '../image.ts';
import { renderImpression, type ImpressionOptions } from './impression.ts';
import { generateMaster, type MasterFinger, type MasterOptions } from './master.ts';
import { Random } from './random.ts';

export { generateMaster, type MasterFinger, type MasterOptions } from './master.ts';
export { renderImpression, type ImpressionOptions } from './impression.ts';
export { Random } from './random.ts';

/**
 * Random impression parameters for scan number `index` of a finger.
 * - `careful` (enrolment, demo, tests): rotation up to ±maxRotation°, translation ±30 px, mild
 *   distortion, pressure and noise, mostly full contact.
 * - `field` (benchmark realism, like FVC2002 volunteers): translation ±60 px so overlap can be small,
 *   strong distortion, dry to wet pressure, more noise, partial contact in 40 % of the scans.
 */
export function randomImpressionOptions(
  seed: number,
  index: number,
  maxRotation = 20,
  profile: 'careful' | 'field' = 'careful',
): ImpressionOptions {
  const rng = new Random(seed * 1009 + index * 7 + 3);
  if (profile === 'field')
    return {
      seed: index + 1,
      rotation: rng.range(-maxRotation, maxRotation),
      dx: rng.range(-70, 70),
      dy: rng.range(-70, 70),
      distortion: rng.range(2, 10),
      pressure: rng.range(-0.9, 0.9),
      noise: rng.range(6, 26),
      contact: rng.next() < 0.5 ? 1 : rng.range(0.5, 0.9),
      dryness: rng.next() < 0.5 ? 0 : rng.range(0.3, 1.2),
    };
  return {
    seed: index + 1,
    rotation: rng.range(-maxRotation, maxRotation),
    dx: rng.range(-30, 30),
    dy: rng.range(-30, 30),
    distortion: rng.range(0, 4),
    pressure: rng.range(-0.5, 0.5),
    noise: rng.range(4, 14),
    contact: rng.next() < 0.8 ? 1 : rng.range(0.7, 1),
  };
}

/** A demo/simulator finger: master from `seed`, impression `index` with random parameters. */
export function syntheticImpression(
  master: MasterFinger,
  index: number,
  overrides: ImpressionOptions = {},
): GrayImage {
  return renderImpression(master, { ...randomImpressionOptions(master.seed, index), ...overrides });
}

/**
 * Demo data and the scanner simulator: `count` careful impressions of the generated finger `seed`
 * (e.g. one seed per demo employee), ready for `extract` and `enrol`.
 */
export function enrolmentImpressions(seed: number, count = 3, options: MasterOptions = {}): GrayImage[] {
  const master = generateMaster(seed, options);
  return Array.from({ length: count }, (_, i) => syntheticImpression(master, i));
}

/** Convenience: master + impression in one call (the master is regenerated each time). */
export function syntheticFinger(seed: number, index = 0, options: MasterOptions = {}): GrayImage {
  return syntheticImpression(generateMaster(seed, options), index);
}
