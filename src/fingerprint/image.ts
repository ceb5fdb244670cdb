import { FingerprintError, MAX_IMAGE_SIDE, MIN_IMAGE_SIDE, TARGET_DPI } from './messages.ts';

/** An 8-bit greyscale image, row-major, 0 = black (ridges are dark). */
export interface GrayImage {
  width: number;
  height: number;
  /** Resolution in dots per inch. */
  dpi: number;
  data: Uint8Array;
}

/** Wrap a raw greyscale buffer (one byte per pixel, row-major, 0 = black). */
export function fromRaw(
  data: Uint8Array,
  width: number,
  height: number,
  dpi: number = TARGET_DPI,
): GrayImage {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new FingerprintError(
      'bad-argument',
      `width and height must be positive integers, got ${width}×${height}`,
    );
  }
  if (!(dpi >= 100 && dpi <= 2000))
    throw new FingerprintError('bad-argument', `dpi ${dpi} out of range 100–2000`);
  if (data.length < width * height) {
    throw new FingerprintError(
      'truncated',
      `raw buffer has ${data.length} bytes, expected ${width * height}`,
    );
  }
  const image = {
    width,
    height,
    dpi,
    data: data.length === width * height ? data : data.subarray(0, width * height),
  };
  checkSize(image);
  return image;
}

export function checkSize(image: { width: number; height: number; dpi: number }): void {
  if (image.width > MAX_IMAGE_SIDE || image.height > MAX_IMAGE_SIDE) {
    throw new FingerprintError('too-large', `${image.width}×${image.height}`);
  }
  const scale = TARGET_DPI / image.dpi;
  if (image.width * scale < MIN_IMAGE_SIDE || image.height * scale < MIN_IMAGE_SIDE) {
    throw new FingerprintError(
      'too-small',
      `${image.width}×${image.height} at ${image.dpi} dpi, need ${MIN_IMAGE_SIDE} px at 500 dpi`,
    );
  }
}
