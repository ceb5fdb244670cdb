// Sign-up's fingerprint, host side: what the scanner page captured (three impressions' templates,
// never an image) is sent to the fingerprint-enrol endpoint with the new account's session, which
// searches for duplicates on the server and stores it. Where sign-up waits for an e-mail
// confirmation (no session yet), the capture stays in this page's memory (never stored in the
// browser) and is enrolled right after the person's first login in this tab.
import type { Finger, ScannerMessage } from '../../fingerprint/scanner/protocol.ts';

export interface CapturedFinger {
  finger: Finger;
  templates: string[];
  quality: number;
  consentVersion: string;
  /** The scanner simulator's finger (demo systems), linked to the person once enrolled. */
  simulatorSeed?: number;
}

/** The capture a scanner page's register message carries. */
export function capturedFinger(
  message: Extract<ScannerMessage, { type: 'fingerprint-register' }>,
): CapturedFinger {
  return {
    finger: message.finger,
    templates: message.templates.length ? message.templates : [message.template],
    quality: message.quality,
    consentVersion: message.consentVersion,
    ...(message.simulatorSeed !== undefined ? { simulatorSeed: message.simulatorSeed } : {}),
  };
}

// A capture waiting for the person's first session (e-mail confirmation), in memory only.
const PENDING_LIFETIME_MS = 60 * 60 * 1000;
let pending: { email: string; capture: CapturedFinger; until: number } | null = null;

export function keepUntilLogin(email: string, capture: CapturedFinger, now = Date.now()): void {
  pending = { email: email.trim().toLowerCase(), capture, until: now + PENDING_LIFETIME_MS };
}

/** The capture waiting for this e-mail's login, taken (once), or null. */
export function takePending(email: string, now = Date.now()): CapturedFinger | null {
  const waiting = pending;
  if (!waiting || waiting.until < now || waiting.email !== email.trim().toLowerCase()) return null;
  pending = null;
  return waiting.capture;
}
