// Demo fingerprints: each demo employee gets an enrolled right index finger, made by the
// fingerprint engine from a synthetic finger seeded by the employee, so the scanner's simulator can
// press "the same finger" again later (syntheticImpression with that seed, a later impression).
// Like a real enrolment, three impressions are kept, as one set. The finger itself is stored too
// (demo_fingers), so the simulator need not grow it again for every press.
import { deflateRawSync } from 'node:zlib';
import { encodeTemplate, extract } from '../../src/fingerprint/index.ts';
import { syntheticImpression } from '../../src/fingerprint/synth/index.ts';
import { demoFinger, packDemoFinger } from '../../src/fingerprint/synth/demo-finger.ts';
import { DEMO_ENROLMENT_IMPRESSIONS, fingerSeed } from '../../src/fingerprint/synth/demo.ts';
import { encodeTemplateSet, SET_FORMAT } from '../../src/fingerprint/template/stored.ts';
import { ENROL_IMPRESSIONS } from '../../src/fingerprint/enrol/enrol.ts';
import type { Template } from '../../src/fingerprint/template/types.ts';

export const DEMO_CONSENT_VERSION = 'biometric-policy-2026-11-v2';

export { fingerSeed };

export interface DemoEnrolment {
  employeeId: string;
  /** The stored bytes, in `format`. */
  template: Uint8Array;
  format: string;
  quality: number;
  /** The finger's seed and the finger, packed and deflated (table demo_fingers). */
  seed: number;
  finger: Uint8Array;
}

/**
 * Like a person asked to press again, an impression too poor to extract is skipped and the next
 * one taken (same finger, so the simulator's later presses still match it).
 */
export function demoEnrolment(employeeId: string): DemoEnrolment {
  // The finger is made once for all its impressions (syntheticFinger would make it again for each).
  const seed = fingerSeed(employeeId);
  const master = demoFinger(seed);
  const impressions: Template[] = [];
  let lastError: unknown;
  for (let index = 0; index < DEMO_ENROLMENT_IMPRESSIONS && impressions.length < ENROL_IMPRESSIONS; index++) {
    try {
      impressions.push(extract(syntheticImpression(master, index)));
    } catch (error) {
      lastError = error;
    }
  }
  if (!impressions.length) throw lastError;
  impressions.sort((a, b) => b.quality - a.quality);
  return {
    employeeId,
    template: encodeTemplateSet(impressions.map(encodeTemplate)),
    format: SET_FORMAT,
    quality: Math.round(impressions.reduce((s, t) => s + t.quality, 0) / impressions.length),
    seed,
    finger: new Uint8Array(deflateRawSync(packDemoFinger(master))),
  };
}

export function enrolmentSql(rows: DemoEnrolment[]): string {
  const values = rows.map(
    (r) =>
      `('${r.employeeId}', 'right_index', '\\x${Buffer.from(r.template).toString('hex')}', '${r.format}', ${r.quality}, '${DEMO_CONSENT_VERSION}', now())`,
  );
  return `insert into public.biometric_enrolments (employee_id, finger, template, template_format, quality, consent_text_version, consent_at) values\n${values.join(',\n')}`;
}

/** The demo fingers themselves, for the simulator (one row per finger; two employees never share a seed in practice). */
export function demoFingerSql(rows: DemoEnrolment[]): string {
  const values = rows.map((r) => `(${r.seed}, '\\x${Buffer.from(r.finger).toString('hex')}')`);
  return `insert into public.demo_fingers (seed, ridges) values\n${values.join(',\n')}\non conflict (seed) do nothing`;
}
