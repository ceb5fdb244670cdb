import { FingerprintError } from '../messages.ts';
import { crc32 } from './crc32.ts';
import { decodeTemplate } from './binary.ts';
import { fromIso } from './iso.ts';
import type { Template } from './types.ts';

/**
 * What a finger's enrolment row stores (`biometric_enrolments.template` and `template_format`).
 *
 * An enrolment is made of three impressions; keeping all three (rather than the best one) lets a
 * later press be compared with each, so a press that lands on a part of the finger one impression
 * missed still matches. bench:fingerprint measures the gain (one-press FNIR).
 *
 * Formats:
 * - `pointage-v1`: one template in our binary format (binary.ts);
 * - `pointage-set-v1`: several, all of the same finger (below);
 * - `iso-19794-2` (any format starting with `iso`): an ISO record from a vendor scanner.
 *
 * Set layout (big-endian): 'F' 'S', u8 version 1, u8 count (1–8), per template u16 length + the
 * `pointage-v1` bytes, then u32 CRC-32 of all previous bytes.
 */
export const SINGLE_FORMAT = 'pointage-v1';
export const SET_FORMAT = 'pointage-set-v1';
export const MAX_SET_TEMPLATES = 8;

const SET_MAGIC = [0x46, 0x53] as const;
const SET_VERSION = 1;

/** Packs already encoded `pointage-v1` templates (no re-encoding, so nothing is rounded twice). */
export function encodeTemplateSet(encoded: readonly Uint8Array[]): Uint8Array {
  if (encoded.length < 1 || encoded.length > MAX_SET_TEMPLATES) {
    throw new FingerprintError('bad-argument', `a set holds 1 to ${MAX_SET_TEMPLATES} templates`);
  }
  const size = 4 + encoded.reduce((sum, bytes) => sum + 2 + bytes.length, 0) + 4;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set([SET_MAGIC[0], SET_MAGIC[1], SET_VERSION, encoded.length]);
  let offset = 4;
  for (const bytes of encoded) {
    if (bytes.length > 0xffff) throw new FingerprintError('bad-argument', 'template too large');
    view.setUint16(offset, bytes.length);
    out.set(bytes, offset + 2);
    offset += 2 + bytes.length;
  }
  view.setUint32(offset, crc32(out.subarray(0, offset)));
  return out;
}

export function decodeTemplateSet(bytes: Uint8Array): Template[] {
  if (bytes.length < 8 || bytes[0] !== SET_MAGIC[0] || bytes[1] !== SET_MAGIC[1]) {
    throw new FingerprintError('corrupt-template', 'not a template set');
  }
  if (bytes[2] !== SET_VERSION)
    throw new FingerprintError('corrupt-template', `unknown set version ${bytes[2]}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 4;
  if (view.getUint32(end) !== crc32(bytes.subarray(0, end))) {
    throw new FingerprintError('corrupt-template', 'set checksum mismatch');
  }
  const count = bytes[3]!;
  if (count < 1 || count > MAX_SET_TEMPLATES)
    throw new FingerprintError('corrupt-template', `set of ${count}`);
  const templates: Template[] = [];
  let offset = 4;
  for (let i = 0; i < count; i++) {
    if (offset + 2 > end) throw new FingerprintError('corrupt-template', 'set truncated');
    const length = view.getUint16(offset);
    if (offset + 2 + length > end) throw new FingerprintError('corrupt-template', 'set truncated');
    templates.push(decodeTemplate(bytes.subarray(offset + 2, offset + 2 + length)));
    offset += 2 + length;
  }
  if (offset !== end) throw new FingerprintError('corrupt-template', 'set has trailing bytes');
  return templates;
}

/** The templates of a stored enrolment row, whatever its format. */
export function decodeStoredTemplates(bytes: Uint8Array, format: string): Template[] {
  const name = format.toLowerCase();
  if (name.startsWith('iso')) return [fromIso(bytes)];
  if (name === SET_FORMAT) return decodeTemplateSet(bytes);
  if (name === SINGLE_FORMAT) return [decodeTemplate(bytes)];
  throw new FingerprintError('corrupt-template', `unknown template format ${format}`);
}

function fromBase64(base64: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(base64.trim());
  } catch {
    throw new FingerprintError('corrupt-template', 'invalid base64');
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/**
 * What to store for an enrolment the scanner page sent (`templates`: the impressions, base64
 * `pointage-v1`, best first): all of them as one set, in base64.
 */
export function storedEnrolmentTemplate(templates: readonly string[]): { template: string; format: string } {
  return { template: toBase64(encodeTemplateSet(templates.map(fromBase64))), format: SET_FORMAT };
}
