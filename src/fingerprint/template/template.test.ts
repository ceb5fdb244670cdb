import { describe, expect, it } from 'vitest';
import { decodeTemplate, encodeTemplate, templateFromBase64, templateToBase64 } from './binary.ts';
import { fromIso, toIso } from './iso.ts';
import { MinutiaType, type Template } from './types.ts';
import { randomTemplate, errorCode } from '../testing.ts';

const UNIT = (2 * Math.PI) / 256;

function expectClose(a: Template, b: Template): void {
  expect(b.minutiae.length).toBe(a.minutiae.length);
  a.minutiae.forEach((m, i) => {
    const n = b.minutiae[i]!;
    expect(Math.abs(n.x - m.x)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(n.y - m.y)).toBeLessThanOrEqual(0.5);
    const d = Math.abs(n.angle - m.angle) % (2 * Math.PI);
    expect(Math.min(d, 2 * Math.PI - d)).toBeLessThanOrEqual(UNIT / 2 + 1e-9);
    expect(n.type).toBe(m.type);
  });
}

describe('binary template format', () => {
  const t = randomTemplate(7, 60);

  it('round-trips and is compact (12 + 6n + 4 bytes)', () => {
    const bytes = encodeTemplate(t);
    expect(bytes.length).toBe(12 + 6 * 60 + 4);
    expect([...bytes.subarray(0, 3)]).toEqual([0x46, 0x50, 1]);
    const back = decodeTemplate(bytes);
    expectClose(t, back);
    expect(back.width).toBe(t.width);
    expect(templateFromBase64(templateToBase64(t)).minutiae.length).toBe(60);
  });

  it('rejects corrupt, truncated and foreign data', () => {
    const bytes = encodeTemplate(t);
    expect(errorCode(() => decodeTemplate(bytes.subarray(0, bytes.length - 1)))).toBe('corrupt-template');
    expect(errorCode(() => decodeTemplate(bytes.subarray(0, 10)))).toBe('corrupt-template');
    const flipped = bytes.slice();
    flipped[40] = flipped[40]! ^ 0x10;
    expect(errorCode(() => decodeTemplate(flipped))).toBe('corrupt-template');
    const version = bytes.slice();
    version[2] = 9;
    expect(errorCode(() => decodeTemplate(version))).toBe('corrupt-template');
    expect(errorCode(() => decodeTemplate(toIso(t)))).toBe('corrupt-template');
    expect(errorCode(() => templateFromBase64('***'))).toBe('corrupt-template');
  });
});

describe('ISO/IEC 19794-2:2005', () => {
  it('writes the header and minutiae as the standard lays them out', () => {
    const t: Template = {
      width: 388,
      height: 374,
      dpi: 500,
      quality: 80,
      minutiae: [
        // Pointing up on screen: our angle 3π/2 (y down) is ISO 90° counter-clockwise = 64 units.
        { x: 100, y: 200, angle: (3 * Math.PI) / 2, type: MinutiaType.ending, quality: 70 },
        { x: 16000, y: 5, angle: 0, type: MinutiaType.bifurcation, quality: 10 },
      ],
    };
    const iso = toIso({ ...t, minutiae: [t.minutiae[0]!] });
    expect(iso.length).toBe(24 + 4 + 6 + 2);
    expect([...iso.subarray(0, 8)]).toEqual([0x46, 0x4d, 0x52, 0, 0x20, 0x32, 0x30, 0]);
    const v = new DataView(iso.buffer);
    expect(v.getUint32(8)).toBe(iso.length);
    expect(v.getUint16(14)).toBe(388);
    expect(v.getUint16(16)).toBe(374);
    expect(v.getUint16(18)).toBe(197);
    expect(iso[22]).toBe(1);
    expect(iso[27]).toBe(1);
    expect(v.getUint16(28)).toBe((1 << 14) | 100);
    expect(v.getUint16(30)).toBe(200);
    expect(iso[32]).toBe(64);
    expect(iso[33]).toBe(70);
  });

  it('round-trips a template', () => {
    const t = randomTemplate(3, 45);
    const back = fromIso(toIso(t));
    expectClose(t, back);
    expect(back.dpi).toBe(500);
  });

  it('rescales records at other resolutions to 500 dpi', () => {
    const t = randomTemplate(4, 10);
    const iso = toIso(t);
    new DataView(iso.buffer).setUint16(18, 394); // 1000 dpi
    new DataView(iso.buffer).setUint16(20, 394);
    const back = fromIso(iso);
    expect(back.minutiae[0]!.x).toBe(Math.round(t.minutiae[0]!.x / 2));
  });

  it('rejects truncated or corrupt records with a clear error', () => {
    const iso = toIso(randomTemplate(5, 30));
    expect(errorCode(() => fromIso(iso.subarray(0, 20)))).toBe('corrupt-template');
    expect(errorCode(() => fromIso(iso.subarray(0, iso.length - 7)))).toBe('corrupt-template');
    const magic = iso.slice();
    magic[0] = 0x41;
    expect(errorCode(() => fromIso(magic))).toBe('corrupt-template');
    const count = iso.slice();
    count[27] = 200;
    expect(errorCode(() => fromIso(count))).toBe('corrupt-template');
    const outside = iso.slice();
    new DataView(outside.buffer).setUint16(28, 0x3fff);
    expect(errorCode(() => fromIso(outside))).toBe('corrupt-template');
    try {
      fromIso(iso.subarray(0, 20));
    } catch (error) {
      expect((error as Error).message).toMatch(/corrupt or truncated/);
    }
  });
});
