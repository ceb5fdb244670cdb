import { FingerprintError } from '../messages.ts';
import type { GrayImage } from '../image.ts';
import { decodeBmp, isBmp } from './bmp.ts';
import { decodePng, isPng } from './png.ts';
import { decodeTiff, isTiff } from './tiff.ts';

export { decodeBmp, encodeBmp } from './bmp.ts';
export { decodePng, encodePng } from './png.ts';
export { decodeTiff, encodeTiff } from './tiff.ts';
export { fromRaw } from '../image.ts';

/** Decode an image file by its signature (TIFF, BMP or PNG). `dpi` overrides the file's resolution. */
export function decodeImage(bytes: Uint8Array, dpi?: number): GrayImage {
  if (!(bytes instanceof Uint8Array)) throw new FingerprintError('bad-argument', 'expected a Uint8Array');
  if (bytes.length < 8) throw new FingerprintError('truncated', `only ${bytes.length} bytes`);
  if (isTiff(bytes)) return decodeTiff(bytes, dpi);
  if (isBmp(bytes)) return decodeBmp(bytes, dpi);
  if (isPng(bytes)) return decodePng(bytes, dpi);
  throw new FingerprintError('unknown-format');
}

/** Decode a base64 image, as vendor capture services return it (e.g. SecuGen `BMPBase64`). */
export function decodeBase64Image(base64: string, dpi?: number): GrayImage {
  const clean = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw new FingerprintError('unknown-format', 'invalid base64');
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return decodeImage(bytes, dpi);
}
