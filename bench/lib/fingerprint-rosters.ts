/**
 * Roster accuracy of the kiosk's decision (src/fingerprint/identify/decision.ts) for bench:fingerprint:
 * FPIR (presses of fingers nobody enrolled that are taken for somebody) and one-press FNIR (presses of
 * enrolled fingers not matched to their owner on that press: refused, asked to press again, or taken
 * for someone else), for rosters counted in people, as a site counts its staff. Every person keeps
 * the templates enrolment stored (3 impressions), so a roster of 500 people searches 1,500 templates
 * and the threshold is the one for 1,500.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { decideIdentification, identificationThreshold } from '../../src/fingerprint/identify/decision.ts';
import { Gallery, type GalleryEntry } from '../../src/fingerprint/identify/gallery.ts';
import { createNodeIdentifier } from '../../src/fingerprint/identify/node.ts';
import { median, upperBound95 } from '../../src/fingerprint/metrics.ts';
import { Random } from '../../src/fingerprint/synth/random.ts';
import type { Template } from '../../src/fingerprint/template/types.ts';
import type { SynthJob, SynthResult } from './fingerprint-synth-worker.ts';

export interface RosterPerson {
  id: string;
  templates: Template[];
}

export interface RosterPopulation {
  /** Enrolled people in roster order (a roster of N enrols the first N). */
  people: RosterPerson[];
  /** Later presses of enrolled fingers. */
  genuine: { id: string; template: Template }[];
  /** Presses of fingers nobody enrolled. */
  strangers: Template[];
  /** Other people (never pressed) who fill a roster before chimeras. */
  filler: RosterPerson[];
}

/** What one roster size gave; counts add up over populations (FVC2002 is run both ways). */
export interface RosterCounts {
  people: number;
  templates: number;
  enrolledPeople: number;
  fillerPeople: number;
  chimeraPeople: number;
  threshold: number;
  strangerProbes: number;
  falsePositives: number;
  strangerRetries: number;
  strangerBest: number[];
  genuineProbes: number;
  falseNegatives: number;
  genuineRetries: number;
  misidentified: number;
  genuineScores: number[];
}

/**
 * A template of a finger nobody has: minutiae of two other templates, one half each, moved by a random
 * rotation and translation. Pads galleries to thousands without thousands of scans.
 */
