/**
 * Worker thread of bench:fingerprint: grows generated fingers and extracts the asked impressions
 * (careful profile, as the kiosk sees them). Generating 3,000+ strangers is the slow part of the
 * roster figures; two threads halve it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { extract } from '../../src/fingerprint/extract/index.ts';
import { FingerprintError } from '../../src/fingerprint/messages.ts';
import {
  generateMaster,
  randomImpressionOptions,
  renderImpression,
} from '../../src/fingerprint/synth/index.ts';
import type { Template } from '../../src/fingerprint/template/types.ts';

export interface SynthJob {
  seed: number;
  impressions: number[];
}
export type SynthResult = { seed: number; templates: (Template | null)[] };

function templates(job: SynthJob): SynthResult {
  const master = generateMaster(job.seed);
  return {
    seed: job.seed,
    templates: job.impressions.map((i) => {
      try {
        return extract(renderImpression(master, randomImpressionOptions(job.seed, i, 20, 'careful')));
      } catch (error) {
        if (error instanceof FingerprintError) return null;
        throw error;
      }
    }),
  };
}

if (parentPort) parentPort.postMessage((workerData as { jobs: SynthJob[] }).jobs.map(templates));
