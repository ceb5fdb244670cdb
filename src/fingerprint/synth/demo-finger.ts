// A demo person's finger, kept: the seed grows each demo finger once (a third of a second of
// filtering) and stores it (table demo_fingers), so the scanner's simulator renders a new
// impression of it in a few milliseconds instead of growing the whole finger again on every press.
// The finger is the grown ridge field rounded to 8 bits (what is stored): the seed enrols from it
// and the simulator presses it, whether it was fetched or, without a stored copy, grown again here.
import { generateMaster, masterLayout, type MasterFinger } from './master.ts';

const MAGIC = [0x50, 0x44, 0x46, 0x31]; // "PDF1": pointage demo finger, version 1
const HEADER = 12;
const LEVELS = 255;

/** The ridge field rounded to the stored 8-bit levels (same pattern, singular points, seed). */
export function quantizeMaster(master: MasterFinger): MasterFinger {
  const ridges = new Float32Array(master.ridges.length);
  for (let i = 0; i < ridges.length; i++) ridges[i] = dequantize(quantize(master.ridges[i]!));
  return { ...master, ridges };
}

/** The finger the demo enrols and the simulator presses for a seed. */
export function demoFinger(seed: number): MasterFinger {
  return quantizeMaster(generateMaster(seed));
}

const quantize = (r: number): number => Math.round(((Math.max(-1, Math.min(1, r)) + 1) / 2) * LEVELS);
const dequantize = (q: number): number => (q / LEVELS) * 2 - 1;

/** Header (magic, seed, width, height) and one byte per pixel; compress it for storage. */
export function packDemoFinger(master: MasterFinger): Uint8Array {
  const out = new Uint8Array(HEADER + master.ridges.length);
  out.set(MAGIC, 0);
  const view = new DataView(out.buffer);
  view.setUint32(4, master.seed >>> 0, true);
  view.setUint16(8, master.width, true);
  view.setUint16(10, master.height, true);
  for (let i = 0; i < master.ridges.length; i++) out[HEADER + i] = quantize(master.ridges[i]!);
  return out;
}

/**
 * The finger back from its packed bytes, or null when they are not a finger of this seed (a stored
 * copy is only a shortcut: the caller grows the finger instead). The class and singular points are
 * not stored: they are drawn again from the seed (cheap, without growing ridges).
 */
export function unpackDemoFinger(bytes: Uint8Array, seed: number): MasterFinger | null {
  if (bytes.length < HEADER || MAGIC.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint16(8, true);
  const height = view.getUint16(10, true);
  if (view.getUint32(4, true) !== seed >>> 0 || bytes.length !== HEADER + width * height) return null;
  const ridges = new Float32Array(width * height);
  for (let i = 0; i < ridges.length; i++) ridges[i] = dequantize(bytes[HEADER + i]!);
  return { seed: seed >>> 0, width, height, ridges, ...masterLayout(seed >>> 0, { width, height }) };
}

async function through(bytes: Uint8Array, stream: GenericTransformStream): Promise<Uint8Array> {
  const piped = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

/** Packed and deflated, as stored (about 45 KB; the raw field is 108 KB). */
export function compressDemoFinger(master: MasterFinger): Promise<Uint8Array> {
  return through(packDemoFinger(master), new CompressionStream('deflate-raw'));
}

/** A stored finger back, or null when the bytes are not one (then grow it). */
export async function decompressDemoFinger(bytes: Uint8Array, seed: number): Promise<MasterFinger | null> {
  try {
    return unpackDemoFinger(await through(bytes, new DecompressionStream('deflate-raw')), seed);
  } catch {
    return null;
  }
}
