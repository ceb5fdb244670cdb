// replay_punch: a kiosk's offline queue replayed with the punches' original times, each exactly once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PINNED_AT, pinClock } from '../../clock.ts';
import { createOrg, type Account, type Org } from './org.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
  // Frozen: the punches' times below are exact distances from the database's now.
  await pinClock(org.stack, PINNED_AT, { frozen: true });
});
afterAll(() => org?.stop());

let people = 0;
/** A new employee of the site, with no attendance yet. */
const person = async (siteId: string) =>
  (
    await org.db.query<{ id: string }>(
      `insert into public.employees (first_name, last_name, email, department_id, site_id)
       values ('Replay', $1, $2, $3, $4) returning id`,
      [`P${++people}`, `replay.${people}.${Date.now()}@org.test`, org.departments.operations, siteId],
    )
  ).rows[0]!.id;

const NOW = Date.parse(PINNED_AT);
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

interface Punch {
  key: string;
  action: 'check_in' | 'check_out';
  employeeId: string;
  at: string;
}
const punch = (action: Punch['action'], employeeId: string, at: string): Punch => ({
  key: randomUUID(),
  action,
  employeeId,
  at,
});

const replay = (who: Account, p: Punch) =>
  who.supabase.rpc('replay_punch', {
    p_idempotency_key: p.key,
    p_action: p.action,
    p_employee_id: p.employeeId,
    p_punched_at: p.at,
    p_device: 'tablet-1',
  });

const records = async (employeeId: string) =>
  (
    await org.db.query<{ check_in: Date; check_out: Date | null; source: string; kiosk_id: string }>(
      'select check_in, check_out, source, kiosk_id from public.attendances where employee_id = $1 order by check_in',
      [employeeId],
    )
  ).rows;

