import { FingerprintError, MAX_MINUTIAE, MIN_MINUTIAE, TARGET_DPI } from '../messages.ts';
import { checkSize, type GrayImage } from '../image.ts';
import type { Template } from '../template/types.ts';
import { computeFields, type Fields } from './field.ts';
import { gaborEnhance } from './enhance.ts';
import { findMinutiae } from './minutiae.ts';
import { toTargetDpi } from './resample.ts';
import { binarize, removeSmall, thin } from './skeleton.ts';

export interface ExtractOptions {
  /** Accept templates with fewer than MIN_MINUTIAE minutiae instead of throwing. */
  allowFew?: boolean;
}

export interface ExtractDebug {
  fields: Fields;
  enhanced: Float32Array;
  skeleton: Uint8Array;
  image: GrayImage;
}

/** Extract a minutiae template from a greyscale image (any dpi; rescaled to 500 dpi). */
export function extract(image: GrayImage, options: ExtractOptions = {}): Template {
  return extractWithDebug(image, options).template;
}

export function extractWithDebug(
  input: GrayImage,
  options: ExtractOptions = {},
): { template: Template; debug: ExtractDebug } {
  checkSize(input);
  if (input.data.length < input.width * input.height) throw new FingerprintError('truncated', 'pixel buffer');
  const image = toTargetDpi(input);
  const { width: w, height: h } = image;
  const fields = computeFields(image.data, w, h);
  let fg = 0;
  for (let i = 0; i < fields.blockMask.length; i++) fg += fields.blockMask[i]!;
  const area = fg * 64;
  if (fields.contrast < 6 || area < 60 * 60) {
    throw new FingerprintError(
      'blank-image',
      `foreground ${area} px, contrast ${fields.contrast.toFixed(1)}`,
    );
  }
  const enhanced = gaborEnhance(fields);
  const skeleton = binarize(enhanced, fields.mask);
  removeSmall(skeleton, w, h, 1, 20);
  removeSmall(skeleton, w, h, 0, 20);
  thin(skeleton, w, h);
  let minutiae = findMinutiae(skeleton, fields);
  if (minutiae.length > MAX_MINUTIAE) {
    minutiae = minutiae
      .map((m, i) => ({ m, i }))
      .sort((a, b) => b.m.quality - a.m.quality || a.i - b.i)
      .slice(0, MAX_MINUTIAE)
      .sort((a, b) => a.i - b.i)
      .map((e) => e.m);
  }
  if (minutiae.length < MIN_MINUTIAE && !options.allowFew) {
    throw new FingerprintError('too-few-minutiae', `${minutiae.length} found`);
  }
  let coh = 0;
  for (let k = 0; k < fields.blockMask.length; k++) if (fields.blockMask[k]) coh += fields.coherence[k]!;
  const meanCoherence = fg ? coh / fg : 0;
  const areaScore = Math.min(1, area / (250 * 250));
  const countScore = Math.min(1, minutiae.length / 30);
  const quality = Math.round(
    100 * Math.min(1, meanCoherence * 1.4) * (0.4 + 0.3 * areaScore + 0.3 * countScore),
  );
  return {
    template: { width: w, height: h, dpi: TARGET_DPI, quality, minutiae },
    debug: { fields, enhanced, skeleton, image },
  };
}
