/**
 * 1:1 verification on FVC2002 (issue 26): what a verify site's kiosk decides for one typed personal
 * number and one press (src/fingerprint/verify/decision.ts). In each set every finger is enrolled
 * from impressions 1–3 (the three an enrolment stores) and pressed with 4–8 (genuine attempts);
 * every other finger's presses 4–8 are tried against it (impostor attempts: someone typing another
 * person's number). Prints JSON: per set and pooled, FNMR and FMR at the decision's threshold
 * (10·log10(3 / 1e-4) = 44.8) and at the one-comparison threshold 40, with the impostors' best score.
 *
 *   npx tsx bench/fingerprint-verify.ts [--data <folder>] [--sets DB1_B,DB3_B]   (bench:fingerprint's default folder)
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { decodeImage } from '../src/fingerprint/decode/index.ts';
import { extract, FingerprintError, MATCH_THRESHOLD, type Template } from '../src/fingerprint/index.ts';
import { decideVerification, verificationThreshold } from '../src/fingerprint/verify/decision.ts';

const DEFAULT_DPI: Record<string, number> = { DB2_B: 569 };
const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const data =
  args.get('data') ?? join(import.meta.dirname, '..', '..', 'shared', 'data', 'fingerprints', 'fvc2002');
const sets = (args.get('sets') ?? 'DB1_B,DB2_B,DB3_B,DB4_B').split(',');

function load(set: string): Map<number, Map<number, Template | null>> {
  const fingers = new Map<number, Map<number, Template | null>>();
  for (const file of readdirSync(join(data, set)).filter((f) => /^\d+_\d+\.tif$/i.test(f))) {
    const [finger, impression] = file.split('.')[0]!.split('_').map(Number) as [number, number];
    let template: Template | null = null;
    try {
      template = extract(decodeImage(new Uint8Array(readFileSync(join(data, set, file))), DEFAULT_DPI[set]));
    } catch (error) {
      if (!(error instanceof FingerprintError)) throw error;
    }
    if (!fingers.has(finger)) fingers.set(finger, new Map());
    fingers.get(finger)!.set(impression, template);
  }
  return fingers;
}

interface Tally {
  genuine: number;
  missed: number;
  missedAt40: number;
  retry: number;
  impostor: number;
  falseMatches: number;
  falseMatchesAt40: number;
  bestImpostor: number;
}
const empty = (): Tally => ({
  genuine: 0,
  missed: 0,
  missedAt40: 0,
  retry: 0,
  impostor: 0,
  falseMatches: 0,
  falseMatchesAt40: 0,
  bestImpostor: 0,
});

function evaluate(fingers: Map<number, Map<number, Template | null>>): Tally {
  const tally = empty();
  const presses = (finger: number) =>
    [4, 5, 6, 7, 8].map((i) => fingers.get(finger)?.get(i) ?? null).filter((t): t is Template => t !== null);
  for (const [finger, impressions] of fingers) {
    const enrolled = [1, 2, 3].map((i) => impressions.get(i)).filter((t): t is Template => Boolean(t));
    for (const probe of presses(finger)) {
      const decision = decideVerification(probe, enrolled);
      tally.genuine++;
      if (decision.status !== 'matched') tally.missed++;
      if (decision.status === 'retry') tally.retry++;
      if (decision.score < MATCH_THRESHOLD) tally.missedAt40++;
    }
    for (const other of fingers.keys()) {
      if (other === finger) continue;
      for (const probe of presses(other)) {
        const decision = decideVerification(probe, enrolled);
        tally.impostor++;
        if (decision.status === 'matched') tally.falseMatches++;
        if (decision.score >= MATCH_THRESHOLD) tally.falseMatchesAt40++;
        tally.bestImpostor = Math.max(tally.bestImpostor, decision.score);
      }
    }
  }
  return tally;
}

const summary = (t: Tally) => ({
  threshold: Math.round(verificationThreshold(3) * 10) / 10,
  genuineAttempts: t.genuine,
  fnmr: `${t.missed} / ${t.genuine} = ${((100 * t.missed) / t.genuine).toFixed(1)} %`,
  ofWhichPressAgain: t.retry,
  fnmrAt40: `${t.missedAt40} / ${t.genuine} = ${((100 * t.missedAt40) / t.genuine).toFixed(1)} %`,
  impostorAttempts: t.impostor,
  fmr: `${t.falseMatches} / ${t.impostor}`,
  fmrAt40: `${t.falseMatchesAt40} / ${t.impostor}`,
  bestImpostorScore: Math.round(t.bestImpostor * 10) / 10,
});

const pooled = empty();
const results: Record<string, unknown> = {};
for (const set of sets) {
  const tally = evaluate(load(set));
  results[set] = summary(tally);
  for (const key of Object.keys(pooled) as (keyof Tally)[])
    pooled[key] = key === 'bestImpostor' ? Math.max(pooled[key], tally[key]) : pooled[key] + tally[key];
}
results.pooled = summary(pooled);
console.log(JSON.stringify(results, null, 2));
