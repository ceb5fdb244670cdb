import { TARGET_DPI } from '../messages.ts';
import type { GrayImage } from '../image.ts';

/** Rescale an image to 500 dpi (bilinear; box-averaged first when shrinking by more than 1.5×). */
export function toTargetDpi(image: GrayImage): GrayImage {
  if (Math.abs(image.dpi - TARGET_DPI) < 5) return image;
  const scale = TARGET_DPI / image.dpi;
  let src = image;
  while (src.width * scale < src.width / 1.5) src = halve(src);
  const s = TARGET_DPI / src.dpi;
  const width = Math.max(1, Math.round(src.width * s));
  const height = Math.max(1, Math.round(src.height * s));
  const out = new Uint8Array(width * height);
  const sw = src.width;
  const sh = src.height;
  const d = src.data;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + 0.5) / s - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(sh - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) / s - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(sw - 1, x0 + 1);
      const wx = fx - x0;
      const a = d[y0 * sw + x0]! * (1 - wx) + d[y0 * sw + x1]! * wx;
      const b = d[y1 * sw + x0]! * (1 - wx) + d[y1 * sw + x1]! * wx;
      out[y * width + x] = Math.round(a * (1 - wy) + b * wy);
    }
  }
  return { width, height, dpi: TARGET_DPI, data: out };
}

function halve(image: GrayImage): GrayImage {
  const width = Math.floor(image.width / 2);
  const height = Math.floor(image.height / 2);
  const out = new Uint8Array(width * height);
  const w = image.width;
  const d = image.data;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = 2 * y * w + 2 * x;
      out[y * width + x] = (d[p]! + d[p + 1]! + d[p + w]! + d[p + w + 1]! + 2) >> 2;
    }
  return { width, height, dpi: image.dpi / 2, data: out };
}
