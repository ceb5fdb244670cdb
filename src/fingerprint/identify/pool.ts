import { MATCH_THRESHOLD } from '../messages.ts';
import type { Template } from '../template/types.ts';
import { galleryTransfer, mergeResults, type Gallery, type IdentifyResult } from './gallery.ts';
import type { WorkerReply, WorkerRequest } from './protocol.ts';

/** What we need of a Web Worker or a worker_threads Worker. */
export interface WorkerLike {
  postMessage(message: WorkerRequest, transfer?: Transferable[] | ArrayBuffer[]): void;
  terminate(): unknown;
}

/** Create a worker and wire its replies to `onReply`. */
export type WorkerFactory = (onReply: (reply: WorkerReply) => void) => WorkerLike;

/**
 * A gallery sharded across workers: each worker holds a contiguous part (its typed arrays transferred,
 * not copied) and searches it; the main thread merges the best candidates.
 */
export class ShardedIdentifier {
  private readonly workers: WorkerLike[] = [];
  private readonly pending = new Map<
    number,
    {
      parts: IdentifyResult[];
      resolve: (r: IdentifyResult) => void;
      reject: (e: Error) => void;
      threshold: number;
    }
  >();
  private nextId = 1;
  private loaded: Promise<void>;
  readonly size: number;

  constructor(gallery: Gallery, shards: number, factory: WorkerFactory) {
    this.size = gallery.size;
    const parts = gallery.shards(Math.max(1, Math.min(shards, gallery.size || 1)));
    const loads: Promise<void>[] = [];
    for (const part of parts) {
      let onLoaded: () => void = () => {};
      loads.push(new Promise<void>((resolve) => (onLoaded = resolve)));
      const worker = factory((reply) => {
        if (reply.type === 'loaded') onLoaded();
        else this.onResult(reply);
      });
      worker.postMessage({ type: 'load', offset: part.offset, data: part.data }, galleryTransfer(part.data));
      this.workers.push(worker);
    }
    this.loaded = Promise.all(loads).then(() => undefined);
  }

  ready(): Promise<void> {
    return this.loaded;
  }

  async identify(probe: Template, threshold = MATCH_THRESHOLD): Promise<IdentifyResult> {
    await this.loaded;
    const id = this.nextId++;
    return new Promise<IdentifyResult>((resolve, reject) => {
      this.pending.set(id, { parts: [], resolve, reject, threshold });
      for (const w of this.workers) w.postMessage({ type: 'identify', id, probe, threshold });
    });
  }

  private onResult(reply: WorkerReply): void {
    if (reply.type === 'loaded') return;
    const job = this.pending.get(reply.id);
    if (!job) return;
    if (reply.type === 'error') {
      this.pending.delete(reply.id);
      job.reject(new Error(reply.message));
      return;
    }
    job.parts.push(reply.result);
    if (job.parts.length === this.workers.length) {
      this.pending.delete(reply.id);
      job.resolve(mergeResults(job.parts, job.threshold));
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers.length = 0;
  }
}

/** Browser: shard a gallery across Web Workers. */
export function createBrowserIdentifier(
  gallery: Gallery,
  shards = globalThis.navigator?.hardwareConcurrency || 2,
): ShardedIdentifier {
  return new ShardedIdentifier(gallery, shards, (onReply) => {
    const w = new Worker(new URL('./browser-worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<WorkerReply>) => onReply(e.data);
    return w as unknown as WorkerLike;
  });
}
