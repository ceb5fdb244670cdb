// The PIN fallback (issue 26 item 4): the person's PIN card, HR's PIN and punch-methods card, the
// 'To review' list of PIN punches, and the kiosk's PIN punch. docs/fingerprint.md, "The PIN".
export { EmployeePinCard } from './components/EmployeePinCard.tsx';
export { MyPinCard } from './components/MyPinCard.tsx';
export { PinReviewCard } from './components/PinReviewCard.tsx';
export { kioskPinPunch, type KioskPinOutcome } from './data.ts';
