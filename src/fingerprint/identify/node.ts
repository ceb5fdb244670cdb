import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Gallery } from './gallery.ts';
import { ShardedIdentifier, type WorkerLike } from './pool.ts';
import type { WorkerReply } from './protocol.ts';

/**
 * Node: shard a gallery across worker_threads. The worker is the TypeScript entry run through the tsx
 * loader (a dependency of the project); pass `entry` for a compiled build.
 */
export function createNodeIdentifier(
  gallery: Gallery,
  shards = availableParallelism(),
  entry: URL = new URL('./node-worker.ts', import.meta.url),
  typescript = entry.pathname.endsWith('.ts'),
): ShardedIdentifier {
  // A .ts entry is loaded through tsx's ESM hooks, registered inside the worker itself.
  const source = typescript
    ? `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`
    : `import(${JSON.stringify(entry.href)});`;
  return new ShardedIdentifier(gallery, shards, (onReply) => {
    const w = new Worker(source, { eval: true });
    w.on('message', (reply: WorkerReply) => onReply(reply));
    return w as unknown as WorkerLike;
  });
}
