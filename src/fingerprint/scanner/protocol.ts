/**
 * The scanner page's message protocol (src/fingerprint/scanner/README.md; docs/fingerprint.md).
 * The scanner page (/fingerprint/index.html, an iframe) and every host screen that embeds it
 * (kiosk, registration, sign-up, employee portal, admin attendance) speak only these messages,
 * and only with a window of the same origin. Images never leave the scanner page.
 *
 * Pure TypeScript, no React or antd: the scanner page imports it too.
 */

/** Where the scanner page is served (a second Vite entry). */
export const SCANNER_PATH = '/fingerprint/index.html';

export type ScannerMode = 'attendance' | 'register';
export type PunchAction = 'check-in' | 'check-out';

/** The database's enum public.finger. */
export const FINGERS = [
  'right_thumb',
  'right_index',
  'right_middle',
  'right_ring',
  'right_little',
  'left_thumb',
  'left_index',
  'left_middle',
  'left_ring',
  'left_little',
] as const;
export type Finger = (typeof FINGERS)[number];

/** A person as a host may name them to the scanner (never with templates: those come from kiosk_roster()). */
export interface ScannerPerson {
  id: string;
  name: string;
}

// Host → scanner -------------------------------------------------------------------------

export type HostMessage =
  /** Optional: the people the host expects (e.g. the employee portal sends only the signed-in person). */
  | { type: 'employees'; employees: ScannerPerson[] }
  /**
   * Identify the next press for a check-in or a check-out; with `personalNumber` (a verify site),
   * verify it on the server against that person only (the page holds no template then).
   */
  | {
      type: 'start';
      mode: 'attendance';
      action: PunchAction;
      personalNumber?: string;
      /** The kiosk's one tap: the press checks in or out, the database decides (the page says so). */
      oneTap?: boolean;
    }
  /**
   * Enrol a finger of this person (3 impressions, consent, duplicate check). `duplicateCheck:
   * 'server'`: the host has the fingerprint-enrol endpoint search for duplicates (sign-up, before
   * any session), so the page only checks the impressions match each other.
   */
  | { type: 'start'; mode: 'register'; person?: ScannerPerson; finger?: Finger; duplicateCheck?: 'server' }
  /** Stop capturing (modal closed, screen reset). */
  | { type: 'stop' };

// Scanner → host -------------------------------------------------------------------------

export type ScannerState = 'loading' | 'ready' | 'capturing' | 'processing' | 'error';

export type ScannerMessage =
  /** The scanner's state; `message` says in words what went wrong or what to do (e.g. 'Press again, a little flatter'). */
  | {
      type: 'scanner-state';
      state: ScannerState;
      mode: ScannerMode;
      message?: string;
      /**
       * What happened, for hosts that react to it: 'duplicate' (the finger is someone else's),
       * 'inconsistent' (impressions differ), 'captured', 'retry', 'not-signed-in', 'roster-failed',
       * 'duplicate-check-failed', 'verify-failed' (the server's check could not run), or a capture
       * driver's error code.
       */
      code?: string;
    }
  /** An identification: matched (with the person and the calibrated score) or not. */
  | {
      type: 'fingerprint-attendance';
      status: 'matched' | 'no_match';
      action: PunchAction;
      employee: ScannerPerson | null;
      score: number;
    }
  /**
   * A verify site's press the server could not be reached to check (offline): its extracted template
   * (never the image) with the typed number, for the host to queue and replay (issue 26 item 2).
   */
  | {
      type: 'fingerprint-offline-press';
      action: PunchAction;
      personalNumber: string;
      template: string;
    }
  /**
   * A finished enrolment: the finger's templates (binary format v1, base64; 3 impressions, best first),
   * their quality 0–100 and the version of the consent text the person agreed to. `template` is the
   * best impression (what the spec's message carries).
   */
  | {
      type: 'fingerprint-register';
      finger: Finger;
      template: string;
      templates: string[];
      quality: number;
      consentVersion: string;
      /**
       * The simulator's finger the three impressions were pressed with (demo systems): the host links
       * it to the person once stored (link_simulated_finger), so the simulator presses it for them.
       */
      simulatorSeed?: number;
    };

const MESSAGE_TYPES = new Set([
  'scanner-state',
  'fingerprint-attendance',
  'fingerprint-offline-press',
  'fingerprint-register',
]);
const HOST_TYPES = new Set(['employees', 'start', 'stop']);

/**
 * A message event we may act on: same origin as this page and, when given, from the expected window
 * (the host's iframe, or the scanner's parent). Everything else is ignored.
 */
export function isTrustedEvent(
  event: Pick<MessageEvent, 'origin' | 'source'>,
  expectedSource?: MessageEventSource | null,
  origin: string = globalThis.location?.origin ?? '',
): boolean {
  if (!origin || event.origin !== origin) return false;
  return expectedSource === undefined || event.source === expectedSource;
}

type ReceivedEvent = Pick<MessageEvent, 'origin' | 'source' | 'data'>;

/** The host side: a scanner message from the embedded scanner, or null. */
export function readScannerMessage(
  event: ReceivedEvent,
  frame?: MessageEventSource | null,
  origin?: string,
): ScannerMessage | null {
  return readMessage<ScannerMessage>(event, MESSAGE_TYPES, frame, origin);
}

/** The scanner side: a host message from the parent window, or null. */
export function readHostMessage(
  event: ReceivedEvent,
  parent?: MessageEventSource | null,
  origin?: string,
): HostMessage | null {
  return readMessage<HostMessage>(event, HOST_TYPES, parent, origin);
}

/** A message of one of `types` from the trusted sender, or null. */
function readMessage<T>(
  event: ReceivedEvent,
  types: ReadonlySet<string>,
  sender: MessageEventSource | null | undefined,
  origin: string | undefined,
): T | null {
  if (!isTrustedEvent(event, sender, origin)) return null;
  const data = event.data as { type?: unknown } | null;
  return data && typeof data === 'object' && types.has(String(data.type)) ? (data as T) : null;
}

/** The scanner page's URL for a mode (the spec: `/fingerprint/index.html?mode=attendance`). */
export function scannerUrl(mode: ScannerMode, action?: PunchAction): string {
  const query = new URLSearchParams({ mode });
  if (action) query.set('action', action);
  return `${SCANNER_PATH}?${query.toString()}`;
}
