// The host side of the scanner page: embeds /fingerprint/index.html in an iframe, starts it in a
// mode once it says it is ready, and hands its messages (same origin, from this iframe only) to
// the screen. Every screen that touches a fingerprint uses this component; none scans by itself.
import { useEffect, useRef, useState } from 'react';
import {
  readScannerMessage,
  scannerUrl,
  type Finger,
  type HostMessage,
  type PunchAction,
  type ScannerMessage,
  type ScannerMode,
  type ScannerPerson,
} from '../../fingerprint/scanner/protocol.ts';

export interface ScannerFrameProps {
  mode: ScannerMode;
  /** attendance mode: what the next press does. */
  action?: PunchAction;
  /** attendance mode, the kiosk's one tap: a press checks in or out (action is then ignored). */
  oneTap?: boolean;
  /** attendance mode at a verify site: the typed personal number the press is verified against. */
  personalNumber?: string;
  /** register mode: whom the finger is enrolled for, and which finger to suggest. */
  person?: ScannerPerson;
  finger?: Finger;
  /** register mode: 'server' when the host's endpoint searches for duplicates (sign-up). */
  duplicateCheck?: 'server';
  /** Optional: the people the host expects (sent as the spec's `employees` message). */
  employees?: ScannerPerson[];
  /** Start this many ms after the scanner is ready (the kiosk waits 500 ms); false: the host sends start itself. */
  startDelay?: number | false;
  /** Changing it starts the scanner again with the same mode and action (the kiosk's second press of Check In). */
  restartKey?: number;
  /** Every scanner message (state, attendance result, enrolment). */
  onMessage: (message: ScannerMessage) => void;
  height?: number | string;
  width?: number | string;
  title?: string;
}

export function ScannerFrame({
  mode,
  action,
  oneTap,
  personalNumber,
  person,
  finger,
  duplicateCheck,
  employees,
  startDelay = 0,
  restartKey,
  onMessage,
  height = 400,
  width = '100%',
  title = 'Fingerprint scanner',
}: ScannerFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  // The page is loaded once: a later mode or action is sent in a start message, not by reloading it
  // (which would download the roster and build the gallery again).
  const [src] = useState(() => scannerUrl(mode, action));
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const message = readScannerMessage(event, frame.current?.contentWindow ?? null);
      if (!message) return;
      if (message.type === 'scanner-state' && message.state === 'ready') setReady(true);
      handler.current(message);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  const personId = person?.id;
  const employeeIds = employees?.map((e) => e.id).join(',');
  useEffect(() => {
    if (!ready || startDelay === false) return;
    const target = frame.current?.contentWindow;
    if (!target) return;
    const post = (message: HostMessage) => target.postMessage(message, window.location.origin);
    const timer = window.setTimeout(() => {
      if (employees) post({ type: 'employees', employees });
      post(
        mode === 'attendance'
          ? {
              type: 'start',
              mode,
              action: action ?? 'check-in',
              ...(personalNumber ? { personalNumber } : {}),
              ...(oneTap ? { oneTap } : {}),
            }
          : {
              type: 'start',
              mode,
              ...(person ? { person } : {}),
              ...(finger ? { finger } : {}),
              ...(duplicateCheck ? { duplicateCheck } : {}),
            },
      );
    }, startDelay);
    return () => window.clearTimeout(timer);
    // Restart when what the scanner should do changes, not on every render of the host.
  }, [
    ready,
    mode,
    action,
    oneTap,
    personalNumber,
    personId,
    finger,
    duplicateCheck,
    employeeIds,
    startDelay,
    restartKey,
  ]);

  return (
    <iframe
      ref={frame}
      title={title}
      data-testid="scanner-frame"
      src={src}
      style={{ border: 0, width, height, display: 'block' }}
      allow="usb; hid"
    />
  );
}

/** Ask an embedded scanner to stop capturing (e.g. when its modal closes). */
export function stopScanner(frame: HTMLIFrameElement | null): void {
  frame?.contentWindow?.postMessage({ type: 'stop' } satisfies HostMessage, window.location.origin);
}
