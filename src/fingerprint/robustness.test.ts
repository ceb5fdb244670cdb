import { describe, expect, it } from 'vitest';
import { decodeImage, encodeBmp, encodePng, encodeTiff } from './decode/index.ts';
import { extract } from './extract/index.ts';
import { FingerprintError } from './messages.ts';
import { Random } from './synth/random.ts';
import { decodeTemplate, encodeTemplate } from './template/binary.ts';
import { fromIso, toIso } from './template/iso.ts';
import { randomTemplate } from './testing.ts';

/** Run fn; it may succeed or throw a FingerprintError, nothing else. */
function onlyTypedErrors(fn: () => unknown): 'ok' | 'typed' {
  try {
    fn();
    return 'ok';
  } catch (error) {
    if (!(error instanceof FingerprintError)) throw error;
    return 'typed';
  }
}

function mutate(bytes: Uint8Array, rng: Random): Uint8Array {
  const out = bytes.slice(0, rng.next() < 0.3 ? rng.int(0, bytes.length) : bytes.length);
  const flips = rng.int(1, 4);
  for (let i = 0; i < flips && out.length; i++) {
    // Mostly in the headers, where a flip changes the structure.
    const at = rng.next() < 0.8 ? rng.int(0, Math.min(out.length - 1, 80)) : rng.int(0, out.length - 1);
    out[at] = rng.int(0, 255);
  }
  return out;
}

describe('broken input never crashes', () => {
  const img = {
    width: 120,
    height: 110,
    dpi: 500,
    data: new Uint8Array(120 * 110).map((_, i) => (i * 37) & 255),
  };

  it('decoders and the extractor throw only typed errors on mutated and truncated files', () => {
    const rng = new Random(99);
    let typed = 0;
    for (const file of [encodeTiff(img), encodeBmp(img), encodePng(img)])
      for (let k = 0; k < 150; k++)
        if (onlyTypedErrors(() => extract(decodeImage(mutate(file, rng)))) === 'typed') typed++;
    expect(typed).toBeGreaterThan(100);
  });

  it('template parsers throw only typed errors on mutated records', () => {
    const rng = new Random(7);
    const t = randomTemplate(3, 30);
    let typed = 0;
    for (let k = 0; k < 300; k++) {
      if (onlyTypedErrors(() => decodeTemplate(mutate(encodeTemplate(t), rng))) === 'typed') typed++;
      onlyTypedErrors(() => fromIso(mutate(toIso(t), rng)));
    }
    // The CRC catches every mutation of our own format.
    expect(typed).toBe(300);
  });
});
