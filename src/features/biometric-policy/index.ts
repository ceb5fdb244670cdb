// Biometric policy per site (issue 26): the Settings cards (site policy, fingerprint retention, and
// HR's list of offline presses that did not verify).
export { SitePolicyCard } from './SitePolicyCard.tsx';
export { RetentionCard } from './RetentionCard.tsx';
export { UnverifiedPressesCard } from './UnverifiedPressesCard.tsx';
