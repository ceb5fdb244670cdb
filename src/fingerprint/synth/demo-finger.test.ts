import { describe, expect, it } from 'vitest';
import { extract } from '../extract/index.ts';
import { compare } from '../match/index.ts';
import {
  compressDemoFinger,
  decompressDemoFinger,
  demoFinger,
  packDemoFinger,
  quantizeMaster,
  unpackDemoFinger,
} from './demo-finger.ts';
import { syntheticImpression } from './index.ts';
import { generateMaster, masterLayout } from './master.ts';

describe('a demo finger, stored', () => {
  const seed = 4053052494; // employee@demo.test's
  const finger = demoFinger(seed);

  it('is the grown finger rounded to 8 bits, and rounding again changes nothing', () => {
    const grown = generateMaster(seed);
    let worst = 0;
    for (let i = 0; i < grown.ridges.length; i++)
      worst = Math.max(worst, Math.abs(grown.ridges[i]! - finger.ridges[i]!));
    expect(worst).toBeLessThanOrEqual(1 / 255 + 1e-6);
    expect(quantizeMaster(finger).ridges).toEqual(finger.ridges);
  });

  it('comes back from storage exactly, with its class and singular points', async () => {
    const stored = await compressDemoFinger(finger);
    expect(stored.length).toBeLessThan(packDemoFinger(finger).length / 1.5);
    const back = await decompressDemoFinger(stored, seed);
    expect(back).not.toBeNull();
    expect(back!.ridges).toEqual(finger.ridges);
    expect({ kind: back!.kind, cores: back!.cores, deltas: back!.deltas }).toEqual(masterLayout(seed));
    // The same impression from the stored finger as from the grown one.
    expect(syntheticImpression(back!, 9).data).toEqual(syntheticImpression(finger, 9).data);
  });

  it('is refused (so the caller grows it) when the bytes are another seed’s, cut or not a finger', async () => {
    const packed = packDemoFinger(finger);
    expect(unpackDemoFinger(packed, seed + 1)).toBeNull();
    expect(unpackDemoFinger(packed.subarray(0, packed.length - 1), seed)).toBeNull();
    expect(await decompressDemoFinger(new Uint8Array([1, 2, 3, 4]), seed)).toBeNull();
  });

  it('still matches the enrolment of the grown finger: rounding is far below a press’s own variation', () => {
    const grown = extract(syntheticImpression(generateMaster(seed), 1));
    const stored = extract(syntheticImpression(finger, 1));
    expect(compare(grown, stored)).toBeGreaterThan(80);
  });
});
