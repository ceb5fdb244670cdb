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
  // Each parameter's field value beside its careful one. The draws keep this order: a seed's
  // impressions stay the ones the tests and benchmarks know.
  const field = profile === 'field';
  const shift = field ? 70 : 30;
  const options: ImpressionOptions = {
    seed: index + 1,
    rotation: rng.range(-maxRotation, maxRotation),
    dx: rng.range(-shift, shift),
    dy: rng.range(-shift, shift),
    distortion: field ? rng.range(2, 10) : rng.range(0, 4),
    pressure: field ? rng.range(-0.9, 0.9) : rng.range(-0.5, 0.5),
    noise: field ? rng.range(6, 26) : rng.range(4, 14),
    contact: rng.next() < (field ? 0.5 : 0.8) ? 1 : field ? rng.range(0.5, 0.9) : rng.range(0.7, 1),
  };
  if (field) options.dryness = rng.next() < 0.5 ? 0 : rng.range(0.3, 1.2);
  return options;
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
