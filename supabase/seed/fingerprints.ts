// Demo fingerprints: each demo employee gets an enrolled right index finger, a template made
// by the fingerprint engine from a synthetic finger seeded by the employee, so the scanner's
// simulator can press "the same finger" again later (syntheticImpression with that seed).
import { encodeTemplate, extract, syntheticFinger } from '../../src/fingerprint/index.ts';
import { fingerSeed } from '../../src/fingerprint/synth/demo.ts';

export const DEMO_CONSENT_VERSION = 'demo-consent-v1';

export { fingerSeed };

export interface DemoEnrolment {
  employeeId: string;
  template: Uint8Array;
  quality: number;
}

/** Impressions of the demo finger tried for its enrolment: like a person asked to press again, a
 * finger whose first impression is too poor to extract is enrolled from the next one (same finger,
 * so the simulator's later presses still match it). */
const ENROLMENT_ATTEMPTS = 6;

export function demoEnrolment(employeeId: string): DemoEnrolment {
  const seed = fingerSeed(employeeId);
  for (let index = 0; ; index++) {
    try {
      const template = extract(syntheticFinger(seed, index));
      return { employeeId, template: encodeTemplate(template), quality: template.quality };
    } catch (error) {
      if (index + 1 >= ENROLMENT_ATTEMPTS) throw error;
    }
  }
}

export function enrolmentSql(rows: DemoEnrolment[]): string {
  const values = rows.map(
    (r) =>
      `('${r.employeeId}', 'right_index', '\\x${Buffer.from(r.template).toString('hex')}', ${r.quality}, '${DEMO_CONSENT_VERSION}', now())`,
  );
  return `insert into public.biometric_enrolments (employee_id, finger, template, quality, consent_text_version, consent_at) values\n${values.join(',\n')}`;
}
