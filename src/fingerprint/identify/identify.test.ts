import { afterAll, describe, expect, it } from 'vitest';
import { randomTemplate, templateOf } from '../testing.ts';
import type { Template } from '../template/types.ts';
import { Gallery, mergeResults, type GalleryEntry } from './gallery.ts';
import { createNodeIdentifier } from './node.ts';
import { ShardedIdentifier } from './pool.ts';
import { createWorkerHandler, type WorkerRequest } from './protocol.ts';

const PEOPLE = [41, 42, 43, 44, 45, 46];

describe('1:N identification', () => {
  const entries: GalleryEntry[] = [];
  for (let i = 0; i < 150; i++) entries.push({ id: `pad-${i}`, template: randomTemplate(1000 + i, 35) });
  for (const seed of PEOPLE) entries.push({ id: `person-${seed}`, template: templateOf(seed, { seed: 1 }) });
  for (let i = 150; i < 300; i++) entries.push({ id: `pad-${i}`, template: randomTemplate(1000 + i, 35) });
  const gallery = Gallery.build(entries);
  const probes = new Map<number, Template>(
    PEOPLE.map((seed) => [
      seed,
      templateOf(seed, { seed: 7, rotation: seed % 2 ? 20 : -20, dx: 15, dy: -10 }),
    ]),
  );
  const stranger = templateOf(49, { seed: 2 });
  let sharded: ShardedIdentifier | undefined;

  afterAll(async () => {
    await sharded?.close();
  });

  it('finds the right person among generated fingers and padding', () => {
    expect(gallery.size).toBe(306);
    for (const [seed, probe] of probes) {
      const r = gallery.identify(probe);
      expect(r.id).toBe(`person-${seed}`);
      expect(r.matched).toBe(true);
      expect(r.score).toBeGreaterThan(r.runnerUpScore);
      expect(r.runnerUpId).not.toBe(r.id);
      expect(r.compared).toBe(306);
    }
  });

  it('does not match a finger that is not enrolled', () => {
    const r = gallery.identify(stranger);
    expect(r.matched).toBe(false);
  });

  it('merges shard results by score', () => {
    const a = {
      id: 'a',
      index: 1,
      score: 50,
      runnerUpId: 'b',
      runnerUpScore: 20,
      matched: true,
      compared: 10,
    };
    const b = {
      id: 'c',
      index: 12,
      score: 30,
      runnerUpId: 'd',
      runnerUpScore: 25,
      matched: false,
      compared: 10,
    };
    expect(mergeResults([b, a])).toMatchObject({
      id: 'a',
      index: 1,
      runnerUpId: 'c',
      runnerUpScore: 30,
      compared: 20,
    });
  });

  it('shards through the worker protocol (in-process workers, as Web Workers would run it)', async () => {
    const posted: number[] = [];
    const inProcess = new ShardedIdentifier(gallery, 3, (onReply) => {
      const handle = createWorkerHandler();
      return {
        postMessage(msg: WorkerRequest, transfer?: ArrayBuffer[]) {
          posted.push(transfer?.length ?? 0);
          const copy = structuredClone(msg);
          setTimeout(() => onReply(handle(copy)), 0);
        },
        terminate() {},
      };
    });
    await inProcess.ready();
    expect(posted.slice(0, 3).every((n) => n >= 10)).toBe(true); // typed arrays transferred
    const [seed, probe] = [...probes][1]!;
    const r = await inProcess.identify(probe);
    expect(r).toMatchObject({ id: `person-${seed}`, matched: true, compared: 306 });
    await inProcess.close();
  });

  it('gives the same answer sharded across worker_threads', async () => {
    sharded = createNodeIdentifier(gallery, 2);
    await sharded.ready();
    for (const [seed, probe] of [...probes].slice(0, 3)) {
      const local = gallery.identify(probe);
      const remote = await sharded.identify(probe);
      expect(remote.id).toBe(`person-${seed}`);
      expect(remote.index).toBe(local.index);
      expect(remote.score).toBeCloseTo(local.score, 6);
      expect(remote.compared).toBe(306);
    }
    expect((await sharded.identify(stranger)).matched).toBe(false);
  }, 30_000);
});
