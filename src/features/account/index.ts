// A person's own account: the password fields and rules' texts, and what auth's refusals mean
// (sign-up, the reset page). The change-password dialog (settings, the user menu) is in lazy.ts, so
// public pages never bundle it.
export { passwordRefusal, signupRefusalKey, weakPasswordText, type PasswordRefusal } from './auth-errors.ts';
export { PasswordFields } from './PasswordFields.tsx';
