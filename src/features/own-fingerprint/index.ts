// A person's own finger, scanned at sign-up: the capture from the scanner page, its enrolment with
// the new session, and, when sign-up waits for the e-mail confirmation, its enrolment right after
// the first login in the same tab (kept in memory only).
export { capturedFinger, keepUntilLogin, type CapturedFinger } from './capture.ts';
export { enrolOwnFinger } from './data.ts';
export { finishPendingEnrolment } from './pending-login.ts';
