// Issue 28 §2 on the product's schema: a person's new e-mail reaches their employee record only
// once both the current and the new address confirm it, and the audit row names the person; the admin API (service
// role) changes it at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, linkToken, mailFor, PASSWORD, uniqueEmail } from '../helpers.ts';
import { createOrg, type Org } from './org.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
});
afterAll(() => org?.stop());

const employeeEmail = async (id: string) =>
  (await org.db.query<{ email: string }>('select email from public.employees where id = $1', [id])).rows[0]!
    .email;

const emailAudits = (id: string) =>
  org.db.query<{ actor: string | null; actor_employee_id: string | null; diff: { email?: unknown } }>(
    `select actor, actor_employee_id, diff from public.audit_logs
     where entity = 'employees' and entity_id = $1 and action = 'update' and diff ? 'email' order by id`,
    [id],
  );

describe('an employee changing their e-mail', () => {
  it('changes nothing until both addresses confirm, then the record follows, audited with the person as actor', async () => {
    const person = org.employee;
    const next = uniqueEmail('employee-next').toLowerCase();
    const { data, error } = await person.supabase.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(next);
    expect(await employeeEmail(person.employeeId)).toBe(person.email);
    expect((await emailAudits(person.employeeId)).rows).toEqual([]);

    const verify = (address: string) =>
      client(org.stack).auth.verifyOtp({
        type: 'email_change',
        token_hash: linkToken(mailFor(org.stack, 'email change', address)),
      });
    // The new address alone is not enough (secure e-mail change): the record stays.
    expect((await verify(next)).error).toBeNull();
    expect(await employeeEmail(person.employeeId)).toBe(person.email);
    expect((await emailAudits(person.employeeId)).rows).toEqual([]);
    // The current address agrees too: the change is applied.
    expect((await verify(person.email)).error).toBeNull();
    expect(await employeeEmail(person.employeeId)).toBe(next);
    const audits = (await emailAudits(person.employeeId)).rows;
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor: person.userId,
      actor_employee_id: person.employeeId,
      diff: { email: { old: person.email, new: next } },
    });
    // The person signs in with the new address.
    expect(
      (await client(org.stack).auth.signInWithPassword({ email: next, password: PASSWORD })).error,
    ).toBeNull();
  });

  it('a link nobody follows never moves the record, and a forged token changes nothing', async () => {
    const person = org.outsider;
    const next = uniqueEmail('outsider-next').toLowerCase();
    await person.supabase.auth.updateUser({ email: next });
    const forged = await client(org.stack).auth.verifyOtp({
      type: 'email_change',
      token_hash: 'not-the-token',
    });
    expect(forged.error).toMatchObject({ status: 403, code: 'otp_expired' });
    expect(await employeeEmail(person.employeeId)).toBe(person.email);
  });

  it('the admin API (service role) changes the e-mail at once and the record follows', async () => {
    const person = org.bfEmployee;
    const next = uniqueEmail('bf-next').toLowerCase();
    const { error } = await org.service.auth.admin.updateUserById(person.userId, { email: next });
    expect(error).toBeNull();
    expect(await employeeEmail(person.employeeId)).toBe(next);
  });
});
