// A person's own biometrics in their portal (issue 26).
export { MyBiometricsCard } from './MyBiometricsCard.tsx';
