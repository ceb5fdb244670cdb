// Capture drivers: where a fingerprint comes from. Each driver turns "take a press" into what the
// engine worker reads (an image, a file's bytes, a vendor ISO template, or a simulated press).
import type { CaptureInput } from '../page/engine-protocol.ts';

export type { CaptureInput };

export const DRIVER_KINDS = ['simulator', 'file', 'secugen'] as const;
export type DriverKind = (typeof DRIVER_KINDS)[number];

/** What went wrong, as a code the page says in words (scanner.driverErrors.<code>). */
export type DriverErrorCode =
  'timeout' | 'no-device' | 'not-running' | 'device-error' | 'no-file' | 'no-finger-chosen' | 'cancelled';

export class DriverError extends Error {
  constructor(
    readonly code: DriverErrorCode,
    readonly detail = '',
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'DriverError';
  }
}

/** What one press needs besides the device: the chosen file, or the simulated finger. */
export interface CaptureRequest {
  signal?: AbortSignal;
  /** Image file driver: the scan chosen from disk. */
  file?: Blob;
  /** Simulator: the synthetic finger's seed (a demo employee's finger, or an unknown one). */
  fingerSeed?: number;
}

export interface CaptureDriver {
  readonly kind: DriverKind;
  /** One press: resolves with what the engine extracts and identifies, or rejects with a DriverError. */
  capture(request: CaptureRequest): Promise<CaptureInput>;
}

export const isDriverKind = (value: unknown): value is DriverKind =>
  typeof value === 'string' && (DRIVER_KINDS as readonly string[]).includes(value);
