import { FingerprintError, TARGET_DPI } from '../messages.ts';
import { clampInt } from './binary.ts';
import { MinutiaType, type Minutia, type Template } from './types.ts';

/**
 * ISO/IEC 19794-2:2005 finger minutiae record (big-endian):
 * header 24 bytes: 'FMR\0', ' 20\0', u32 record length, u16 capture equipment (4 bits certification,
 * 12 bits device type), u16 width, u16 height, u16 x and y resolution (pixels per cm), u8 finger views,
 * u8 reserved. Per view: u8 finger position, u8 view number (4 bits) and impression type (4 bits),
 * u8 quality, u8 minutia count, then 6 bytes per minutia (2-bit type + 14-bit x, 2 reserved bits +
 * 14-bit y, u8 angle in units of 1.40625° counter-clockwise, u8 quality), then u16 extended data length
 * (and that many bytes).
 *
 * ISO angles are counter-clockwise with y up; ours are atan2(dy, dx) with y down, so θ_iso = 2π − θ.
 */
const HEADER = 24;
const PX_PER_CM_500DPI = 197;

export interface IsoOptions {
  fingerPosition?: number;
  impressionType?: number;
}

export function toIso(t: Template, options: IsoOptions = {}): Uint8Array {
  const ms = t.minutiae.slice(0, 255);
  const length = HEADER + 4 + ms.length * 6 + 2;
  const out = new Uint8Array(length);
  const v = new DataView(out.buffer);
  out.set([0x46, 0x4d, 0x52, 0, 0x20, 0x32, 0x30, 0]);
  v.setUint32(8, length);
  v.setUint16(12, 0);
  v.setUint16(14, clampInt(t.width, 0, 0xffff));
  v.setUint16(16, clampInt(t.height, 0, 0xffff));
  const res = Math.round(t.dpi / 2.54) || PX_PER_CM_500DPI;
  v.setUint16(18, res);
  v.setUint16(20, res);
  out[22] = 1;
  out[23] = 0;
  out[24] = clampInt(options.fingerPosition ?? 0, 0, 10);
  out[25] = clampInt(options.impressionType ?? 0, 0, 15);
  out[26] = clampInt(t.quality, 0, 100);
  out[27] = ms.length;
  ms.forEach((m, i) => {
    const o = HEADER + 4 + i * 6;
    const type = m.type === MinutiaType.ending ? 1 : m.type === MinutiaType.bifurcation ? 2 : 0;
    v.setUint16(o, (type << 14) | clampInt(m.x, 0, 0x3fff));
    v.setUint16(o + 2, clampInt(m.y, 0, 0x3fff));
    const a = 2 * Math.PI - (((m.angle % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI));
    out[o + 4] = Math.round((a / (2 * Math.PI)) * 256) & 0xff;
    out[o + 5] = clampInt(m.quality, 0, 100);
  });
  v.setUint16(length - 2, 0);
  return out;
}

/** Parse an ISO 19794-2:2005 record (first finger view), rescaled to 500 dpi. */
export function fromIso(bytes: Uint8Array): Template {
  const fail = (detail: string): never => {
    throw new FingerprintError('corrupt-template', `ISO 19794-2: ${detail}`);
  };
  if (bytes.length < HEADER + 4) fail(`only ${bytes.length} bytes`);
  if (bytes[0] !== 0x46 || bytes[1] !== 0x4d || bytes[2] !== 0x52 || bytes[3] !== 0)
    fail('missing FMR header');
  if (bytes[4] !== 0x20 || bytes[5] !== 0x32 || bytes[6] !== 0x30 || bytes[7] !== 0)
    fail('version is not 2005 ( 20)');
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = v.getUint32(8);
  if (length > bytes.length) fail(`record length ${length} but only ${bytes.length} bytes`);
  const width = v.getUint16(14);
  const height = v.getUint16(16);
  const xres = v.getUint16(18) || PX_PER_CM_500DPI;
  const yres = v.getUint16(20) || PX_PER_CM_500DPI;
  const views = bytes[22]!;
  if (views < 1) fail('no finger view');
  const quality = bytes[26]!;
  const count = bytes[27]!;
  const end = HEADER + 4 + count * 6;
  if (end + 2 > length) fail(`${count} minutiae do not fit in ${length} bytes`);
  const sx = PX_PER_CM_500DPI / xres;
  const sy = PX_PER_CM_500DPI / yres;
  const minutiae: Minutia[] = [];
  for (let i = 0; i < count; i++) {
    const o = HEADER + 4 + i * 6;
    const tx = v.getUint16(o);
    const ty = v.getUint16(o + 2);
    const code = tx >> 14;
    const x = tx & 0x3fff;
    const y = ty & 0x3fff;
    if ((width && x >= width + 2) || (height && y >= height + 2)) fail(`minutia ${i} outside the image`);
    const angle = (2 * Math.PI - (bytes[o + 4]! * 2 * Math.PI) / 256) % (2 * Math.PI);
    minutiae.push({
      x: Math.round(x * sx),
      y: Math.round(y * sy),
      angle,
      type: code === 1 ? MinutiaType.ending : code === 2 ? MinutiaType.bifurcation : MinutiaType.other,
      quality: bytes[o + 5]!,
    });
  }
  const ext = v.getUint16(end);
  if (end + 2 + ext > length) fail('extended data overruns the record');
  return {
    width: Math.round(width * sx),
    height: Math.round(height * sy),
    dpi: TARGET_DPI,
    quality: Math.min(100, quality),
    minutiae,
  };
}
