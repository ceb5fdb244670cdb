import { DriverError, type CaptureDriver, type CaptureRequest } from './types.ts';
import type { CaptureInput } from '../page/engine-protocol.ts';
import { DEMO_ENROLMENT_IMPRESSIONS } from '../../synth/demo.ts';

/**
 * The simulator: a press of a generated finger (a demo employee's, or an unknown one). Every press
 * is a NEW impression of that finger (never one of the impressions the demo enrolled), extracted and
 * identified like a real scan. Offered only when system_settings.scanner_simulator is on.
 */
export class SimulatorDriver implements CaptureDriver {
  readonly kind = 'simulator' as const;
  private presses = 0;

  constructor(private readonly random: () => number = Math.random) {}

  capture(request: CaptureRequest): Promise<CaptureInput> {
    if (request.fingerSeed === undefined) return Promise.reject(new DriverError('no-finger-chosen'));
    // The first impressions are the demo's enrolled ones; a press is any later one, different each time.
    const impression =
      DEMO_ENROLMENT_IMPRESSIONS + ((Math.floor(this.random() * 1_000_000) + this.presses++) % 1_000_000);
    return Promise.resolve({ kind: 'synthetic', seed: request.fingerSeed >>> 0, impression });
  }
}

/** A finger nobody is enrolled with: a random seed (the chance it is someone's is 1 in 4 billion). */
export function unknownFingerSeed(random: () => number = Math.random): number {
  return Math.floor(random() * 0xffffffff) >>> 0;
}
