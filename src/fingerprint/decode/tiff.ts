import { FingerprintError, TARGET_DPI } from '../messages.ts';
import { checkSize, type GrayImage } from '../image.ts';

const TAG = {
  width: 256,
  height: 257,
  bitsPerSample: 258,
  compression: 259,
  photometric: 262,
  stripOffsets: 273,
  samplesPerPixel: 277,
  rowsPerStrip: 278,
  stripByteCounts: 279,
  xResolution: 282,
  planarConfig: 284,
  resolutionUnit: 296,
} as const;

const TYPE_SIZE: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
};

export function isTiff(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    ((bytes[0] === 0x49 && bytes[1] === 0x49 && bytes[2] === 42 && bytes[3] === 0) ||
      (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[2] === 0 && bytes[3] === 42))
  );
}

/** Decode an uncompressed 8-bit greyscale (or 8-bit RGB) baseline TIFF, first image only. */
export function decodeTiff(bytes: Uint8Array, dpiOverride?: number): GrayImage {
  if (!isTiff(bytes)) throw new FingerprintError('unknown-format', 'no TIFF signature');
  if (bytes.length < 8) throw new FingerprintError('truncated', 'TIFF header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const le = bytes[0] === 0x49;
  const u16 = (o: number): number => {
    if (o + 2 > bytes.length) throw new FingerprintError('truncated', `TIFF read at ${o}`);
    return view.getUint16(o, le);
  };
  const u32 = (o: number): number => {
    if (o + 4 > bytes.length) throw new FingerprintError('truncated', `TIFF read at ${o}`);
    return view.getUint32(o, le);
  };
  const ifd = u32(4);
  const count = u16(ifd);
  const tags = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const e = ifd + 2 + i * 12;
    const tag = u16(e);
    const type = u16(e + 2);
    const n = u32(e + 4);
    const size = TYPE_SIZE[type];
    if (size === undefined) continue;
    const total = size * n;
    const at = total <= 4 ? e + 8 : u32(e + 8);
    if (at + total > bytes.length) throw new FingerprintError('truncated', `TIFF tag ${tag} data`);
    const values: number[] = [];
    for (let k = 0; k < Math.min(n, 1 << 16); k++) {
      if (type === 3) values.push(u16(at + k * 2));
      else if (type === 4) values.push(u32(at + k * 4));
      else if (type === 5) {
        const den = u32(at + k * 8 + 4);
        values.push(den === 0 ? 0 : u32(at + k * 8) / den);
      } else if (type === 1 || type === 7) values.push(bytes[at + k] ?? 0);
    }
    tags.set(tag, values);
  }
  const one = (tag: number, fallback?: number): number => {
    const v = tags.get(tag)?.[0] ?? fallback;
    if (v === undefined) throw new FingerprintError('unsupported', `TIFF tag ${tag} missing`);
    return v;
  };
  const width = one(TAG.width);
  const height = one(TAG.height);
  const compression = one(TAG.compression, 1);
  if (compression !== 1) throw new FingerprintError('unsupported', `TIFF compression ${compression}`);
  const spp = one(TAG.samplesPerPixel, 1);
  const bits = tags.get(TAG.bitsPerSample) ?? [8];
  if (bits.some((b) => b !== 8))
    throw new FingerprintError('unsupported', `TIFF ${bits.join(',')} bits per sample`);
  if (spp !== 1 && spp !== 3) throw new FingerprintError('unsupported', `TIFF ${spp} samples per pixel`);
  if (spp === 3 && one(TAG.planarConfig, 1) !== 1) throw new FingerprintError('unsupported', 'planar TIFF');
  const photometric = one(TAG.photometric, 1);
  if (photometric > 2) throw new FingerprintError('unsupported', `TIFF photometric ${photometric}`);
  let dpi = dpiOverride ?? TARGET_DPI;
  if (dpiOverride === undefined && tags.has(TAG.xResolution)) {
    const res = one(TAG.xResolution);
    const unit = one(TAG.resolutionUnit, 2);
    if (res > 0 && unit === 2) dpi = res;
    else if (res > 0 && unit === 3) dpi = res * 2.54;
  }
  const image = { width, height, dpi: Math.round(dpi) };
  checkSize(image);
  const offsets = tags.get(TAG.stripOffsets);
  if (!offsets || offsets.length === 0) throw new FingerprintError('unsupported', 'TIFF without strips');
  const rowBytes = width * spp;
  const rowsPerStrip = Math.min(one(TAG.rowsPerStrip, height), height);
  const counts = tags.get(TAG.stripByteCounts);
  const data = new Uint8Array(width * height);
  let row = 0;
  for (let s = 0; s < offsets.length && row < height; s++) {
    const start = offsets[s] ?? 0;
    const rows = Math.min(rowsPerStrip, height - row);
    const need = rows * rowBytes;
    const have = counts?.[s] ?? need;
    if (have < need || start + need > bytes.length)
      throw new FingerprintError('truncated', `TIFF strip ${s}`);
    for (let r = 0; r < rows; r++, row++) {
      const src = start + r * rowBytes;
      const dst = row * width;
      if (spp === 1) data.set(bytes.subarray(src, src + width), dst);
      else
        for (let x = 0; x < width; x++) {
          const p = src + x * 3;
          data[dst + x] = ((bytes[p] ?? 0) * 77 + (bytes[p + 1] ?? 0) * 150 + (bytes[p + 2] ?? 0) * 29) >> 8;
        }
    }
  }
  if (row < height) throw new FingerprintError('truncated', `TIFF has ${row} of ${height} rows`);
  if (photometric === 0) for (let i = 0; i < data.length; i++) data[i] = 255 - (data[i] ?? 0);
  return { ...image, data };
}

/** Encode an 8-bit greyscale image as an uncompressed TIFF (for fixtures, exports and the simulator). */
export function encodeTiff(image: GrayImage): Uint8Array {
  const entries: [number, number, number][] = [
    [TAG.width, 4, image.width],
    [TAG.height, 4, image.height],
    [TAG.bitsPerSample, 3, 8],
    [TAG.compression, 3, 1],
    [TAG.photometric, 3, 1],
    [TAG.stripOffsets, 4, 0],
    [TAG.samplesPerPixel, 3, 1],
    [TAG.rowsPerStrip, 4, image.height],
    [TAG.stripByteCounts, 4, image.width * image.height],
    [TAG.xResolution, 5, 0],
    [TAG.resolutionUnit, 3, 2],
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const rationalAt = 8 + ifdSize;
  const dataAt = rationalAt + 8;
  const out = new Uint8Array(dataAt + image.width * image.height);
  const view = new DataView(out.buffer);
  out.set([0x49, 0x49, 42, 0]);
  view.setUint32(4, 8, true);
  view.setUint16(8, entries.length, true);
  entries.forEach(([tag, type, value], i) => {
    const e = 10 + i * 12;
    view.setUint16(e, tag, true);
    view.setUint16(e + 2, type, true);
    view.setUint32(e + 4, 1, true);
    if (tag === TAG.stripOffsets) view.setUint32(e + 8, dataAt, true);
    else if (tag === TAG.xResolution) view.setUint32(e + 8, rationalAt, true);
    else if (type === 3) view.setUint16(e + 8, value, true);
    else view.setUint32(e + 8, value, true);
  });
  view.setUint32(rationalAt, Math.round(image.dpi), true);
  view.setUint32(rationalAt + 4, 1, true);
  out.set(image.data.subarray(0, image.width * image.height), dataAt);
  return out;
}
