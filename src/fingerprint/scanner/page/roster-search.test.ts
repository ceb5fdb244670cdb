import { describe, expect, it } from 'vitest';
import { Gallery, type GalleryEntry } from '../../identify/gallery.ts';
import { createWorkerHandler, type WorkerReply, type WorkerRequest } from '../../identify/protocol.ts';
import { randomTemplate, templateOf } from '../../testing.ts';
import { RosterSearch, SPLIT_FROM_TEMPLATES, type SearchWorkerFactory } from './roster-search.ts';

/** A second "worker" in this thread: the real worker handler, answering asynchronously like a worker. */
function inProcessWorker(options: { crash?: boolean } = {}) {
  const made = { workers: 0, searches: 0 };
  const factory: SearchWorkerFactory = (onReply, onFailure) => {
    made.workers++;
    const handle = createWorkerHandler();
    return {
      postMessage(message: WorkerRequest) {
        if (message.type === 'identify') made.searches++;
        setTimeout(() => {
          if (options.crash && message.type === 'identify') onFailure();
          else onReply(handle(message) as WorkerReply);
        }, 0);
      },
      terminate() {},
    };
  };
  return { factory, made };
}

// Three templates per person, as a kiosk's roster stores them; six generated people, three in
// each half of the roster, among padding.
const PEOPLE = [41, 42, 43, 44, 45, 46];
const entries: GalleryEntry[] = [];
const enrolPerson = (seed: number) => {
  for (let k = 1; k <= 3; k++)
    entries.push({ id: `person-${seed}`, template: templateOf(seed, { seed: k }) });
};
PEOPLE.slice(0, 3).forEach(enrolPerson);
for (let i = 0; i < 110; i++)
  for (let k = 0; k < 3; k++)
    entries.push({ id: `pad-${i}`, template: randomTemplate(5000 + i * 3 + k, 35) });
PEOPLE.slice(3).forEach(enrolPerson);
const gallery = Gallery.build(entries);
const probes = PEOPLE.map((seed) => ({
  id: `person-${seed}`,
  template: templateOf(seed, { seed: 9, rotation: seed % 2 ? 15 : -15, dx: 10, dy: -8 }),
}));
const stranger = templateOf(49, { seed: 2 });

describe('the kiosk roster search in two threads', () => {
  it('gives the same answer as one thread, for people in either half and for a stranger', async () => {
    expect(gallery.size).toBeGreaterThanOrEqual(SPLIT_FROM_TEMPLATES);
    const { factory, made } = inProcessWorker();
    const search = new RosterSearch(factory, 2);
    search.load(gallery);
    expect(search.splitInTwo).toBe(true);
    for (const probe of [...probes, { id: null, template: stranger }]) {
      const alone = gallery.identify(probe.template);
      const split = await search.identify(probe.template);
      expect(split.id).toBe(alone.id);
      expect(split.score).toBeCloseTo(alone.score, 9);
      // Each half shortlists its own best candidates for the full comparison, so two threads compare
      // a superset of what one thread does: the runner-up can only be found higher, never missed.
      expect(split.runnerUpScore).toBeGreaterThanOrEqual(alone.runnerUpScore - 1e-9);
      expect(split.compared).toBe(gallery.size);
      if (probe.id) expect(split.id).toBe(probe.id);
    }
    expect(made).toEqual({ workers: 1, searches: probes.length + 1 });
  });

  it('keeps one thread for a small roster or a single core', async () => {
    const { factory, made } = inProcessWorker();
    const small = new RosterSearch(factory, 2);
    small.load(Gallery.build(entries.slice(-30)));
    expect(small.splitInTwo).toBe(false);
    expect((await small.identify(probes.at(-1)!.template)).id).toBe(probes.at(-1)!.id);
    const oneCore = new RosterSearch(factory, 1);
    oneCore.load(gallery);
    expect(oneCore.splitInTwo).toBe(false);
    expect(made.workers).toBe(0);
  });

  it('searches the whole roster itself when the second worker fails, and from then on', async () => {
    const { factory } = inProcessWorker({ crash: true });
    const search = new RosterSearch(factory, 2);
    search.load(gallery);
    const last = probes.at(-1)!;
    expect((await search.identify(last.template)).id).toBe(last.id);
    expect(search.splitInTwo).toBe(false);
    const again = await search.identify(probes[0]!.template);
    expect(again.id).toBe(probes[0]!.id);
    expect(again.compared).toBe(gallery.size);
  });
});
