/**
 * Fingerprint benchmark on sets in the FVC layout (DB1_B/101_1.tif … 110_8.tif, any number of sets).
 * Prints JSON: per set and pooled EER, FNMR at FMR ≤ 1 % / 0.1 %, failure to enrol, extraction and
 * comparison times, 1:N identification times for galleries of 500 and 10,000 templates, and the same
 * accuracy figures on generated fingers (realism of the synthetic generator).
 *
 *   npm run bench:fingerprint -- [--data <folder>] [--sets DB1_B,DB3_B] [--dpi DB2_B=569,DB5=1000]
 *                                [--no-identify] [--no-synthetic] [--probes 20] [--calibrate]
 *                                [--no-rosters] [--roster-people 500] [--roster-strangers 1000] [--roster-fillers 100]
 *
 * `rosters` reports the kiosk's decision for rosters of 40, 500 and 5,000 people, on FVC2002 and on
 * generated fingers: FPIR, one-press FNIR and their 95 % upper bounds (bench/lib/fingerprint-rosters.ts).
 * Showing FPIR ≤ 0.1 % needs ≥ 3,000 stranger presses without a false match: `--roster-strangers 3000`
 * (about 10 minutes more on two threads).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decodeImage } from '../src/fingerprint/decode/index.ts';
import { extract } from '../src/fingerprint/extract/index.ts';
import { Gallery, type GalleryEntry } from '../src/fingerprint/identify/gallery.ts';
import {
  chimera,
  fvcPopulation,
  rosterCounts,
  rosterReport,
  syntheticPopulation,
} from './lib/fingerprint-rosters.ts';
import { createNodeIdentifier } from '../src/fingerprint/identify/node.ts';
import { calibrate } from '../src/fingerprint/match/calibration.ts';
import { cylinderScore } from '../src/fingerprint/match/cylinders.ts';
import { cylindersOf, fusedRaw } from '../src/fingerprint/match/fusion.ts';
import { Matcher } from '../src/fingerprint/match/matcher.ts';
import { pack, type PackedTemplates } from '../src/fingerprint/match/packed.ts';
import { buildProbeIndex, type ProbeIndex } from '../src/fingerprint/match/probe.ts';
import { FingerprintError, MATCH_THRESHOLD } from '../src/fingerprint/messages.ts';
import { errorRates, median } from '../src/fingerprint/metrics.ts';
import { generateMaster, randomImpressionOptions, renderImpression } from '../src/fingerprint/synth/index.ts';
import { Random } from '../src/fingerprint/synth/random.ts';
import type { Template } from '../src/fingerprint/template/types.ts';
import { fromIso } from '../src/fingerprint/template/iso.ts';
import type { GrayImage } from '../src/fingerprint/image.ts';

/** Known resolutions of the FVC2002 sets (all others 500 dpi). */
const DEFAULT_DPI: Record<string, number> = { DB2_B: 569 };

function parseArgs(argv: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      out.set(a.slice(2), next);
      i++;
    } else out.set(a.slice(2), 'true');
  }
  return out;
}

interface Sample {
  set: string;
  finger: number;
  impression: number;
  template: Template | null;
  probe: ProbeIndex | null;
  pack: PackedTemplates | null;
  ms: number;
  cpuMs: number;
}

const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;
const matcher = new Matcher();

function sample(set: string, finger: number, impression: number, image: () => GrayImage): Sample {
  let template: Template | null = null;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  try {
    template = extract(image());
  } catch (error) {
    if (!(error instanceof FingerprintError)) throw error;
  }
  const ms = performance.now() - t0;
  const c1 = process.cpuUsage(c0);
  const cpuMs = (c1.user + c1.system) / 1000;
  const p = template ? pack([template]) : null;
  return { set, finger, impression, template, pack: p, probe: p ? buildProbeIndex(p) : null, ms, cpuMs };
}

function loadSet(dir: string, set: string, dpi: number | undefined): Sample[] {
  const files = readdirSync(dir)
    .filter((f) => /^\d+_\d+\.(tif|tiff|bmp|png)$/i.test(f))
    .sort();
  return files.map((f) => {
    const [finger, impression] = f.split('.')[0]!.split('_').map(Number) as [number, number];
    const bytes = new Uint8Array(readFileSync(join(dir, f)));
    // Decoding is not timed: the time is extraction from a decoded image.
    const image = decodeImage(bytes, dpi);
    return sample(set, finger, impression, () => image);
  });
}

/**
 * When ISO 19794-2 records lie beside the images (`101_1.iso`), compare those instead of our own
 * extraction: same matcher, another extractor's minutiae. Separates extractor and matcher errors.
 */
