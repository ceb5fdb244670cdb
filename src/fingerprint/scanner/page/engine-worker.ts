/// <reference lib="webworker" />
// The scanner page's engine, in a Web Worker: the roster's gallery is built here once (and again
// when the roster changes), and every press is extracted and identified here, so the page stays
// responsive. An enrolment is checked here only for impressions that match each other: whether the
// finger is someone else's is the server's check (fingerprint-enrol), so no gallery of other people's
// fingers ever reaches this page unless it is a kiosk's or an admin's roster.
import { decodeImage } from '../../decode/index.ts';
import { enrol } from '../../enrol/enrol.ts';
import { extract } from '../../extract/index.ts';
import { FingerprintError } from '../../messages.ts';
import type { GrayImage } from '../../image.ts';
import { syntheticImpression, type MasterFinger } from '../../synth/index.ts';
import { decompressDemoFinger, demoFinger } from '../../synth/demo-finger.ts';
import { templateFromBase64, templateToBase64 } from '../../template/binary.ts';
import { fromIso } from '../../template/iso.ts';
import type { Template } from '../../template/types.ts';
import type { CaptureInput, EngineReply, EngineRequest, FingerSource } from './engine-protocol.ts';
import { RosterGallery } from './roster-gallery.ts';
import { RosterSearch } from './roster-search.ts';
import type { WorkerReply } from '../../identify/protocol.ts';

// The roster, searched in two threads when it is large (this worker and a second one).
const roster = new RosterSearch(
  (onReply, onFailure) => {
    const worker = new Worker(new URL('../../identify/browser-worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => onReply(event.data);
    worker.onerror = onFailure;
    return worker;
  },
  Math.min(2, self.navigator?.hardwareConcurrency || 1),
);
// The roster's gallery, rebuilt by packing only the rows it has not packed yet.
const rosterGallery = new RosterGallery();
// The simulator's fingers, by seed: fetched from the database (demo_fingers) or grown here (0.3 s
// each); an impression of one then takes ~15 ms.
const masters = new Map<number, MasterFinger>();

async function master(
  input: Extract<CaptureInput, { kind: 'synthetic' }>,
): Promise<{ finger: MasterFinger; source: FingerSource }> {
  const kept = masters.get(input.seed);
  if (kept) return { finger: kept, source: 'kept' };
  const stored = input.finger ? await decompressDemoFinger(input.finger, input.seed) : null;
  const finger = stored ?? demoFinger(input.seed);
  if (masters.size > 64) masters.clear();
  masters.set(input.seed, finger);
  return { finger, source: stored ? 'stored' : 'grown' };
}

async function templateOf(
  input: CaptureInput,
  timings: { captureMs: number; extractMs: number; finger?: FingerSource } = { captureMs: 0, extractMs: 0 },
): Promise<Template> {
  const t0 = performance.now();
  let image: GrayImage | null = null;
  if (input.kind === 'image') image = input.image;
  else if (input.kind === 'file') image = decodeImage(input.bytes);
  else if (input.kind === 'synthetic') {
    const { finger, source } = await master(input);
    timings.finger = source;
    image = syntheticImpression(finger, input.impression);
  }
  const t1 = performance.now();
  const template = image ? extract(image) : fromIso((input as { bytes: Uint8Array }).bytes);
  timings.captureMs = t1 - t0;
  timings.extractMs = performance.now() - t1;
  return template;
}

function handle(msg: EngineRequest): EngineReply {
  try {
    switch (msg.type) {
      case 'gallery': {
        const started = performance.now();
        const built = rosterGallery.build(msg.rows);
        roster.load(built.gallery);
        return {
          type: 'gallery',
          id: msg.id,
          size: roster.size,
          fingers: built.fingers,
          packedRows: built.packedRows,
          ms: performance.now() - started,
        };
      }
      case 'identify':
      case 'extract':
      case 'enrol':
        throw new Error(`${msg.type} is asynchronous`);
    }
  } catch (error) {
    return errorReply(msg.id, error);
  }
}

function errorReply(id: number, error: unknown): EngineReply {
  return error instanceof FingerprintError
    ? { type: 'error', id, code: error.code, message: error.message }
    : {
        type: 'error',
        id,
        code: 'internal',
        message: error instanceof Error ? error.message : String(error),
      };
}

async function handleIdentify(msg: Extract<EngineRequest, { type: 'identify' }>): Promise<EngineReply> {
  try {
    const timings: Extract<EngineReply, { type: 'identify' }>['timings'] = {
      captureMs: 0,
      extractMs: 0,
      identifyMs: 0,
      searchThreads: roster.splitInTwo ? 2 : 1,
    };
    const template = await templateOf(msg.input, timings);
    const t0 = performance.now();
    const result = await roster.identify(template);
    timings.identifyMs = performance.now() - t0;
    return {
      type: 'identify',
      id: msg.id,
      result,
      quality: template.quality,
      minutiae: template.minutiae.length,
      timings,
    };
  } catch (error) {
    return errorReply(msg.id, error);
  }
}

async function handleExtract(msg: Extract<EngineRequest, { type: 'extract' }>): Promise<EngineReply> {
  try {
    const template = await templateOf(msg.input);
    return {
      type: 'extract',
      id: msg.id,
      template: templateToBase64(template),
      quality: template.quality,
      minutiae: template.minutiae.length,
    };
  } catch (error) {
    return errorReply(msg.id, error);
  }
}

async function handleEnrol(msg: Extract<EngineRequest, { type: 'enrol' }>): Promise<EngineReply> {
  try {
    const impressions = msg.templates.map(templateFromBase64);
    const done = await enrol(impressions);
    return {
      type: 'enrol',
      id: msg.id,
      status: 'ok',
      templates: done.templates.map(templateToBase64),
      quality: done.quality,
    };
  } catch (error) {
    if (error instanceof FingerprintError && error.code === 'inconsistent-impressions')
      return { type: 'enrol', id: msg.id, status: 'inconsistent', detail: error.detail ?? '' };
    return errorReply(msg.id, error);
  }
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<EngineRequest>) => {
  const msg = event.data;
  if (msg.type === 'enrol') void handleEnrol(msg).then((reply) => scope.postMessage(reply));
  else if (msg.type === 'identify') void handleIdentify(msg).then((reply) => scope.postMessage(reply));
  else if (msg.type === 'extract') void handleExtract(msg).then((reply) => scope.postMessage(reply));
  else scope.postMessage(handle(msg));
};
