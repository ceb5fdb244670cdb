import { describe, expect, it } from 'vitest';
import { fromRaw, type GrayImage } from '../image.ts';
import { decodeBase64Image, decodeImage } from './index.ts';
import { decodeBmp, encodeBmp } from './bmp.ts';
import { decodePng, encodePng } from './png.ts';
import { decodeTiff, encodeTiff } from './tiff.ts';
import { errorCode } from '../testing.ts';

function pattern(width = 160, height = 120, dpi = 500): GrayImage {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data[y * width + x] = (x * 7 + y * 3 + ((x * y) % 13)) & 0xff;
  return { width, height, dpi, data };
}

describe('TIFF', () => {
  it('round-trips an 8-bit greyscale image with its resolution', () => {
    const img = pattern(150, 110, 569);
    const out = decodeTiff(encodeTiff(img));
    expect(out).toMatchObject({ width: 150, height: 110, dpi: 569 });
    expect(Buffer.from(out.data).equals(Buffer.from(img.data))).toBe(true);
    expect(decodeImage(encodeTiff(img)).data).toEqual(img.data);
  });

  it('reads big-endian files and WhiteIsZero', () => {
    const img = pattern(100, 100);
    const le = encodeTiff(img);
    // Build the same file big-endian by hand: header + IFD with SHORT/LONG values, data after.
    const be = new Uint8Array(le.length);
    const v = new DataView(be.buffer);
    const lv = new DataView(le.buffer);
    be.set([0x4d, 0x4d, 0, 42]);
    v.setUint32(4, 8);
    const n = lv.getUint16(8, true);
    v.setUint16(8, n);
    for (let i = 0; i < n; i++) {
      const e = 10 + i * 12;
      const tag = lv.getUint16(e, true);
      const type = lv.getUint16(e + 2, true);
      v.setUint16(e, tag);
      v.setUint16(e + 2, type);
      v.setUint32(e + 4, lv.getUint32(e + 4, true));
      if (type === 3) v.setUint16(e + 8, tag === 262 ? 0 : lv.getUint16(e + 8, true));
      else v.setUint32(e + 8, lv.getUint32(e + 8, true));
    }
    const rational = 10 + n * 12 + 4;
    v.setUint32(rational, lv.getUint32(rational, true));
    v.setUint32(rational + 4, lv.getUint32(rational + 4, true));
    be.set(le.subarray(rational + 8), rational + 8);
    const out = decodeTiff(be);
    expect(out.width).toBe(100);
    expect(out.data[5]).toBe(255 - img.data[5]!);
  });

  it('reads images stored in several strips', () => {
    const img = pattern(100, 105);
    const rows = 10;
    const strips = Math.ceil(img.height / rows);
    const tags: [number, number, number, number[]][] = [
      [256, 3, 1, [img.width]],
      [257, 3, 1, [img.height]],
      [258, 3, 1, [8]],
      [259, 3, 1, [1]],
      [262, 3, 1, [1]],
      [273, 4, strips, []],
      [277, 3, 1, [1]],
      [278, 3, 1, [rows]],
      [279, 4, strips, []],
    ];
    const ifd = 8;
    const arrays = ifd + 2 + tags.length * 12 + 4;
    const pixels = arrays + strips * 8;
    const file = new Uint8Array(pixels + img.data.length);
    const v = new DataView(file.buffer);
    file.set([0x49, 0x49, 42, 0]);
    v.setUint32(4, ifd, true);
    v.setUint16(ifd, tags.length, true);
    tags.forEach(([tag, type, count, values], i) => {
      const e = ifd + 2 + i * 12;
      v.setUint16(e, tag, true);
      v.setUint16(e + 2, type, true);
      v.setUint32(e + 4, count, true);
      if (tag === 273) v.setUint32(e + 8, arrays, true);
      else if (tag === 279) v.setUint32(e + 8, arrays + strips * 4, true);
      else v.setUint16(e + 8, values[0]!, true);
    });
    for (let k = 0; k < strips; k++) {
      const n = Math.min(rows, img.height - k * rows) * img.width;
      v.setUint32(arrays + k * 4, pixels + k * rows * img.width, true);
      v.setUint32(arrays + strips * 4 + k * 4, n, true);
    }
    file.set(img.data, pixels);
    const out = decodeTiff(file);
    expect(out.data).toEqual(img.data);
    expect(out.dpi).toBe(500); // no resolution tag: 500 dpi assumed
  });

  it('rejects truncated, compressed and non-TIFF data with typed errors', () => {
    const file = encodeTiff(pattern());
    expect(errorCode(() => decodeTiff(file.subarray(0, file.length - 100)))).toBe('truncated');
    expect(errorCode(() => decodeTiff(file.subarray(0, 20)))).toBe('truncated');
    const lzw = file.slice();
    const v = new DataView(lzw.buffer);
    for (let i = 0; i < v.getUint16(8, true); i++)
      if (v.getUint16(10 + i * 12, true) === 259) v.setUint16(10 + i * 12 + 8, 5, true);
    expect(errorCode(() => decodeTiff(lzw))).toBe('unsupported');
    expect(errorCode(() => decodeImage(new TextEncoder().encode('hello, this is not an image')))).toBe(
      'unknown-format',
    );
    expect(errorCode(() => decodeImage(new Uint8Array(3)))).toBe('truncated');
  });

  it('rejects images too small for a finger', () => {
    expect(errorCode(() => decodeTiff(encodeTiff(pattern(50, 200))))).toBe('too-small');
    // 150 px at 1000 dpi is 75 px at 500 dpi: too small.
    expect(errorCode(() => decodeTiff(encodeTiff(pattern(150, 150, 1000))))).toBe('too-small');
  });
});

