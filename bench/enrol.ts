/**
 * Sign-up's fingerprint endpoint (POST /functions/v1/fingerprint-enrol, the local stack's gateway):
 * the time a self-signed-up person waits for the server to check their three impressions, search
 * every enrolled finger for a duplicate and store the enrolment, with 40, 1,000 and 5,000 enrolled
 * people (each enrolment a set of 3 impressions). The enrolled population: 8 real demo fingers, the
 * rest "chimeras" (halves of two real templates, moved), as bench:kiosk pads its galleries.
 * Reported: the first call after the enrolments changed (the server builds its gallery), then the
 * median and max over RUNS calls of a new finger (stored, then removed for the next run) and of a
 * duplicate (a demo finger's later impressions; nothing stored), with the gallery kept.
 *
 * Prints one JSON object on stdout, progress on stderr:  npm run -s bench:enrol
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { extract, syntheticFinger } from '../src/fingerprint/index.ts';
import { Random } from '../src/fingerprint/synth/random.ts';
import { encodeTemplate, templateToBase64 } from '../src/fingerprint/template/binary.ts';
import { decodeStoredTemplates, encodeTemplateSet, SET_FORMAT } from '../src/fingerprint/template/stored.ts';
import type { Template } from '../src/fingerprint/template/types.ts';
import { startStack } from '../server/stack.ts';
import { demoEnrolment, fingerSeed } from '../supabase/seed/fingerprints.ts';
import { median, round } from './lib/stats.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const SIZES = [40, 1000, 5000] as const;
const log = (line: string) => process.stderr.write(`[bench:enrol] ${line}\n`);

function chimera(a: Template, b: Template, rng: Random): Template {
  const cut = a.height / 2 + rng.range(-40, 40);
  const dx = rng.range(-30, 30);
  const dy = rng.range(-30, 30);
  const minutiae = [...a.minutiae.filter((m) => m.y < cut), ...b.minutiae.filter((m) => m.y >= cut)].map(
    (m) => ({
      ...m,
      x: Math.min(a.width - 1, Math.max(0, Math.round(m.x + dx))),
      y: Math.min(a.height - 1, Math.max(0, Math.round(m.y + dy))),
    }),
  );
  return { ...a, minutiae };
}

function impressions(seed: number, first: number): string[] {
  const out: string[] = [];
  for (let index = first; out.length < 3 && index < first + 8; index++) {
    try {
      out.push(templateToBase64(extract(syntheticFinger(seed, index))));
    } catch {
      // too poor: pressed again
    }
  }
  return out;
}

const stack = await startStack({ port: 0, host: '127.0.0.1', seed: 'never', fast: true });
const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
try {
  const site = (
    await db.query<{ id: string }>(
      `insert into public.sites (name, country, time_zone, currency) values ('Chicago', 'US', 'America/Chicago', 'USD') returning id`,
    )
  ).rows[0]!.id;
  // The first account of an empty system is its admin; the person enrolling is the second.
  const signUp = async (email: string) => {
    const response = await fetch(`${stack.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password' }),
    });
    const body = (await response.json()) as { access_token?: string; user?: { id: string } };
    if (!body.access_token || !body.user) throw new Error(`sign-up: ${JSON.stringify(body)}`);
    return { access_token: body.access_token, user: body.user };
  };
  await signUp('admin@bench.test');
  const session = await signUp('newcomer@bench.test');
  const me = (
    await db.query<{ id: string }>('select id from public.employees where user_id = $1', [session.user.id])
  ).rows[0]!.id;

  log('enrolled population: 8 real demo fingers, chimeras for the rest');
  const realIds = Array.from({ length: 8 }, () => randomUUID());
  const real = realIds.map((id) => demoEnrolment(id));
  const realTemplates = real.flatMap((r) => decodeStoredTemplates(r.template, r.format));
  const rng = new Random(7);
  const newFinger = impressions(31_337, 0);
  const duplicate = impressions(fingerSeed(realIds[0]!), 6);

  const call = async (templates: string[]) => {
    const started = performance.now();
    const response = await fetch(`${stack.url}/functions/v1/fingerprint-enrol`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        Authorization: `Bearer ${session.access_token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ finger: 'right_index', templates, consentVersion: 'bench' }),
    });
    const body = (await response.json()) as { status: string };
    return { ms: performance.now() - started, status: body.status };
  };

  const results: Record<string, unknown> = {};
  let enrolled = 0;
  for (const size of SIZES) {
    const people: { id: string; template: Buffer; format: string }[] = [];
    for (let i = enrolled; i < size; i++) {
      const id = i < real.length ? realIds[i]! : randomUUID();
      const template =
        i < real.length
          ? Buffer.from(real[i]!.template)
          : Buffer.from(
              encodeTemplateSet(
                [0, 1, 2].map(() =>
                  encodeTemplate(
                    chimera(
                      realTemplates[rng.int(0, realTemplates.length - 1)]!,
                      realTemplates[rng.int(0, realTemplates.length - 1)]!,
                      rng,
                    ),
                  ),
                ),
              ),
            );
      people.push({ id, template, format: SET_FORMAT });
    }
    for (const p of people) {
      await db.query(
        `insert into public.employees (id, first_name, last_name, email, site_id, role) values ($1, 'P', $2, $3, $4, 'employee')`,
        [p.id, p.id.slice(0, 8), `${p.id}@bench.test`, site],
      );
      await db.query(
        `insert into public.biometric_enrolments (employee_id, finger, template, template_format, quality, consent_text_version, consent_at)
         values ($1, 'right_index', $2, $3, 60, 'bench', now())`,
        [p.id, p.template, p.format],
      );
    }
    enrolled = size;
    const fresh: number[] = [];
    const dup: number[] = [];
    let coldMs = 0;
    for (let run = 0; run < RUNS + 1; run++) {
      // The search caps (10 an hour per person, 30 per address) are the product's; the bench clears its own audit rows.
      await db.query(`delete from public.audit_logs where entity_id = $1`, [me]);
      const a = await call(newFinger);
      if (a.status !== 'enrolled') throw new Error(`new finger: ${a.status}`);
      await db.query('delete from public.biometric_enrolments where employee_id = $1', [me]);
      const b = await call(duplicate);
      if (b.status !== 'duplicate') throw new Error(`duplicate: ${b.status}`);
      if (run === 0) coldMs = a.ms;
      else {
        fresh.push(a.ms);
        dup.push(b.ms);
      }
    }
    results[`enrolled${size}`] = {
      // The first call after the enrolments changed: the server builds its gallery again.
      coldNewFingerMs: round(coldMs, 1),
      newFingerMedianMs: round(median(fresh), 1),
      newFingerMaxMs: round(Math.max(...fresh), 1),
      duplicateMedianMs: round(median(dup), 1),
      duplicateMaxMs: round(Math.max(...dup), 1),
    };
    log(`${size}: ${JSON.stringify(results[`enrolled${size}`])}`);
  }
  console.log(JSON.stringify({ runs: RUNS, templatesPerEnrolment: 3, ...results }, null, 2));
} finally {
  await db.end();
  await stack.stop();
}
