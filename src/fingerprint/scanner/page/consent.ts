/** The version of the consent text shown at enrolment (scanner.register.consent), recorded by enrol_fingerprint. */
export const CONSENT_VERSION = 'biometric-consent-2026-11-v1';
