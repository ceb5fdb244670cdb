import { describe, expect, it } from 'vitest';
import { MATCH_THRESHOLD, MIN_MINUTIAE } from '../messages.ts';
import type { GrayImage } from '../image.ts';
import { compare } from '../match/index.ts';
import { impression, errorCode } from '../testing.ts';
import { MinutiaType } from '../template/types.ts';
import { extract, extractWithDebug } from './index.ts';
import { toTargetDpi } from './resample.ts';
import { crossingNumber, thin } from './skeleton.ts';

/** Bilinear upscale to simulate a scanner at another resolution. */
function rescale(img: GrayImage, factor: number): GrayImage {
  const width = Math.round(img.width * factor);
  const height = Math.round(img.height * factor);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = Math.min(img.width - 1, x / factor);
      const sy = Math.min(img.height - 1, y / factor);
      data[y * width + x] = img.data[Math.floor(sy) * img.width + Math.floor(sx)]!;
    }
  return { width, height, dpi: img.dpi * factor, data };
}

describe('thinning and crossing numbers', () => {
  it('thins a thick bar to a one-pixel line with two endings', () => {
    const w = 40;
    const h = 20;
    const img = new Uint8Array(w * h);
    for (let y = 7; y < 13; y++) for (let x = 5; x < 35; x++) img[y * w + x] = 1;
    thin(img, w, h);
    let pixels = 0;
    let endings = 0;
    for (let p = 0; p < img.length; p++)
      if (img[p]) {
        pixels++;
        if (crossingNumber(img, w, p) === 1) endings++;
      }
    expect(pixels).toBeGreaterThan(15);
    expect(pixels).toBeLessThan(35);
    expect(endings).toBe(2);
  });
});

describe('extraction', () => {
  it('finds a plausible number of minutiae with directions and a quality on a generated finger', () => {
    const { template, debug } = extractWithDebug(impression(11));
    expect(template.minutiae.length).toBeGreaterThanOrEqual(MIN_MINUTIAE * 2);
    expect(template.minutiae.length).toBeLessThanOrEqual(100);
    expect(template.quality).toBeGreaterThan(40);
    expect(template.dpi).toBe(500);
    const types = new Set(template.minutiae.map((m) => m.type));
    expect(types.has(MinutiaType.ending) && types.has(MinutiaType.bifurcation)).toBe(true);
    for (const m of template.minutiae) {
      expect(debug.fields.mask[m.y * template.width + m.x]).toBe(1);
      expect(m.angle).toBeGreaterThanOrEqual(0);
      expect(m.angle).toBeLessThan(2 * Math.PI);
    }
  });

  it('is deterministic', () => {
    const img = impression(11, { seed: 2 });
    expect(extract(img)).toEqual(extract(img));
  });

  it('rescales other resolutions to 500 dpi (same finger still matches)', () => {
    const img = impression(12);
    const big = rescale(img, 1.4); // 700 dpi
    expect(toTargetDpi(big).width).toBe(img.width);
    const a = extract(img);
    const b = extract(big);
    expect(b.width).toBe(a.width);
    expect(compare(a, b)).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });

  it('rejects blank and uniform images', () => {
    const blank = { width: 300, height: 300, dpi: 500, data: new Uint8Array(300 * 300).fill(250) };
    expect(errorCode(() => extract(blank))).toBe('blank-image');
    const noise = new Uint8Array(300 * 300);
    let s = 1;
    for (let i = 0; i < noise.length; i++) {
      s = (s * 1103515245 + 12345) >>> 0;
      noise[i] = 120 + ((s >>> 16) % 10);
    }
    expect(['blank-image', 'too-few-minutiae']).toContain(
      errorCode(() => extract({ ...blank, data: noise })),
    );
  });
});
