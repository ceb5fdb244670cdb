import type { Template } from '../template/types.ts';
import { Matcher } from '../match/matcher.ts';
import { pack } from '../match/packed.ts';
import { buildProbeIndex } from '../match/probe.ts';
import { identifyPack, type GalleryData, type IdentifyResult } from './gallery.ts';

/** Messages between the main thread and an identification worker (Web Worker or worker_threads). */
export type WorkerRequest =
  | { type: 'load'; offset: number; data: GalleryData }
  | { type: 'identify'; id: number; probe: Template; threshold: number };

export type WorkerReply =
  | { type: 'loaded'; count: number }
  | { type: 'result'; id: number; result: IdentifyResult }
  | { type: 'error'; id: number; message: string };

/** The worker side, independent of the worker API: feed it requests, send back what it returns. */
export function createWorkerHandler(): (msg: WorkerRequest) => WorkerReply {
  const matcher = new Matcher();
  let shard: { offset: number; data: GalleryData } | undefined;
  return (msg) => {
    if (msg.type === 'load') {
      shard = { offset: msg.offset, data: msg.data };
      return { type: 'loaded', count: msg.data.ids.length };
    }
    try {
      if (!shard) throw new Error('no gallery loaded');
      const probe = buildProbeIndex(pack([msg.probe]));
      const result = identifyPack(probe, shard.data, matcher, {
        threshold: msg.threshold,
        indexOffset: shard.offset,
      });
      return { type: 'result', id: msg.id, result };
    } catch (error) {
      return { type: 'error', id: msg.id, message: error instanceof Error ? error.message : String(error) };
    }
  };
}
