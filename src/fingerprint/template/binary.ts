import { FingerprintError } from '../messages.ts';
import { crc32 } from './crc32.ts';
import { MinutiaType, type Minutia, type Template } from './types.ts';

/**
 * Our compact template format, version 1 (all integers big-endian):
 *
 *   0  'F' 'P'         magic
 *   2  u8  version     1
 *   3  u8  flags       0
 *   4  u16 width, u16 height, u16 dpi (of the coordinates)
 *  10  u8  quality (0–100), u8 minutia count (≤ 255)
 *  12  per minutia, 6 bytes: u16 (type << 14 | x), u16 y, u8 angle (units of 2π/256), u8 quality
 *  12+6n  u32 CRC-32 of all previous bytes
 */
export const TEMPLATE_MAGIC = [0x46, 0x50] as const;
export const TEMPLATE_VERSION = 1;
const HEADER = 12;
const PER_MINUTIA = 6;

const ANGLE_UNIT = (2 * Math.PI) / 256;

export function encodeTemplate(t: Template): Uint8Array {
  const ms = t.minutiae.slice(0, 255);
  const out = new Uint8Array(HEADER + ms.length * PER_MINUTIA + 4);
  const v = new DataView(out.buffer);
  out[0] = TEMPLATE_MAGIC[0];
  out[1] = TEMPLATE_MAGIC[1];
  out[2] = TEMPLATE_VERSION;
  out[3] = 0;
  v.setUint16(4, clampInt(t.width, 0, 0xffff));
  v.setUint16(6, clampInt(t.height, 0, 0xffff));
  v.setUint16(8, clampInt(t.dpi, 0, 0xffff));
  out[10] = clampInt(t.quality, 0, 100);
  out[11] = ms.length;
  ms.forEach((m, i) => {
    const o = HEADER + i * PER_MINUTIA;
    v.setUint16(o, ((m.type & 3) << 14) | clampInt(m.x, 0, 0x3fff));
    v.setUint16(o + 2, clampInt(m.y, 0, 0x3fff));
    out[o + 4] = angleToByte(m.angle);
    out[o + 5] = clampInt(m.quality, 0, 100);
  });
  v.setUint32(out.length - 4, crc32(out.subarray(0, out.length - 4)));
  return out;
}

export function decodeTemplate(bytes: Uint8Array): Template {
  if (!(bytes instanceof Uint8Array)) throw new FingerprintError('bad-argument', 'expected a Uint8Array');
  if (bytes.length < HEADER + 4) throw new FingerprintError('corrupt-template', `only ${bytes.length} bytes`);
  if (bytes[0] !== TEMPLATE_MAGIC[0] || bytes[1] !== TEMPLATE_MAGIC[1]) {
    throw new FingerprintError('corrupt-template', 'not a template (bad magic)');
  }
  if (bytes[2] !== TEMPLATE_VERSION)
    throw new FingerprintError('corrupt-template', `unknown version ${bytes[2]}`);
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = bytes[11]!;
  const expected = HEADER + count * PER_MINUTIA + 4;
  if (bytes.length !== expected) {
    throw new FingerprintError('corrupt-template', `length ${bytes.length}, expected ${expected}`);
  }
  if (v.getUint32(expected - 4) !== crc32(bytes.subarray(0, expected - 4))) {
    throw new FingerprintError('corrupt-template', 'checksum mismatch');
  }
  const minutiae: Minutia[] = [];
  for (let i = 0; i < count; i++) {
    const o = HEADER + i * PER_MINUTIA;
    const tx = v.getUint16(o);
    const type = (tx >> 14) as MinutiaType;
    if (type > MinutiaType.bifurcation) throw new FingerprintError('corrupt-template', `minutia ${i} type`);
    minutiae.push({
      x: tx & 0x3fff,
      y: v.getUint16(o + 2) & 0x3fff,
      angle: byteToAngle(bytes[o + 4]!),
      type,
      quality: bytes[o + 5]!,
    });
  }
  return {
    width: v.getUint16(4),
    height: v.getUint16(6),
    dpi: v.getUint16(8),
    quality: bytes[10]!,
    minutiae,
  };
}

export function angleToByte(angle: number): number {
  const a = ((angle % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  return Math.round(a / ANGLE_UNIT) & 0xff;
}

export function byteToAngle(b: number): number {
  return b * ANGLE_UNIT;
}

export function clampInt(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, Math.round(v)));
}

/** Base64 of the binary template (what a JSON API or the database text column carries). */
export function templateToBase64(t: Template): string {
  let s = '';
  for (const b of encodeTemplate(t)) s += String.fromCharCode(b);
  return btoa(s);
}

export function templateFromBase64(base64: string): Template {
  let binary: string;
  try {
    binary = atob(base64.trim());
  } catch {
    throw new FingerprintError('corrupt-template', 'invalid base64');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return decodeTemplate(bytes);
}
