import { describe, expect, it } from 'vitest';
import { FingerprintError } from '../messages.ts';
import { Gallery } from '../identify/gallery.ts';
import { enrolmentImpressions, randomImpressionOptions } from '../synth/index.ts';
import { extract } from '../extract/index.ts';
import { templateOf } from '../testing.ts';
import { enrol } from './enrol.ts';

const scans = (seed: number, from = 0) =>
  [0, 1, 2].map((i) => templateOf(seed, { ...randomImpressionOptions(seed, from + i), noise: 6 }));

async function errorOf(p: Promise<unknown>): Promise<FingerprintError> {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(FingerprintError);
    return error as FingerprintError;
  }
  throw new Error('expected an error');
}

describe('enrolment from three impressions', () => {
  const alice = scans(51);
  const bob = scans(52);

  it('accepts three consistent impressions', async () => {
    const e = await enrol(alice);
    expect(e.templates).toHaveLength(3);
    expect(e.consistency.every((s) => s >= 30)).toBe(true);
    expect(e.quality).toBeGreaterThan(0);
  });

  it("asks for the same finger again when an impression is another finger's", async () => {
    const err = await errorOf(enrol([alice[0]!, alice[1]!, bob[2]!]));
    expect(err.code).toBe('inconsistent-impressions');
    expect(err.message).toMatch(/place the same finger again/);
    expect(err.detail).toMatch(/impressions 1 and 3/);
  });

  it('refuses a finger already enrolled for someone else, found by identification', async () => {
    const gallery = Gallery.build([
      ...alice.map((template) => ({ id: 'alice', template })),
      ...bob.map((template) => ({ id: 'bob', template })),
    ]);
    const again = scans(51, 5);
    const err = await errorOf(enrol(again, { personId: 'mallory', identify: (t) => gallery.identify(t) }));
    expect(err.code).toBe('duplicate-finger');
    expect(err.detail).toMatch(/alice/);
    // Re-enrolling Alice's own finger for Alice is fine, and a new finger is fine.
    await expect(
      enrol(again, { personId: 'alice', identify: (t) => gallery.identify(t) }),
    ).resolves.toBeTruthy();
    await expect(
      enrol(scans(53), { personId: 'carol', identify: (t) => gallery.identify(t) }),
    ).resolves.toBeTruthy();
  }, 30_000); // makes two more fingers: a few seconds on a busy machine

  it('enrols the demo finger of an employee from the generator', async () => {
    const e = await enrol(enrolmentImpressions(54).map((img) => extract(img)));
    expect(e.templates).toHaveLength(3);
  }, 30_000); // makes a finger

  it('needs exactly three impressions', async () => {
    expect((await errorOf(enrol(alice.slice(0, 2)))).code).toBe('bad-argument');
  });
});