export function chimera(a: Template, b: Template, rng: Random): Template {
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

const TEMPLATES_PER_PERSON = 3;

export async function rosterCounts(
  pop: RosterPopulation,
  people: number,
  maxProbes: number,
  seed: number,
): Promise<RosterCounts> {
  const rng = new Random(seed);
  const entries: GalleryEntry[] = [];
  const enrolledIds = new Set<string>();
  for (const person of pop.people.slice(0, people)) {
    enrolledIds.add(person.id);
    for (const template of person.templates) entries.push({ id: person.id, template });
  }
  let persons = enrolledIds.size;
  let fillerPeople = 0;
  for (const person of pop.filler) {
    if (persons >= people) break;
    for (const template of person.templates) entries.push({ id: `filler-${fillerPeople}`, template });
    fillerPeople++;
    persons++;
  }
  // Chimeras only from filler: half of an enrolled finger would be a partial genuine match.
  const sources = pop.filler.flatMap((p) => p.templates);
  let chimeraPeople = 0;
  for (; persons < people; persons++, chimeraPeople++)
    for (let k = 0; k < TEMPLATES_PER_PERSON; k++) {
      const a = sources[rng.int(0, sources.length - 1)]!;
      const b = sources[rng.int(0, sources.length - 1)]!;
      entries.push({ id: `pad-${chimeraPeople}`, template: chimera(a, b, rng) });
    }
  const genuine = pop.genuine.filter((g) => enrolledIds.has(g.id)).slice(0, maxProbes);
  const strangers = pop.strangers.slice(0, maxProbes);
  const gallery = Gallery.build(entries);
  const sharded = createNodeIdentifier(gallery, 2);
  await sharded.ready();
  const out: RosterCounts = {
    people,
    templates: gallery.size,
    enrolledPeople: enrolledIds.size,
    fillerPeople,
    chimeraPeople,
    threshold: identificationThreshold(gallery.size),
    strangerProbes: strangers.length,
    falsePositives: 0,
    strangerRetries: 0,
    strangerBest: [],
    genuineProbes: genuine.length,
    falseNegatives: 0,
    genuineRetries: 0,
    misidentified: 0,
    genuineScores: [],
  };
  for (const g of genuine) {
    const r = await sharded.identify(g.template);
    const d = decideIdentification(r, gallery.size);
    if (r.id === g.id) out.genuineScores.push(r.score);
    if (d.status === 'matched' && d.id === g.id) continue;
    out.falseNegatives++;
    if (d.status === 'matched') out.misidentified++;
    if (d.status === 'retry') out.genuineRetries++;
  }
  for (const t of strangers) {
    const r = await sharded.identify(t);
    out.strangerBest.push(r.score);
    const d = decideIdentification(r, gallery.size);
    if (d.status === 'matched') out.falsePositives++;
    if (d.status === 'retry') out.strangerRetries++;
  }
  await sharded.close();
  return out;
}

const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;
const pct = (n: number, of: number, d = 2) => round((n / Math.max(1, of)) * 100, d);

/** The figures of one roster size, pooled over `runs` (same size, different populations: the presses add up). */
export function rosterReport(runs: RosterCounts[]): Record<string, unknown> {
  const sum = (k: keyof RosterCounts) => runs.reduce((s, r) => s + (r[k] as number), 0);
  const strangers = sum('strangerProbes');
  const falsePositives = sum('falsePositives');
  const genuine = sum('genuineProbes');
  const falseNegatives = sum('falseNegatives');
  const best = runs.flatMap((r) => r.strangerBest).sort((a, b) => b - a);
  // The gallery's make-up is that of each run (FVC2002's two ways enrol 20 fingers each); counts add up.
  return {
    runs: runs.length,
    people: runs[0]!.people,
    templates: runs[0]!.templates,
    enrolledPeople: runs[0]!.enrolledPeople,
    fillerPeople: runs[0]!.fillerPeople,
    chimeraPeople: runs[0]!.chimeraPeople,
    threshold: round(runs[0]!.threshold, 1),
    strangerProbes: strangers,
    falsePositives,
    fpir: pct(falsePositives, strangers),
    fpirUpper95: pct(upperBound95(falsePositives, strangers) * strangers, strangers),
    strangerAskedToPressAgain: pct(sum('strangerRetries'), strangers),
    strangerBestScoreMax: round(best[0] ?? 0, 1),
    genuineProbes: genuine,
    falseNegatives,
    fnirOnePress: pct(falseNegatives, genuine),
    fnirUpper95: pct(upperBound95(falseNegatives, genuine) * genuine, genuine),
    genuineAskedToPressAgain: pct(sum('genuineRetries'), genuine),
    misidentified: sum('misidentified'),
    genuineScoreMedian: round(median(runs.flatMap((r) => r.genuineScores)), 1),
  };
}

/** Enrolled fingers of FVC2002 (per set) in two halves; `swap` enrols the other half. */
export function fvcPopulation(
  samples: { set: string; finger: number; impression: number; template: Template | null }[],
  filler: RosterPerson[],
  swap: boolean,
): RosterPopulation {
  const people: RosterPerson[] = [];
  const genuine: RosterPopulation['genuine'] = [];
  const strangers: Template[] = [];
  const byId = new Map<string, RosterPerson>();
  for (const s of samples) {
    if (!s.template) continue;
    const id = `${s.set}/${s.finger}`;
    if (s.finger <= 105 !== swap) {
      if (s.impression <= TEMPLATES_PER_PERSON) {
        let person = byId.get(id);
        if (!person) {
          person = { id, templates: [] };
          byId.set(id, person);
          people.push(person);
        }
        person.templates.push(s.template);
      } else genuine.push({ id, template: s.template });
    } else strangers.push(s.template);
  }
  // A finger none of whose first impressions extracted is not enrolled.
  return { people, genuine: genuine.filter((g) => byId.has(g.id)), strangers, filler };
}

/** Grow and extract generated fingers on worker threads. */
async function synthesize(jobs: SynthJob[], threads: number): Promise<SynthResult[]> {
  const entry = new URL('./fingerprint-synth-worker.ts', import.meta.url);
  const source = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`;
  const parts = Array.from({ length: threads }, (_, t) => jobs.filter((_, i) => i % threads === t));
  const results = await Promise.all(
    parts.map(
      (part) =>
        new Promise<SynthResult[]>((resolve, reject) => {
          const w = new Worker(source, { eval: true, workerData: { jobs: part } });
          w.once('message', (r: SynthResult[]) => {
            resolve(r);
            void w.terminate();
          });
          w.once('error', reject);
        }),
    ),
  );
  return results.flat().sort((a, b) => a.seed - b.seed);
}

/**
 * Generated fingers as the kiosk sees them: each person enrolled from 3 careful impressions and
 * pressed with another; strangers are other generated fingers, pressed once; fillers are enrolled
 * people who never press.
 */
export async function syntheticPopulation(
  people: number,
  strangers: number,
  fillers: number,
  seed0: number,
  threads = Math.min(2, availableParallelism()),
): Promise<RosterPopulation> {
  const enrolImpressions = Array.from({ length: TEMPLATES_PER_PERSON }, (_, i) => i);
  const PRESS = 5;
  const jobs: SynthJob[] = [];
  for (let f = 0; f < people + strangers + fillers; f++) {
    const isStranger = f >= people && f < people + strangers;
    const isFiller = f >= people + strangers;
    jobs.push({
      seed: seed0 + f,
      impressions: isStranger ? [PRESS] : isFiller ? enrolImpressions : [...enrolImpressions, PRESS],
    });
  }
  const results = await synthesize(jobs, threads);
  const pop: RosterPopulation = { people: [], genuine: [], strangers: [], filler: [] };
  for (const r of results) {
    const f = r.seed - seed0;
    const ok = (ts: (Template | null)[]) => ts.filter((t): t is Template => t !== null);
    const id = `synthetic/${r.seed}`;
    if (f >= people + strangers) {
      const templates = ok(r.templates);
      if (templates.length) pop.filler.push({ id, templates });
    } else if (f >= people) pop.strangers.push(...ok(r.templates));
    else {
      const templates = ok(r.templates.slice(0, TEMPLATES_PER_PERSON));
      const press = r.templates[TEMPLATES_PER_PERSON];
      if (!templates.length) continue;
      pop.people.push({ id, templates });
      if (press) pop.genuine.push({ id, template: press });
    }
  }
  return pop;
}
