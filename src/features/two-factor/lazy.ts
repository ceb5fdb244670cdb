// Two-factor's parts loaded on demand (import()): the sign-in code step, for the login and reset pages.
export { assurance } from './data.ts';
export { default as LoginCodeStep } from './LoginCodeStep.tsx';
