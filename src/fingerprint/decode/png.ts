import { decode, encode, hasPngSignature } from 'fast-png';
import { FingerprintError, TARGET_DPI } from '../messages.ts';
import { checkSize, type GrayImage } from '../image.ts';

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && hasPngSignature(bytes);
}

/** Decode a PNG (grey, grey+alpha, RGB, RGBA, palette; 8 or 16 bits) to 8-bit greyscale. */
export function decodePng(bytes: Uint8Array, dpiOverride?: number): GrayImage {
  if (!isPng(bytes)) throw new FingerprintError('unknown-format', 'no PNG signature');
  let png;
  try {
    png = decode(bytes);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    throw new FingerprintError(
      /end of|out of|offset|bounds|range/i.test(text) ? 'truncated' : 'unsupported',
      text,
    );
  }
  const { width, height, channels, depth } = png;
  let dpi = dpiOverride ?? TARGET_DPI;
  if (dpiOverride === undefined && png.resolution && png.resolution.unit === 1 && png.resolution.x > 0) {
    dpi = Math.round(png.resolution.x * 0.0254);
  }
  checkSize({ width, height, dpi });
  const src = png.data;
  const shift = depth === 16 ? 8 : 0;
  const data = new Uint8Array(width * height);
  const expected = width * height * channels;
  if (src.length < expected && !png.palette) throw new FingerprintError('truncated', 'PNG pixel data');
  if (png.palette) {
    const lut = png.palette.map((c) => ((c[0] ?? 0) * 77 + (c[1] ?? 0) * 150 + (c[2] ?? 0) * 29) >> 8);
    // Indexed data is unpacked to one index per sample by fast-png for depth 8; other depths are packed.
    if (depth !== 8) throw new FingerprintError('unsupported', `PNG palette depth ${depth}`);
    for (let i = 0; i < width * height; i++) data[i] = lut[src[i] ?? 0] ?? 0;
  } else if (depth < 8) {
    throw new FingerprintError('unsupported', `PNG ${depth}-bit`);
  } else if (channels <= 2) {
    for (let i = 0; i < width * height; i++) data[i] = (src[i * channels] ?? 0) >> shift;
  } else {
    for (let i = 0; i < width * height; i++) {
      const p = i * channels;
      data[i] =
        (((src[p] ?? 0) >> shift) * 77 +
          ((src[p + 1] ?? 0) >> shift) * 150 +
          ((src[p + 2] ?? 0) >> shift) * 29) >>
        8;
    }
  }
  return { width, height, dpi, data };
}

export function encodePng(image: GrayImage): Uint8Array {
  return encode({ width: image.width, height: image.height, data: image.data, channels: 1, depth: 8 });
}
