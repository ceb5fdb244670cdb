import { describe, expect, it } from 'vitest';
import { passwordMatches } from './password.ts';
import { authenticate } from './signin.ts';
import type { UserRow } from './users.ts';

describe('authenticate', () => {
  const known = {
    id: 'u1',
    encrypted_password: '$2a$10$storedhashstoredhashstoredhashstoredhashstoredhashst',
  } as UserRow;
  const find = async (email: string) => (email === 'known@acme.test' ? known : undefined);

  it('runs one bcrypt check for an unknown e-mail too, against a dummy hash, so both take as long', async () => {
    const checked: string[] = [];
    const verify = async (_password: string, hash: string) => {
      checked.push(hash);
      return false;
    };
    const matches = (password: string, hash: string | null | undefined) =>
      passwordMatches(password, hash, verify);
    expect(await authenticate(find, matches, 'nobody@acme.test', 'whatever-1')).toBeUndefined();
    expect(await authenticate(find, matches, 'known@acme.test', 'whatever-1')).toBeUndefined();
    expect(checked).toHaveLength(2);
    expect(checked[0]).toMatch(/^\$2[ab]\$10\$/);
    expect(checked[0]).not.toBe(known.encrypted_password);
    expect(checked[1]).toBe(known.encrypted_password);
  });

  it('checks an account without a password against the dummy hash as well, and never lets it in', async () => {
    const noPassword = { id: 'u2', encrypted_password: null } as UserRow;
    let calls = 0;
    const verify = async () => {
      calls++;
      return true; // even a check that says yes cannot open an account that has no password
    };
    const user = await authenticate(
      async () => noPassword,
      (password, hash) => passwordMatches(password, hash, verify),
      'x@acme.test',
      'anything-1',
    );
    expect(user).toBeUndefined();
    expect(calls).toBe(1);
  });

  it('returns the account when the password matches', async () => {
    const user = await authenticate(find, async () => true, 'known@acme.test', 'right-1');
    expect(user).toBe(known);
  });
});