function isoSet(dir: string, set: string): Sample[] | null {
  const files = readdirSync(dir)
    .filter((f) => /^\d+_\d+\.iso$/i.test(f))
    .sort();
  if (files.length === 0) return null;
  return files.map((f) => {
    const [finger, impression] = f.split('.')[0]!.split('_').map(Number) as [number, number];
    let template: Template | null = null;
    try {
      template = fromIso(new Uint8Array(readFileSync(join(dir, f))));
    } catch (error) {
      if (!(error instanceof FingerprintError)) throw error;
    }
    const p = template ? pack([template]) : null;
    return {
      set,
      finger,
      impression,
      template,
      pack: p,
      probe: p ? buildProbeIndex(p) : null,
      ms: 0,
      cpuMs: 0,
    };
  });
}

/** Generated fingers in the FVC layout: `fingers` × 8 impressions. */
function syntheticSet(fingers: number, seed0: number): Sample[] {
  const out: Sample[] = [];
  for (let f = 0; f < fingers; f++) {
    const master = generateMaster(seed0 + f);
    for (let i = 1; i <= 8; i++) {
      const image = renderImpression(master, randomImpressionOptions(seed0 + f, i, 25, 'field'));
      out.push(sample('synthetic', 101 + f, i, () => image));
    }
  }
  return out;
}

interface PairScores {
  genuine: number[];
  impostor: number[];
  fvcImpostor: number[];
  us: number[];
  /** CPU µs per one-direction comparison, mean over all impostor pairs (both directions). */
  cpuUs: number[];
}

/**
 * Symmetric score as the product compares: the edge-table pairing in both directions (the better one)
 * fused with the cylinders; times one direction and the cylinder comparison of impostor pairs.
 */
function score(a: Sample, b: Sample, us: number[] | null): { score: number; raw: number } {
  if (!a.probe || !b.probe || !a.pack || !b.pack) return { score: 0, raw: 0 };
  const ca = cylindersOf(a.pack, 0);
  const cb = cylindersOf(b.pack, 0);
  const t0 = us ? performance.now() : 0;
  matcher.compare(a.probe, b.pack, 0);
  const r1 = matcher.last.raw;
  const cylinders = r1 > 0 ? cylinderScore(ca, cb) : null;
  if (us) us.push((performance.now() - t0) * 1000);
  matcher.compare(b.probe, a.pack, 0);
  const edgeRaw = Math.max(r1, matcher.last.raw);
  if (edgeRaw <= 0) return { score: 0, raw: 0 };
  const raw = fusedRaw(edgeRaw, cylinders ?? cylinderScore(ca, cb));
  return { score: calibrate(raw), raw };
}

function pairs(samples: Sample[]): PairScores {
  const out: PairScores = { genuine: [], impostor: [], fvcImpostor: [], us: [], cpuUs: [] };
  let cpu = 0;
  for (let i = 0; i < samples.length; i++)
    for (let j = i + 1; j < samples.length; j++) {
      const a = samples[i]!;
      const b = samples[j]!;
      if (a.finger === b.finger) out.genuine.push(score(a, b, null).score);
      else {
        const c0 = process.cpuUsage();
        const s = score(a, b, out.us).score;
        const c1 = process.cpuUsage(c0);
        cpu += c1.user + c1.system;
        out.impostor.push(s);
        if (a.impression === 1 && b.impression === 1) out.fvcImpostor.push(s);
      }
    }
  out.cpuUs.push(cpu / Math.max(1, 2 * out.impostor.length));
  return out;
}

function report(samples: Sample[], p: PairScores, dpi?: number): Record<string, unknown> {
  const all = errorRates(p.genuine, p.impostor);
  const fvc = errorRates(p.genuine, p.fvcImpostor);
  const failures = samples.filter((s) => !s.template).length;
  return {
    images: samples.length,
    ...(dpi !== undefined ? { dpi } : {}),
    genuinePairs: p.genuine.length,
    impostorPairs: p.impostor.length,
    eer: round(all.eer * 100),
    fvcSubsetImpostorPairs: p.fvcImpostor.length,
    eerFvcSubset: round(fvc.eer * 100),
    fnmrAtFmr1: round(all.fnmrAtFmr1 * 100),
    fnmrAtFmr01: round(all.fnmrAtFmr01 * 100),
    fnmrAtThreshold: round((p.genuine.filter((s) => s < MATCH_THRESHOLD).length / p.genuine.length) * 100),
    fmrAtThreshold: round(
      (p.impostor.filter((s) => s >= MATCH_THRESHOLD).length / p.impostor.length) * 100,
      3,
    ),
    failureToEnrol: round((failures / Math.max(1, samples.length)) * 100),
    extractionMsMedian: round(median(samples.map((s) => s.ms)), 1),
    extractionCpuMsMedian: round(median(samples.map((s) => s.cpuMs)), 1),
    comparisonUsMedian: round(median(p.us), 1),
    comparisonCpuUsMean: round(p.cpuUs.reduce((a, b) => a + b, 0) / Math.max(1, p.cpuUs.length), 1),
    meanMinutiae: round(
      samples.reduce((s, x) => s + (x.template?.minutiae.length ?? 0), 0) / samples.length,
      1,
    ),
  };
}

