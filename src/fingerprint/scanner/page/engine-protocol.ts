// Messages between the scanner page and its engine worker (extraction, the simulator's generator,
// the roster's gallery, identification, enrolment). Images and templates stay inside the page.
import type { GrayImage } from '../../image.ts';
import type { IdentifyResult } from '../../identify/gallery.ts';

/** What a capture driver hands the engine: an image, a vendor template, or a simulated press. */
export type CaptureInput =
  | { kind: 'image'; image: GrayImage }
  | { kind: 'file'; bytes: Uint8Array }
  | { kind: 'iso'; bytes: Uint8Array; image?: GrayImage }
  /** `finger`: the stored demo finger of `seed` when the page could fetch it (else the engine grows it). */
  | { kind: 'synthetic'; seed: number; impression: number; finger?: Uint8Array };

/** A roster or gallery row as the database returns it (bytea as PostgREST's `\x…` hex). */
export interface TemplateRow {
  id: string;
  template: string;
  format: string;
}

export type FingerSource = 'stored' | 'grown' | 'kept';

export type EngineRequest =
  | { type: 'gallery'; id: number; rows: TemplateRow[] }
  | { type: 'identify'; id: number; input: CaptureInput }
  | { type: 'extract'; id: number; input: CaptureInput }
  | { type: 'enrol'; id: number; templates: string[] };

export type EngineReply =
  /** `size`: templates (an enrolled finger may keep several impressions); `fingers`: enrolled fingers; `packedRows`: rows packed by this build (the others were kept from the last one). */
  | { type: 'gallery'; id: number; size: number; fingers: number; packedRows: number; ms: number }
  | {
      type: 'identify';
      id: number;
      result: IdentifyResult;
      quality: number;
      minutiae: number;
      /** Where the time went, in the worker: capture (decoding or the simulator's synthesis), extraction, 1:N search (in how many threads). */
      timings: {
        captureMs: number;
        extractMs: number;
        identifyMs: number;
        searchThreads: number;
        /** A simulated press: the finger was the stored one, grown here, or already kept by the engine. */
        finger?: FingerSource;
      };
    }
  | { type: 'extract'; id: number; template: string; quality: number; minutiae: number }
  | { type: 'enrol'; id: number; status: 'ok'; templates: string[]; quality: number }
  | { type: 'enrol'; id: number; status: 'inconsistent'; detail: string }
  | { type: 'error'; id: number; code: string; message: string };
