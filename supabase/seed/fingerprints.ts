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

export function demoEnrolment(employeeId: string): DemoEnrolment {
  const template = extract(syntheticFinger(fingerSeed(employeeId), 0));
  return { employeeId, template: encodeTemplate(template), quality: template.quality };
}

export function enrolmentSql(rows: DemoEnrolment[]): string {
  const values = rows.map(
    (r) =>
      `('${r.employeeId}', 'right_index', '\\x${Buffer.from(r.template).toString('hex')}', ${r.quality}, '${DEMO_CONSENT_VERSION}', now())`,
  );
  return `insert into public.biometric_enrolments (employee_id, finger, template, quality, consent_text_version, consent_at) values\n${values.join(',\n')}`;
}