async function identification(
  set: string,
  all: Sample[],
  probesPerSet: number,
  sizes: number[],
): Promise<Record<string, unknown>> {
  const own = all.filter((s) => s.set === set);
  const enrolled = own.filter((s) => s.impression === 1 && s.template);
  const probes = own.filter((s) => s.impression > 1 && s.template).slice(0, probesPerSet);
  const others = all.filter((s) => s.set !== set && s.template).map((s) => s.template!);
  // Without other sets, pad from generated fingers (never from the probes' own fingers).
  if (others.length < 40)
    others.push(...syntheticSet(5, 9000).flatMap((s) => (s.template ? [s.template] : [])));
  const rng = new Random(12345);
  const out: Record<string, unknown> = {};
  for (const size of sizes) {
    const entries: GalleryEntry[] = enrolled.map((s) => ({
      id: `${set}/${s.finger}`,
      template: s.template!,
    }));
    others.slice(0, size - entries.length).forEach((t, i) => entries.push({ id: `other-${i}`, template: t }));
    while (entries.length < size) {
      const a = others[rng.int(0, others.length - 1)]!;
      const b = others[rng.int(0, others.length - 1)]!;
      entries.push({ id: `pad-${entries.length}`, template: chimera(a, b, rng) });
    }
    // Enrolled fingers spread over the gallery, not all in the first shard.
    for (let i = 0; i < enrolled.length; i++) {
      const j = Math.floor(((i + 0.5) * size) / enrolled.length);
      [entries[i], entries[j]] = [entries[j]!, entries[i]!];
    }
    const gallery = Gallery.build(entries);
    const sharded = createNodeIdentifier(gallery, 2);
    await sharded.ready();
    const ms: number[] = [];
    const singleMs: number[] = [];
    const singleCpuMs: number[] = [];
    let correct = 0;
    let accepted = 0;
    for (const p of probes) {
      const t0 = performance.now();
      const r = await sharded.identify(p.template!);
      ms.push(performance.now() - t0);
      if (r.id === `${set}/${p.finger}`) {
        correct++;
        if (r.matched) accepted++;
      }
      if (singleMs.length < 5) {
        const c1 = process.cpuUsage();
        const t1 = performance.now();
        gallery.identify(p.template!);
        singleMs.push(performance.now() - t1);
        const c2 = process.cpuUsage(c1);
        singleCpuMs.push((c2.user + c2.system) / 1000);
      }
    }
    await sharded.close();
    out[`gallery${size}`] = {
      templates: gallery.size,
      probes: probes.length,
      msMedian2Workers: round(median(ms), 1),
      msMedian1Thread: round(median(singleMs), 1),
      cpuMsMedian1Thread: round(median(singleCpuMs), 1),
      rank1: round((correct / Math.max(1, probes.length)) * 100, 1),
      rank1AboveThreshold: round((accepted / Math.max(1, probes.length)) * 100, 1),
    };
  }
  return out;
}

