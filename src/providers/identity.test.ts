import { beforeEach, describe, expect, it, vi } from 'vitest';

// A fake Supabase client: one signed-in session, and a count of reads of the employee row.
const state = vi.hoisted(() => ({
  token: 'token-1',
  reads: 0,
  row: {
    id: 'e1',
    first_name: 'Ada',
    last_name: 'Diallo',
    email: 'ada@x.test',
    role: 'hr',
    locale: 'fr',
    status: 'active',
    sites: { country: 'BF' },
  } as Record<string, unknown> | null,
}));
vi.mock('../data/client.ts', () => {
  const client = {
    auth: {
      getSession: async () => ({ data: { session: { access_token: state.token, user: { id: 'u1' } } } }),
    },
    from: () => ({
      select: () => ({
        eq: () => ({
          maybeSingle: async () => {
            state.reads++;
            return { data: state.row, error: null };
          },
        }),
      }),
    }),
  };
  return { loadSupabase: async () => client, supabase: () => client };
});

const { forgetIdentity, loadIdentity } = await import('./identity.ts');

beforeEach(() => {
  forgetIdentity();
  state.reads = 0;
  state.token = 'token-1';
});

describe('loadIdentity', () => {
  it('answers the many asks of one page load with one read of the employee row', async () => {
    const all = await Promise.all(Array.from({ length: 12 }, () => loadIdentity()));
    expect(state.reads).toBe(1);
    expect(all.every((identity) => identity?.role === 'hr' && identity.country === 'BF')).toBe(true);
  });

  it('reads again for a new session token, and after forgetIdentity', async () => {
    await loadIdentity();
    state.token = 'token-2';
    await loadIdentity();
    expect(state.reads).toBe(2);
    forgetIdentity();
    await loadIdentity();
    expect(state.reads).toBe(3);
  });

  it('does not remember a refusal (no row, or a deactivated person)', async () => {
    state.row = null;
    expect(await loadIdentity()).toBeNull();
    expect(await loadIdentity()).toBeNull();
    expect(state.reads).toBe(2);
  });
});
