/**
 * The version of the biometric policy the enrolment's consent refers to (scanner.register.consent and
 * the public page /biometric-policy, whose text it names), recorded by enrol_fingerprint. It must be a
 * row of public.biometric_policy_versions: the database refuses an enrolment with any other.
 */
export const CONSENT_VERSION = 'biometric-policy-2026-11-v2';

/** The public page the consent links to. */
export const POLICY_PATH = '/biometric-policy';
