// A person's own biometric consent in their portal: its version, and its withdrawal (issue 26 item 3).
export { MyConsentCard } from './MyConsentCard.tsx';
