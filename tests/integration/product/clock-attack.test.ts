// A hostile look at the test clock (issue 24 item 5): on a stack started as `npm start` starts it
// (no test option), no role reachable from the API can pin or clear it, nor make app.now() anything
// but the real time, by any door: its RPCs, another schema through PostgREST's profile headers,
// set_config. On a test stack, the service role alone may pin it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PINNED_AT } from '../../clock.ts';
import { api } from '../helpers.ts';
import { createOrg, type Org } from './org.ts';

const MOMENT = '2020-01-01T00:00:00Z';

/** Every caller the API knows: anon, each role signed in, and the service key. */
function callers(org: Org): Array<[string, SupabaseClient]> {
  return [
    ['anon', org.anon],
    ['admin', org.admin.supabase],
    ['hr', org.hr.supabase],
    ['manager', org.manager.supabase],
    ['employee', org.employee.supabase],
    ['kiosk', org.kioskUs.supabase],
    ['service_role', org.service],
  ];
}

/** app.now() is the real time when it is the transaction's pg_catalog.now() itself. */
async function clockIsReal(org: Org) {
  const { rows } = await org.db.query<{ real: boolean; allowed: number; body: string }>(
    `select app.now() = pg_catalog.now() as real,
            (select count(*)::int from pg_catalog.pg_db_role_setting s
              where exists (select 1 from unnest(s.setconfig) c where c like 'app.test_clock=%')) as allowed,
            pg_catalog.pg_get_functiondef('app.now()'::regprocedure) as body`,
  );
  expect(rows[0]).toMatchObject({ real: true, allowed: 0 });
  expect(rows[0]!.body).not.toMatch(/'\d{4}-\d\d-\d\d/);
}

describe('a stack started without the test clock (npm start, production)', () => {
  let org: Org;
  beforeAll(async () => {
    org = await createOrg({ testClock: false });
  });
  afterAll(() => org?.stop());

  it('starts on the real time', async () => {
    await clockIsReal(org);
  });

  it('refuses set_test_clock and clear_test_clock to every caller, the service role included', async () => {
    for (const [who, supabase] of callers(org)) {
      const set = await supabase.rpc('set_test_clock', { p_at: MOMENT, p_frozen: true });
      expect(set.error, `${who} set_test_clock`).not.toBeNull();
      expect(set.error!.code, `${who} set_test_clock`).toBe('42501');
      const clear = await supabase.rpc('clear_test_clock');
      expect(clear.error, `${who} clear_test_clock`).not.toBeNull();
    }
    await clockIsReal(org);
  });

  it('offers no other door: the app schema through the profile headers, set_config', async () => {
    const tokens: Array<[string, string]> = [
      ['anon', org.stack.anonKey],
      ['service_role', org.stack.serviceKey],
    ];
    for (const account of [org.admin, org.hr, org.manager, org.employee]) {
      const { data } = await account.supabase.auth.getSession();
      tokens.push([account.email, data.session!.access_token]);
    }
    const attempts: Array<[string, Record<string, string>, unknown]> = [
      ['/rest/v1/rpc/unpin_clock', { 'content-profile': 'app' }, {}],
      ['/rest/v1/rpc/now', { 'content-profile': 'app' }, {}],
      ['/rest/v1/rpc/test_clock_allowed', { 'content-profile': 'app' }, {}],
      ['/rest/v1/rpc/set_config', {}, { setting_name: 'app.test_clock', new_value: 'on', is_local: false }],
      [
        '/rest/v1/rpc/set_config',
        { 'content-profile': 'pg_catalog' },
        { setting_name: 'app.test_clock', new_value: 'on', is_local: false },
      ],
    ];
    for (const [who, token] of tokens) {
      for (const [path, extra, body] of attempts) {
        const response = await api(org.stack, path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...extra },
          body: JSON.stringify(body),
        });
        expect(response.status, `${who} ${path} ${JSON.stringify(extra)}`).toBeGreaterThanOrEqual(400);
      }
    }
    await clockIsReal(org);
  });
});

describe('a test stack', () => {
  let org: Org;
  beforeAll(async () => {
    org = await createOrg();
  });
  afterAll(() => org?.stop());

  it('lets the service role alone pin or clear the clock', async () => {
    for (const [who, supabase] of callers(org)) {
      const set = await supabase.rpc('set_test_clock', { p_at: MOMENT, p_frozen: true });
      const clear = await supabase.rpc('clear_test_clock');
      if (who === 'service_role') {
        expect(set.error, who).toBeNull();
        expect(clear.error, who).toBeNull();
      } else {
        expect(set.error?.code, `${who} set_test_clock`).toBe('42501');
        expect(clear.error?.code, `${who} clear_test_clock`).toBe('42501');
      }
    }
    expect((await org.service.rpc('set_test_clock', { p_at: PINNED_AT })).error).toBeNull();
  });
});
