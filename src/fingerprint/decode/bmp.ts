import { FingerprintError, TARGET_DPI } from '../messages.ts';
import { checkSize, type GrayImage } from '../image.ts';

export function isBmp(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x42 && bytes[1] === 0x4d;
}

/** Decode an uncompressed BMP (8-bit palette, 24-bit or 32-bit) to greyscale. */
export function decodeBmp(bytes: Uint8Array, dpiOverride?: number): GrayImage {
  if (!isBmp(bytes)) throw new FingerprintError('unknown-format', 'no BMP signature');
  if (bytes.length < 54) throw new FingerprintError('truncated', 'BMP header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pixelOffset = view.getUint32(10, true);
  const dibSize = view.getUint32(14, true);
  if (dibSize < 40) throw new FingerprintError('unsupported', `BMP header size ${dibSize}`);
  if (14 + dibSize > bytes.length) throw new FingerprintError('truncated', 'BMP info header');
  const width = view.getInt32(18, true);
  const rawHeight = view.getInt32(22, true);
  const bpp = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  const ppm = view.getInt32(38, true);
  const colorsUsed = view.getUint32(46, true);
  if (width <= 0 || rawHeight === 0)
    throw new FingerprintError('unsupported', `BMP size ${width}×${rawHeight}`);
  if (bpp !== 8 && bpp !== 24 && bpp !== 32)
    throw new FingerprintError('unsupported', `BMP ${bpp} bits per pixel`);
  if (compression !== 0 && !(compression === 3 && bpp === 32)) {
    throw new FingerprintError('unsupported', `BMP compression ${compression}`);
  }
  const height = Math.abs(rawHeight);
  const topDown = rawHeight < 0;
  const dpi = dpiOverride ?? (ppm > 0 ? Math.round(ppm * 0.0254) : TARGET_DPI);
  checkSize({ width, height, dpi });
  let palette: Uint8Array | undefined;
  if (bpp === 8) {
    const n = colorsUsed === 0 ? 256 : Math.min(colorsUsed, 256);
    const at = 14 + dibSize;
    if (at + n * 4 > bytes.length) throw new FingerprintError('truncated', 'BMP palette');
    palette = new Uint8Array(256);
    for (let i = 0; i < n; i++) {
      const b = bytes[at + i * 4] ?? 0;
      const g = bytes[at + i * 4 + 1] ?? 0;
      const r = bytes[at + i * 4 + 2] ?? 0;
      palette[i] = (r * 77 + g * 150 + b * 29) >> 8;
    }
  }
  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (pixelOffset + stride * (height - 1) + Math.ceil((width * bpp) / 8) > bytes.length) {
    throw new FingerprintError('truncated', `BMP pixel data: ${bytes.length} bytes`);
  }
  const data = new Uint8Array(width * height);
  const step = bpp / 8;
  for (let y = 0; y < height; y++) {
    const src = pixelOffset + (topDown ? y : height - 1 - y) * stride;
    const dst = y * width;
    if (palette) for (let x = 0; x < width; x++) data[dst + x] = palette[bytes[src + x] ?? 0] ?? 0;
    else
      for (let x = 0; x < width; x++) {
        const p = src + x * step;
        data[dst + x] = ((bytes[p] ?? 0) * 29 + (bytes[p + 1] ?? 0) * 150 + (bytes[p + 2] ?? 0) * 77) >> 8;
      }
  }
  return { width, height, dpi, data };
}

/** Encode a greyscale image as an 8-bit BMP with a grey palette (bottom-up, as most scanners send). */
export function encodeBmp(image: GrayImage): Uint8Array {
  const stride = Math.ceil(image.width / 4) * 4;
  const pixelOffset = 14 + 40 + 256 * 4;
  const out = new Uint8Array(pixelOffset + stride * image.height);
  const view = new DataView(out.buffer);
  out[0] = 0x42;
  out[1] = 0x4d;
  view.setUint32(2, out.length, true);
  view.setUint32(10, pixelOffset, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, image.width, true);
  view.setInt32(22, image.height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 8, true);
  view.setUint32(34, stride * image.height, true);
  const ppm = Math.round(image.dpi / 0.0254);
  view.setInt32(38, ppm, true);
  view.setInt32(42, ppm, true);
  view.setUint32(46, 256, true);
  for (let i = 0; i < 256; i++) out.set([i, i, i, 0], 54 + i * 4);
  for (let y = 0; y < image.height; y++) {
    const row = image.data.subarray(y * image.width, (y + 1) * image.width);
    out.set(row, pixelOffset + (image.height - 1 - y) * stride);
  }
  return out;
}