describe('replay_punch', () => {
  it('records a queued check-in and check-out with their original times, by the kiosk', async () => {
    const id = await person(org.sites.us);
    const inAt = ago(180);
    const outAt = ago(30);
    const a = await replay(org.kioskUs, punch('check_in', id, inAt));
    const b = await replay(org.kioskUs, punch('check_out', id, outAt));
    expect(a.error).toBeNull();
    expect(a.data).toMatchObject({ outcome: 'accepted', reason: null });
    expect(b.data).toMatchObject({ outcome: 'accepted' });
    const rows = await records(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.check_in.toISOString()).toBe(inAt);
    expect(rows[0]!.check_out!.toISOString()).toBe(outAt);
    expect(rows[0]).toMatchObject({ source: 'fingerprint', kiosk_id: org.kioskUs.employeeId });
    const audit = await org.db.query(
      `select diff from public.audit_logs where entity = 'attendances' and action = 'replay' and diff->>'employee_id' = $1`,
      [id],
    );
    expect(audit.rows).toHaveLength(2);
  });

  it('accepts a punch within 72 hours and rejects an older one, recording nothing', async () => {
    const id = await person(org.sites.us);
    const old = await replay(org.kioskUs, punch('check_in', id, ago(72 * 60 + 5)));
    expect(old.data).toMatchObject({ outcome: 'rejected', reason: 'punch.replay_too_old' });
    expect(await records(id)).toHaveLength(0);
    const recent = await replay(org.kioskUs, punch('check_in', id, ago(71 * 60)));
    expect(recent.data).toMatchObject({ outcome: 'accepted' });
    expect(await records(id)).toHaveLength(1);
  });

  it('rejects a punch in the future beyond a small clock skew; a slightly fast clock counts as now', async () => {
    const id = await person(org.sites.us);
    const future = await replay(
      org.kioskUs,
      punch('check_in', id, new Date(NOW + 10 * 60_000).toISOString()),
    );
    expect(future.data).toMatchObject({ outcome: 'rejected', reason: 'punch.replay_in_future' });
    expect(await records(id)).toHaveLength(0);
    const skewed = await replay(org.kioskUs, punch('check_in', id, new Date(NOW + 20_000).toISOString()));
    expect(skewed.data).toMatchObject({ outcome: 'accepted' });
    const [row] = await records(id);
    expect(row!.check_in.getTime()).toBeLessThanOrEqual(NOW + 1000);
  });

  it('rejects a punch for an employee of another site', async () => {
    const id = await person(org.sites.bf);
    const res = await replay(org.kioskUs, punch('check_in', id, ago(10)));
    expect(res.data).toMatchObject({ outcome: 'rejected', reason: 'punch.replay_other_site' });
    expect(await records(id)).toHaveLength(0);
    // The right kiosk may.
    const ok = await replay(org.kioskBf, punch('check_in', id, ago(10)));
    expect(ok.data).toMatchObject({ outcome: 'accepted' });
  });

  it.each(['admin', 'hr', 'manager', 'employee'] as const)('refuses the %s role', async (role) => {
    const id = await person(org.sites.us);
    const res = await replay(org[role], punch('check_in', id, ago(10)));
    expect(res.error).toMatchObject({ code: '42501', message: 'punch.replay_kiosk_only' });
    expect(await records(id)).toHaveLength(0);
  });

  it('refuses anonymous callers', async () => {
    const id = await person(org.sites.us);
    const { error } = await org.anon.rpc('replay_punch', {
      p_idempotency_key: randomUUID(),
      p_action: 'check_in',
      p_employee_id: id,
      p_punched_at: ago(10),
    });
    expect(error).not.toBeNull();
    expect(await records(id)).toHaveLength(0);
  });

  it('applies the live rules: Already Checked In, No Active Check-In', async () => {
    const id = await person(org.sites.us);
    expect((await replay(org.kioskUs, punch('check_in', id, ago(60)))).data).toMatchObject({
      outcome: 'accepted',
    });
    expect((await replay(org.kioskUs, punch('check_in', id, ago(50)))).data).toMatchObject({
      outcome: 'rejected',
      reason: 'punch.already_checked_in',
      hint: null,
    });
    const other = await person(org.sites.us);
    expect((await replay(org.kioskUs, punch('check_out', other, ago(50)))).data).toMatchObject({
      outcome: 'rejected',
      reason: 'punch.no_active_check_in',
    });
    // A check-out queued before the check-in it would close cannot be applied.
    expect((await replay(org.kioskUs, punch('check_out', id, ago(70)))).data).toMatchObject({
      outcome: 'rejected',
      reason: 'punch.out_before_in',
    });
  });

  it('replays each key once: a repeat answers duplicate with the first outcome', async () => {
    const id = await person(org.sites.us);
    const p = punch('check_in', id, ago(40));
    expect((await replay(org.kioskUs, p)).data).toMatchObject({ outcome: 'accepted' });
    const again = await replay(org.kioskUs, p);
    expect(again.data).toMatchObject({ outcome: 'duplicate', first_outcome: 'accepted' });
    expect(await records(id)).toHaveLength(1);
    // A rejected punch stays rejected on a repeat.
    const late = punch('check_in', id, ago(72 * 60 + 10));
    await replay(org.kioskUs, late);
    expect((await replay(org.kioskUs, late)).data).toMatchObject({
      outcome: 'duplicate',
      first_outcome: 'rejected',
      reason: 'punch.replay_too_old',
    });
    // The same key for a different punch is an error, not a silent duplicate.
    const reused = await replay(org.kioskUs, { ...p, at: ago(20) });
    expect(reused.error).toMatchObject({ message: 'punch.replay_key_reused' });
  });

  it('two replays of the same queue at once record each punch exactly once', async () => {
    const a = await person(org.sites.us);
    const b = await person(org.sites.us);
    const queue = [
      punch('check_in', a, ago(300)),
      punch('check_in', b, ago(290)),
      punch('check_out', a, ago(200)),
      punch('check_in', a, ago(100)),
      punch('check_out', b, ago(90)),
      punch('check_out', a, ago(20)),
    ];
    const run = async () => {
      const outcomes: string[] = [];
      for (const p of queue) {
        const { data, error } = await replay(org.kioskUs, p);
        expect(error).toBeNull();
        outcomes.push(data.outcome);
      }
      return outcomes;
    };
    const [first, second] = await Promise.all([run(), run()]);
    for (let i = 0; i < queue.length; i++) {
      expect([first![i], second![i]].sort()).toEqual(['accepted', 'duplicate']);
    }
    const ra = await records(a);
    const rb = await records(b);
    expect(ra.map((r) => [r.check_in.toISOString(), r.check_out?.toISOString()])).toEqual([
      [queue[0]!.at, queue[2]!.at],
      [queue[3]!.at, queue[5]!.at],
    ]);
    expect(rb.map((r) => [r.check_in.toISOString(), r.check_out?.toISOString()])).toEqual([
      [queue[1]!.at, queue[4]!.at],
    ]);
    const ledger = await org.db.query(
      'select count(*)::int as n from public.punch_replays where idempotency_key = any ($1)',
      [queue.map((p) => p.key)],
    );
    expect(ledger.rows[0].n).toBe(queue.length);
  });

  it('lets a kiosk read only its own ledger rows', async () => {
    const id = await person(org.sites.bf);
    const p = punch('check_in', id, ago(5));
    await replay(org.kioskBf, p);
    const mine = await org.kioskBf.supabase
      .from('punch_replays')
      .select('idempotency_key')
      .eq('idempotency_key', p.key);
    expect(mine.data).toHaveLength(1);
    const theirs = await org.kioskUs.supabase
      .from('punch_replays')
      .select('idempotency_key')
      .eq('idempotency_key', p.key);
    expect(theirs.data).toHaveLength(0);
    const write = await org.kioskBf.supabase.from('punch_replays').delete().eq('idempotency_key', p.key);
    expect(write.error).not.toBeNull();
  });
});
