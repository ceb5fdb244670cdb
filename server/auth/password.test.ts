import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { BCRYPT_COST } from './handler.ts';
import { hashPassword, verifyPassword } from './password.ts';

describe('passwords hashed in a worker thread', () => {
  it('hashes at GoTrue cost and checks the password against it', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(new RegExp(`^\\$2[ab]\\$${BCRYPT_COST}\\$`));
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('wrong horse', hash)).toBe(false);
  });

  it('reads hashes made elsewhere (the seed, GoTrue), and answers concurrent checks each with its own result', async () => {
    const stored = bcrypt.hashSync('demo-password', 4);
    const results = await Promise.all([
      verifyPassword('demo-password', stored),
      verifyPassword('not-it', stored),
      verifyPassword('demo-password', stored),
    ]);
    expect(results).toEqual([true, false, true]);
  });

  it('never matches a malformed hash', async () => {
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('demo-password', bcrypt.hashSync('demo-password', 4))).toBe(true);
  });
});
