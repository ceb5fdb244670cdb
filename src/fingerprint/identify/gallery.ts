import { FingerprintError, IDENTIFICATION, MATCH_THRESHOLD } from '../messages.ts';
import type { Template } from '../template/types.ts';
import { compareFused } from '../match/fusion.ts';
import { Matcher } from '../match/matcher.ts';
import { pack, packBuffers, slicePacked, type PackedTemplates } from '../match/packed.ts';
import { buildProbeIndex, type ProbeIndex } from '../match/probe.ts';

export interface GalleryEntry {
  /** Who the template belongs to (an employee id). Several templates may share an id. */
  id: string;
  template: Template;
}

/** The part of a gallery that crosses to a worker: typed arrays (transferable) and the ids. */
export interface GalleryData {
  pack: PackedTemplates;
  ids: string[];
}

export interface IdentifyResult {
  /** Best candidate's id, or null for an empty gallery. */
  id: string | null;
  /** Index of the best template in the gallery. */
  index: number;
  score: number;
  /** Best candidate with another id than `id`. */
  runnerUpId: string | null;
  runnerUpScore: number;
  /** Whether the best score clears the threshold. */
  matched: boolean;
  /** Templates compared. */
  compared: number;
}

export interface IdentifyOptions {
  threshold?: number;
}

/** Roots tried per candidate in the first pass of identification. */
export const SCREEN_ROOTS: number = IDENTIFICATION.SCREEN_ROOTS;
/** Candidates re-scored with the full comparison in the second pass. */
export const SHORTLIST: number = IDENTIFICATION.SHORTLIST;
/** Nearest edges per candidate minutia looked up in the screening pass. */
export const SCREEN_EDGES: number = IDENTIFICATION.SCREEN_EDGES;

export interface PackSearch {
  /** The score from which a comparison is a match (MATCH_THRESHOLD by default). */
  threshold?: number;
  /** Added to the pack's template indexes in the result (a shard's place in the whole gallery). */
  indexOffset?: number;
}

/**
 * Compare a probe against every template of a pack and keep the best two distinct ids. Two passes: a
 * quick screen of every candidate (few root pairs; candidates without any root pair are left at once),
 * then the full comparison of the shortlist (edge table and cylinders, fused). Reported scores are full
 * comparisons.
 */
export function identifyPack(
  probe: ProbeIndex,
  data: GalleryData,
  matcher: Matcher,
  { threshold = MATCH_THRESHOLD, indexOffset = 0 }: PackSearch = {},
): IdentifyResult {
  const { pack: p, ids } = data;
  const shortIndex = new Int32Array(SHORTLIST).fill(-1);
  const shortScore = new Float64Array(SHORTLIST).fill(-1);
  for (let i = 0; i < p.count; i++) {
    const s = matcher.compare(probe, p, i, SCREEN_ROOTS, SCREEN_EDGES);
    if (s <= 0 || s <= shortScore[SHORTLIST - 1]!) continue;
    let k = SHORTLIST - 1;
    while (k > 0 && shortScore[k - 1]! < s) {
      shortScore[k] = shortScore[k - 1]!;
      shortIndex[k] = shortIndex[k - 1]!;
      k--;
    }
    shortScore[k] = s;
    shortIndex[k] = i;
  }
  let best = -1;
  let bestScore = 0;
  let second: string | null = null;
  let secondScore = 0;
  for (let k = 0; k < SHORTLIST; k++) {
    const i = shortIndex[k]!;
    if (i < 0) break;
    const s = compareFused(matcher, probe, p, i);
    const id = ids[i]!;
    if (best < 0 || s > bestScore) {
      if (best >= 0 && ids[best] !== id && bestScore > secondScore) {
        second = ids[best]!;
        secondScore = bestScore;
      }
      best = i;
      bestScore = s;
    } else if (id !== ids[best] && s > secondScore) {
      second = id;
      secondScore = s;
    }
  }
  return {
    id: best >= 0 ? ids[best]! : null,
    index: best >= 0 ? best + indexOffset : -1,
    score: bestScore,
    runnerUpId: second,
    runnerUpScore: secondScore,
    matched: best >= 0 && bestScore >= threshold,
    compared: p.count,
  };
}

/** Merge results of shards (indices already global). */
export function mergeResults(parts: IdentifyResult[], threshold = MATCH_THRESHOLD): IdentifyResult {
  const cands: { id: string; score: number; index: number }[] = [];
  let compared = 0;
  for (const r of parts) {
    compared += r.compared;
    if (r.id !== null) cands.push({ id: r.id, score: r.score, index: r.index });
    if (r.runnerUpId !== null) cands.push({ id: r.runnerUpId, score: r.runnerUpScore, index: -1 });
  }
  cands.sort((a, b) => b.score - a.score || a.index - b.index);
  const top = cands.find((c) => c.index >= 0) ?? cands[0];
  const runner = cands.find((c) => top && c.id !== top.id);
  return {
    id: top?.id ?? null,
    index: top?.index ?? -1,
    score: top?.score ?? 0,
    runnerUpId: runner?.id ?? null,
    runnerUpScore: runner?.score ?? 0,
    matched: !!top && top.score >= threshold,
    compared,
  };
}

/** A gallery built once from many templates, searched in this thread. */
export class Gallery {
  readonly data: GalleryData;
  private readonly matcher = new Matcher();

  constructor(data: GalleryData) {
    if (data.pack.count !== data.ids.length)
      throw new FingerprintError('bad-argument', 'ids and templates differ');
    this.data = data;
  }

  static build(entries: readonly GalleryEntry[]): Gallery {
    return new Gallery({ pack: pack(entries.map((e) => e.template)), ids: entries.map((e) => e.id) });
  }

  get size(): number {
    return this.data.ids.length;
  }

  identify(probe: Template, options: IdentifyOptions = {}): IdentifyResult {
    const index = buildProbeIndex(pack([probe]));
    return identifyPack(index, this.data, this.matcher, { threshold: options.threshold });
  }

  /** Split into `n` contiguous shards (for workers); each shard keeps its global offset. */
  shards(n: number): { offset: number; data: GalleryData }[] {
    const out: { offset: number; data: GalleryData }[] = [];
    const total = this.size;
    const templates = this.data;
    for (let s = 0; s < n; s++) {
      const from = Math.floor((s * total) / n);
      const to = Math.floor(((s + 1) * total) / n);
      out.push({ offset: from, data: sliceGallery(templates, from, to) });
    }
    return out;
  }
}

/** Templates [from, to) of a gallery as a new pack (copies the typed arrays). */
export function sliceGallery(g: GalleryData, from: number, to: number): GalleryData {
  return { ids: g.ids.slice(from, to), pack: slicePacked(g.pack, from, to) };
}

export function galleryTransfer(g: GalleryData): ArrayBuffer[] {
  return packBuffers(g.pack);
}
