import { describe, expect, it } from 'vitest';
import { encodeTemplate, templateToBase64 } from './binary.ts';
import { toIso } from './iso.ts';
import {
  decodeStoredTemplates,
  decodeTemplateSet,
  encodeTemplateSet,
  SET_FORMAT,
  storedEnrolmentTemplate,
} from './stored.ts';
import { randomTemplate, errorCode } from '../testing.ts';

describe('stored enrolment templates', () => {
  const three = [randomTemplate(1, 40), randomTemplate(2, 55), randomTemplate(3, 30)];

  it('a set keeps every impression, in order, byte for byte', () => {
    const encoded = three.map(encodeTemplate);
    const set = encodeTemplateSet(encoded);
    expect(set.length).toBe(4 + encoded.reduce((s, b) => s + 2 + b.length, 0) + 4);
    const back = decodeTemplateSet(set);
    expect(back.map((t) => t.minutiae.length)).toEqual([40, 55, 30]);
    expect(back.map(encodeTemplate)).toEqual(encoded);
  });

  it('the scanner page’s base64 impressions become one set row', () => {
    const stored = storedEnrolmentTemplate(three.map(templateToBase64));
    expect(stored.format).toBe(SET_FORMAT);
    const bytes = Uint8Array.from(atob(stored.template), (c) => c.charCodeAt(0));
    expect(decodeStoredTemplates(bytes, stored.format)).toHaveLength(3);
  });

  it('reads single and ISO rows as one template', () => {
    expect(decodeStoredTemplates(encodeTemplate(three[0]!), 'pointage-v1')).toHaveLength(1);
    expect(decodeStoredTemplates(toIso(three[0]!), 'iso-19794-2')).toHaveLength(1);
  });

  it('refuses damaged or unknown data with a typed error', () => {
    const set = encodeTemplateSet(three.map(encodeTemplate));
    const flipped = set.slice();
    flipped[10] = flipped[10]! ^ 1;
    expect(errorCode(() => decodeTemplateSet(flipped))).toBe('corrupt-template');
    expect(errorCode(() => decodeTemplateSet(set.subarray(0, set.length - 1)))).toBe('corrupt-template');
    expect(errorCode(() => decodeTemplateSet(encodeTemplate(three[0]!)))).toBe('corrupt-template');
    expect(errorCode(() => decodeStoredTemplates(set, 'mystery'))).toBe('corrupt-template');
    expect(errorCode(() => encodeTemplateSet([]))).toBe('bad-argument');
    expect(errorCode(() => storedEnrolmentTemplate(['***']))).toBe('corrupt-template');
  });
});
