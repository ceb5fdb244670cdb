// Biometric policy per site (issue 26): the Settings card.
export { SitePolicyCard } from './SitePolicyCard.tsx';
