// The kiosk's 1:N search, split over two threads: the engine worker searches one half of the
// roster and a second worker the other half at the same time, so a press on a 500-person site
// (1,500 templates) costs about half the search. A cheap tablet has several slow cores and the
// page is idle while the engine works.
import { Matcher } from '../../match/matcher.ts';
import { pack } from '../../match/packed.ts';
import { buildProbeIndex } from '../../match/probe.ts';
import {
  galleryTransfer,
  identifyPack,
  mergeResults,
  type Gallery,
  type GalleryData,
  type IdentifyResult,
} from '../../identify/gallery.ts';
import type { WorkerLike } from '../../identify/pool.ts';
import type { WorkerReply } from '../../identify/protocol.ts';
import { MATCH_THRESHOLD } from '../../messages.ts';
import type { Template } from '../../template/types.ts';

/** Rosters smaller than this are searched in one thread (a few tens of ms: a second worker is not worth its start). */
export const SPLIT_FROM_TEMPLATES = 300;

/** Makes the second worker and wires its replies (a Web Worker in the scanner page, an in-process fake in tests). */
export type SearchWorkerFactory = (
  onReply: (reply: WorkerReply) => void,
  onFailure: () => void,
) => WorkerLike;

export class RosterSearch {
  private readonly matcher = new Matcher();
  private gallery: Gallery | undefined;
  /** The part searched in this thread: the whole roster, or its first half. */
  private own: { offset: number; data: GalleryData } = {
    offset: 0,
    data: { pack: pack([]), ids: [] },
  };
  private helper: WorkerLike | undefined;
  private split = false;
  private failed = false;
  private next = 1;
  private readonly pending = new Map<number, (result: IdentifyResult | null) => void>();

  /** `threads`: how many threads may search (navigator.hardwareConcurrency); 1 never splits. */
  constructor(
    private readonly factory: SearchWorkerFactory | undefined,
    private readonly threads: number,
  ) {}

  get size(): number {
    return this.gallery?.size ?? 0;
  }

  /** Whether the current roster is searched in two threads. */
  get splitInTwo(): boolean {
    return this.split;
  }

  load(gallery: Gallery): void {
    this.gallery = gallery;
    this.split = !!this.factory && !this.failed && this.threads >= 2 && gallery.size >= SPLIT_FROM_TEMPLATES;
    if (!this.split) {
      this.own = { offset: 0, data: gallery.data };
      return;
    }
    const [first, second] = gallery.shards(2);
    this.own = first!;
    this.helper ??= this.factory!(
      (reply) => this.onReply(reply),
      () => this.fail(),
    );
    // The second half's arrays are copies (Gallery.shards): transferring them leaves the gallery whole.
    this.helper.postMessage(
      { type: 'load', offset: second!.offset, data: second!.data },
      galleryTransfer(second!.data),
    );
  }

  async identify(template: Template, threshold = MATCH_THRESHOLD): Promise<IdentifyResult> {
    const gallery = this.gallery;
    let other: Promise<IdentifyResult | null> | undefined;
    if (this.split && this.helper) {
      const id = this.next++;
      other = new Promise((resolve) => this.pending.set(id, resolve));
      this.helper.postMessage({ type: 'identify', id, probe: template, threshold });
    }
    const probe = buildProbeIndex(pack([template]));
    const mine = identifyPack(probe, this.own.data, this.matcher, {
      threshold,
      indexOffset: this.own.offset,
    });
    if (!other) return mine;
    const theirs = await other;
    if (theirs) return mergeResults([mine, theirs], threshold);
    // The second worker failed: search the whole roster here (slower, never wrong).
    return identifyPack(probe, gallery!.data, this.matcher, { threshold });
  }

  private onReply(reply: WorkerReply): void {
    if (reply.type === 'loaded') return;
    const resolve = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    resolve?.(reply.type === 'result' ? reply.result : null);
  }

  /** The second worker cannot be used: from now on every search runs in this thread. */
  private fail(): void {
    this.failed = true;
    this.split = false;
    this.helper?.terminate();
    this.helper = undefined;
    if (this.gallery) this.own = { offset: 0, data: this.gallery.data };
    for (const resolve of this.pending.values()) resolve(null);
    this.pending.clear();
  }
}