describe('BMP', () => {
  it('round-trips 8-bit palette images and reads the resolution', () => {
    const img = pattern(151, 103, 500);
    const out = decodeBmp(encodeBmp(img));
    expect(out).toMatchObject({ width: 151, height: 103, dpi: 500 });
    expect(out.data).toEqual(img.data);
  });

  it('decodes 24-bit top-down BMP to grey', () => {
    const w = 120;
    const h = 100;
    const stride = Math.ceil((w * 3) / 4) * 4;
    const file = new Uint8Array(54 + stride * h);
    const v = new DataView(file.buffer);
    file.set([0x42, 0x4d]);
    v.setUint32(2, file.length, true);
    v.setUint32(10, 54, true);
    v.setUint32(14, 40, true);
    v.setInt32(18, w, true);
    v.setInt32(22, -h, true);
    v.setUint16(26, 1, true);
    v.setUint16(28, 24, true);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) file.set([x, x, x], 54 + y * stride + x * 3);
    file.set([255, 255, 255], 54); // first pixel of the first (top) row white
    const out = decodeBmp(file);
    expect(out.dpi).toBe(500);
    expect(out.data[0]).toBe(255);
    expect(out.data[w * 50 + 77]).toBe(77);
  });

  it('decodes base64 as vendor services send it', () => {
    const img = pattern(110, 110);
    const bytes = encodeBmp(img);
    const b64 = Buffer.from(bytes).toString('base64');
    expect(decodeBase64Image(b64).data).toEqual(img.data);
    expect(decodeBase64Image(`data:image/bmp;base64,${b64}`).width).toBe(110);
    expect(errorCode(() => decodeBase64Image('!!!not base64!!!'))).toBe('unknown-format');
  });

  it('rejects truncated and unsupported BMPs', () => {
    const file = encodeBmp(pattern());
    expect(errorCode(() => decodeBmp(file.subarray(0, file.length - 500)))).toBe('truncated');
    expect(errorCode(() => decodeBmp(file.subarray(0, 30)))).toBe('truncated');
    const rle = file.slice();
    new DataView(rle.buffer).setUint32(30, 1, true);
    expect(errorCode(() => decodeBmp(rle))).toBe('unsupported');
    const bpp = file.slice();
    new DataView(bpp.buffer).setUint16(28, 4, true);
    expect(errorCode(() => decodeBmp(bpp))).toBe('unsupported');
  });
});

describe('PNG', () => {
  it('round-trips greyscale PNG', () => {
    const img = pattern(130, 140);
    const out = decodePng(encodePng(img));
    expect(out).toMatchObject({ width: 130, height: 140, dpi: 500 });
    expect(out.data).toEqual(img.data);
    expect(decodeImage(encodePng(img), 600).dpi).toBe(600);
  });

  it('rejects a truncated PNG with a typed error', () => {
    const file = encodePng(pattern());
    const c = errorCode(() => decodePng(file.subarray(0, file.length >> 1)));
    expect(['truncated', 'unsupported']).toContain(c);
  });
});

describe('raw buffers', () => {
  it('wraps a buffer and checks its size', () => {
    const img = pattern();
    expect(fromRaw(img.data, img.width, img.height, 500).width).toBe(img.width);
    expect(errorCode(() => fromRaw(img.data.subarray(0, 100), img.width, img.height))).toBe('truncated');
    expect(errorCode(() => fromRaw(img.data, 0, 10))).toBe('bad-argument');
    expect(errorCode(() => fromRaw(img.data, img.width, img.height, 20))).toBe('bad-argument');
  });
});
