/**
 * Fingerprint benchmark on sets in the FVC layout (DB1_B/101_1.tif … 110_8.tif, any number of sets).
 * Prints JSON: per set and pooled EER, FNMR at FMR ≤ 1 % / 0.1 %, failure to enrol, extraction and
 * comparison times, 1:N identification times for galleries of 500 and 10,000 templates, and the same
 * accuracy figures on generated fingers (realism of the synthetic generator).
 *
 *   npm run bench:fingerprint -- [--data <folder>] [--sets DB1_B,DB3_B] [--dpi DB2_B=569,DB5=1000]
 *                                [--no-identify] [--no-synthetic] [--probes 20] [--calibrate]
 *                                [--no-rosters] [--roster-people 500] [--roster-strangers 300] [--roster-fillers 100]
 *                                [--enrol-impressions 3]
 *
 * `rosters` reports the kiosk's decision (src/fingerprint/identify/decision.ts) for rosters of 40, 500
 * and 5,000 templates: FPIR (presses of fingers nobody enrolled that are taken for somebody) and
 * one-press FNIR (presses of enrolled fingers not matched to their owner on that press: refused,
 * asked to press again, or taken for someone else), on FVC2002 and on generated fingers. Each person
 * is enrolled from `--enrol-impressions` impressions (3, as the product stores them; 1 to compare),
 * and pressed with the impressions not enrolled; the probes are the same whichever number is enrolled.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decodeImage } from '../src/fingerprint/decode/index.ts';
import { extract } from '../src/fingerprint/extract/index.ts';
import { Gallery, type GalleryEntry } from '../src/fingerprint/identify/gallery.ts';
import { createNodeIdentifier } from '../src/fingerprint/identify/node.ts';
import { Matcher } from '../src/fingerprint/match/matcher.ts';
import { pack, type PackedTemplates } from '../src/fingerprint/match/packed.ts';
import { buildProbeIndex, type ProbeIndex } from '../src/fingerprint/match/probe.ts';
import { FingerprintError, MATCH_THRESHOLD } from '../src/fingerprint/messages.ts';
import { decideIdentification, identificationThreshold } from '../src/fingerprint/identify/decision.ts';
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

/** Symmetric score (max of both directions); times the first direction of impostor pairs. */
function score(a: Sample, b: Sample, us: number[] | null): { score: number; raw: number } {
  if (!a.probe || !b.probe || !a.pack || !b.pack) return { score: 0, raw: 0 };
  const t0 = us ? performance.now() : 0;
  const s1 = matcher.compare(a.probe, b.pack, 0);
  if (us) us.push((performance.now() - t0) * 1000);
  const r1 = matcher.last.raw;
  const s2 = matcher.compare(b.probe, a.pack, 0);
  return { score: Math.max(s1, s2), raw: Math.max(r1, matcher.last.raw) };
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

/**
 * A template of a finger nobody has: minutiae of two other templates, one half each, moved by a random
 * rotation and translation. Used to pad galleries to 10,000 without 10,000 scans.
 */
function chimera(a: Template, b: Template, rng: Random): Template {
  const cut = a.height / 2 + rng.range(-40, 40);
  const angle = rng.range(-0.4, 0.4);
  const dx = rng.range(-30, 30);
  const dy = rng.range(-30, 30);
  const cx = a.width / 2;
  const cy = a.height / 2;
  const ms = [...a.minutiae.filter((m) => m.y < cut), ...b.minutiae.filter((m) => m.y >= cut)].map((m) => ({
    ...m,
    x: Math.max(0, Math.round(Math.cos(angle) * (m.x - cx) - Math.sin(angle) * (m.y - cy) + cx + dx)),
    y: Math.max(0, Math.round(Math.sin(angle) * (m.x - cx) + Math.cos(angle) * (m.y - cy) + cy + dy)),
    angle: (((m.angle + angle) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI),
  }));
  return { ...a, minutiae: ms };
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

interface RosterPopulation {
  /** Enrolled people in gallery order (the first N are enrolled in a roster of N). */
  people: { id: string; templates: Template[] }[];
  /** Later presses of enrolled fingers. */
  genuine: { id: string; template: Template }[];
  /** Presses of fingers nobody enrolled. */
  strangers: Template[];
  /** Extra real templates (other fingers) to fill a roster before chimeras. */
  filler: Template[];
}

/** Roster accuracy of the kiosk decision: FPIR and one-press FNIR per roster size. */
async function rosterAccuracy(
  pop: RosterPopulation,
  sizes: number[],
  maxProbes: Record<number, number>,
  seed: number,
): Promise<Record<string, unknown>> {
  const rng = new Random(seed);
  const out: Record<string, unknown> = {};
  for (const size of sizes) {
    const entries: GalleryEntry[] = [];
    const enrolledIds = new Set<string>();
    for (const person of pop.people) {
      if (entries.length + person.templates.length > size) break;
      enrolledIds.add(person.id);
      for (const template of person.templates) entries.push({ id: person.id, template });
    }
    const realPeople = enrolledIds.size;
    let filled = 0;
    for (const t of pop.filler) {
      if (entries.length >= size) break;
      entries.push({ id: `filler-${filled++}`, template: t });
    }
    // Chimeras only from filler: half of an enrolled finger would be a partial genuine match.
    const sources = pop.filler;
    let chimeras = 0;
    while (entries.length < size) {
      const a = sources[rng.int(0, sources.length - 1)]!;
      const b = sources[rng.int(0, sources.length - 1)]!;
      entries.push({ id: `pad-${chimeras++}`, template: chimera(a, b, rng) });
    }
    const limit = maxProbes[size] ?? Infinity;
    const genuine = pop.genuine.filter((g) => enrolledIds.has(g.id)).slice(0, limit);
    const strangers = pop.strangers.slice(0, limit);
    const gallery = Gallery.build(entries);
    const sharded = createNodeIdentifier(gallery, 2);
    await sharded.ready();
    let falseNegatives = 0;
    let misidentified = 0;
    let retries = 0;
    let falsePositives = 0;
    let strangerRetries = 0;
    const genuineScores: number[] = [];
    const strangerBest: number[] = [];
    for (const g of genuine) {
      const r = await sharded.identify(g.template);
      const d = decideIdentification(r, gallery.size);
      if (r.id === g.id) genuineScores.push(r.score);
      if (d.status === 'matched' && d.id === g.id) continue;
      falseNegatives++;
      if (d.status === 'matched') misidentified++;
      if (d.status === 'retry') retries++;
    }
    for (const t of strangers) {
      const r = await sharded.identify(t);
      strangerBest.push(r.score);
      const d = decideIdentification(r, gallery.size);
      if (d.status === 'matched') falsePositives++;
      if (d.status === 'retry') strangerRetries++;
    }
    await sharded.close();
    const pct = (n: number, of: number) => round((n / Math.max(1, of)) * 100, 2);
    strangerBest.sort((a, b) => b - a);
    out[`roster${size}`] = {
      templates: gallery.size,
      enrolledPeople: realPeople,
      fillerTemplates: filled,
      chimeraTemplates: chimeras,
      threshold: round(identificationThreshold(gallery.size), 1),
      strangerProbes: strangers.length,
      fpir: pct(falsePositives, strangers.length),
      falsePositives,
      strangerAskedToPressAgain: pct(strangerRetries, strangers.length),
      strangerBestScoreMax: round(strangerBest[0] ?? 0, 1),
      genuineProbes: genuine.length,
      fnirOnePress: pct(falseNegatives, genuine.length),
      genuineAskedToPressAgain: pct(retries, genuine.length),
      misidentified,
      genuineScoreMedian: round(median(genuineScores), 1),
    };
  }
  return out;
}

/** Impressions enrolled per finger at most (the product's enrolment keeps three). */
const MAX_ENROLLED = 3;

/**
 * FVC2002: in each set fingers 101–105 are enrolled (impressions 1 to `enrolled`), pressed with
 * impressions 4–8; 106–110 are strangers (all 8 presses).
 */
function fvcPopulation(samples: Sample[], filler: Template[], enrolled: number): RosterPopulation {
  const people: RosterPopulation['people'] = [];
  const genuine: RosterPopulation['genuine'] = [];
  const strangers: Template[] = [];
  const byId = new Map<string, Template[]>();
  for (const s of samples) {
    if (!s.template) continue;
    const id = `${s.set}/${s.finger}`;
    if (s.finger <= 105) {
      if (s.impression <= enrolled) {
        const list = byId.get(id) ?? [];
        if (!list.length) people.push({ id, templates: list });
        list.push(s.template);
        byId.set(id, list);
      } else if (s.impression > MAX_ENROLLED) genuine.push({ id, template: s.template });
    } else strangers.push(s.template);
  }
  // Enrolled fingers whose first impression failed to extract are not enrolled.
  const ids = new Set(people.map((p) => p.id));
  return { people, genuine: genuine.filter((g) => ids.has(g.id)), strangers, filler };
}

/**
 * Generated fingers as the kiosk sees them: each person enrolled from `enrolled` careful impressions
 * and probed with another careful impression; strangers are other generated fingers.
 */
function syntheticPopulation(
  people: number,
  strangers: number,
  fillers: number,
  seed0: number,
  enrolled: number,
): RosterPopulation {
  const pop: RosterPopulation = { people: [], genuine: [], strangers: [], filler: [] };
  const template = (image: GrayImage): Template | null => {
    try {
      return extract(image);
    } catch (error) {
      if (error instanceof FingerprintError) return null;
      throw error;
    }
  };
  for (let f = 0; f < people + strangers + fillers; f++) {
    const seed = seed0 + f;
    const master = generateMaster(seed);
    if (f >= people + strangers) {
      const t = template(renderImpression(master, randomImpressionOptions(seed, 0, 20, 'careful')));
      if (t) pop.filler.push(t);
      continue;
    }
    const probe = template(renderImpression(master, randomImpressionOptions(seed, 5, 20, 'careful')));
    if (f >= people) {
      if (probe) pop.strangers.push(probe);
      continue;
    }
    const templates: Template[] = [];
    for (let i = 0; i < enrolled; i++) {
      const t = template(renderImpression(master, randomImpressionOptions(seed, i, 20, 'careful')));
      if (t) templates.push(t);
    }
    if (!templates.length) continue;
    pop.people.push({ id: `synthetic/${seed}`, templates });
    if (probe) pop.genuine.push({ id: `synthetic/${seed}`, template: probe });
  }
  return pop;
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
    const strangersN = Number(args.get('roster-strangers') ?? 300);
    const t0 = performance.now();
    const fillersN = Number(args.get('roster-fillers') ?? 100);
    const enrolled = Math.min(
      MAX_ENROLLED,
      Math.max(1, Number(args.get('enrol-impressions') ?? MAX_ENROLLED)),
    );
    const synth = syntheticPopulation(peopleN, strangersN, fillersN, 50_000, enrolled);
    const generatedMs = performance.now() - t0;
    // 5,000 is sampled: the gallery is the generated people plus chimeras, and at most 200 presses of each kind.
    const maxProbes = { 5000: 200 };
    const fvcSamples = pooledSamples.filter((s) => s.set !== 'synthetic');
    results.rosters = {
      note:
        'FPIR: presses of fingers not enrolled taken for somebody. FNIR: presses of enrolled fingers not matched to their owner on that press. ' +
        'Rosters larger than the real people are filled with other real templates, then chimeras (halves of two templates, moved). ' +
        'Roster 5000 is sampled: at most 200 genuine and 200 stranger presses. ' +
        'A roster of N templates holds N / enrolledImpressions people (each keeps that many templates).',
      enrolledImpressions: enrolled,
      fvc2002: await rosterAccuracy(
        fvcPopulation(
          fvcSamples,
          synth.people.flatMap((p) => p.templates),
          enrolled,
        ),
        sizes,
        maxProbes,
        4242,
      ),
      synthetic: {
        generatedFingers: peopleN + strangersN + fillersN,
        generationSeconds: round(generatedMs / 1000, 1),
        ...(await rosterAccuracy(synth, sizes, maxProbes, 4343)),
      },
    };
  }
  console.log(JSON.stringify(results, null, 2));
}

await main();