/** Raw impostor scores over all pairs of different fingers (within and across sets): tail quantiles. */
function calibration(samples: Sample[]): Record<string, number> {
  const raws: number[] = [];
  for (let i = 0; i < samples.length; i++)
    for (let j = i + 1; j < samples.length; j++) {
      const a = samples[i]!;
      const b = samples[j]!;
      if (a.set === b.set && a.finger === b.finger) continue;
      raws.push(score(a, b, null).raw);
    }
  raws.sort((x, y) => y - x);
  const out: Record<string, number> = { pairs: raws.length };
  for (const fmr of [0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002, 0.0001]) {
    out[`raw@fmr=${fmr}`] = round(raws[Math.max(0, Math.floor(fmr * raws.length) - 1)] ?? 0, 3);
  }
  return out;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const defaultData = join(import.meta.dirname, '..', '..', 'shared', 'data', 'fingerprints', 'fvc2002');
  const data = resolve(args.get('data') ?? defaultData);
  const dpiOverride = new Map<string, number>(Object.entries(DEFAULT_DPI));
  for (const kv of (args.get('dpi') ?? '').split(',').filter(Boolean)) {
    const [k, v] = kv.split('=');
    if (k && v) dpiOverride.set(k, Number(v));
  }
  const onlySets = args.get('sets')?.split(',');
  if (!existsSync(data)) throw new Error(`no data folder ${data}`);
  const sets = readdirSync(data, { withFileTypes: true })
    .filter((d) => d.isDirectory() && (!onlySets || onlySets.includes(d.name)))
    .map((d) => d.name)
    .sort();
  const results: Record<string, unknown> = { data, threshold: MATCH_THRESHOLD };
  const pooledSamples: Sample[] = [];
  const pooled: PairScores = { genuine: [], impostor: [], fvcImpostor: [], us: [], cpuUs: [] };
  for (const set of sets) {
    const samples = loadSet(join(data, set), set, dpiOverride.get(set));
    const p = pairs(samples);
    pooledSamples.push(...samples);
    for (const k of ['genuine', 'impostor', 'fvcImpostor', 'us', 'cpuUs'] as const) pooled[k].push(...p[k]);
    results[set] = report(samples, p, dpiOverride.get(set) ?? 500);
    const iso = isoSet(join(data, set), set);
    if (iso) {
      const ip = pairs(iso);
      const r = errorRates(ip.genuine, ip.impostor);
      (results[set] as Record<string, unknown>).eerOfIsoRecords = round(r.eer * 100);
    }
  }
  results.pooled = report(pooledSamples, pooled);
  if (args.has('calibrate')) results.calibration = calibration(pooledSamples);
  if (!args.has('no-synthetic')) {
    const synth = syntheticSet(10, 7000);
    results.synthetic = report(synth, pairs(synth));
    pooledSamples.push(...synth);
  }
  if (!args.has('no-identify')) {
    const probes = Number(args.get('probes') ?? 20);
    const sizes = [500, 10_000];
    for (const set of sets) {
      (results[set] as Record<string, unknown>).identification = await identification(
        set,
        pooledSamples,
        probes,
        sizes,
      );
    }
  }
  if (!args.has('no-rosters')) {
    const sizes = [40, 500, 5000];
    const peopleN = Number(args.get('roster-people') ?? 500);
    const strangersN = Number(args.get('roster-strangers') ?? 1000);
    const fillersN = Number(args.get('roster-fillers') ?? 100);
    const t0 = performance.now();
    const synth = await syntheticPopulation(peopleN, strangersN, fillersN, 50_000);
    const generatedMs = performance.now() - t0;
    // 5,000 is sampled: the gallery is the real people plus chimeras, and at most 300 presses of each kind.
    const maxProbes = (size: number) => (size >= 5000 ? 300 : Infinity);
    const fvcSamples = pooledSamples.filter((s) => s.set !== 'synthetic');
    const fvcWays = [
      fvcPopulation(fvcSamples, synth.people, false),
      fvcPopulation(fvcSamples, synth.people, true),
    ];
    const fvc: Record<string, unknown> = {};
    const generated: Record<string, unknown> = {
      generatedFingers: peopleN + strangersN + fillersN,
      generationSeconds: round(generatedMs / 1000, 1),
    };
    for (const size of sizes) {
      const runs = [];
      for (const pop of fvcWays) runs.push(await rosterCounts(pop, size, maxProbes(size), 4242));
      fvc[`roster${size}`] = rosterReport(runs);
      generated[`roster${size}`] = rosterReport([await rosterCounts(synth, size, maxProbes(size), 4343)]);
    }
    results.rosters = {
      note:
        'Rosters are counted in people; each keeps 3 templates (the impressions enrolment stores), so the threshold is the one for 3 × people templates. ' +
        'FPIR: presses of fingers nobody enrolled taken for somebody. FNIR: presses of enrolled fingers not matched to their owner on that press (refused, asked again or taken for someone else). ' +
        'Upper95: one-sided 95 % bound of the rate (0 in 3,000 bounds it at 0.1 %). ' +
        'FVC2002: in each set fingers 101–105 enrolled from impressions 1–3 and pressed with 4–8, 106–110 strangers (8 presses each), then the other way round, pooled. ' +
        'Rosters larger than the real people are filled with generated people, then chimeras (halves of two templates, moved). Roster 5000 is sampled: at most 300 presses of each kind.',
      fvc2002: fvc,
      synthetic: generated,
    };
  }
  console.log(JSON.stringify(results, null, 2));
}

await main();
