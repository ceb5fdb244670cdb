// Sign-up on an empty system and after it: who becomes what, and what metadata cannot grant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../../../server/stack.ts';
import { client, PASSWORD } from '../helpers.ts';
import { startProductStack } from './org.ts';
import pg from 'pg';

let stack: Stack;
let db: pg.Pool;
beforeAll(async () => {
  stack = await startProductStack();
  db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
});
afterAll(async () => {
  await db?.end();
  await stack?.stop();
});

const employeeOf = async (userId: string) =>
  (await db.query('select * from public.employees where user_id = $1', [userId])).rows[0];

async function signUp(email: string, data: Record<string, unknown> = {}) {
  const supabase = client(stack);
  const result = await supabase.auth.signUp({ email, password: PASSWORD, options: { data } });
  if (result.error) throw result.error;
  return { supabase, user: result.data.user! };
}

describe('sign-up', () => {
  it('makes the first account of an empty system the admin', async () => {
    const { user } = await signUp('first@acme.test', {
      first_name: 'Ada',
      last_name: 'First',
      role: 'employee',
    });
    expect(await employeeOf(user.id)).toMatchObject({
      id: user.id,
      role: 'admin',
      first_name: 'Ada',
      email: 'first@acme.test',
    });
  });

  it('makes later accounts employees and turns a requested role into a pending request', async () => {
    const { user, supabase } = await signUp('second@acme.test', {
      first_name: 'Ben',
      last_name: 'Second',
      role: 'admin',
      employment_type: 'part-time',
      salary: '',
      address: '',
      joining_date: '2026-01-05',
      has_agreed_to_terms: true,
    });
    const employee = await employeeOf(user.id);
    expect(employee).toMatchObject({
      role: 'employee',
      employment_type: 'part_time',
      salary: null,
      address: null,
      has_agreed_to_terms: true,
    });
    expect(employee.joining_date.toISOString().slice(0, 10)).toBe('2026-01-05');
    const { data: requests } = await supabase.from('role_requests').select('requested_role, status');
    expect(requests).toEqual([{ requested_role: 'admin', status: 'pending' }]);
    // Writing the role into one's own metadata later grants nothing either.
    await supabase.auth.updateUser({ data: { role: 'admin' } });
    expect((await employeeOf(user.id)).role).toBe('employee');
  });

  it('lets only an admin decide a role request, and the employee is told', async () => {
    const admin = client(stack);
    await admin.auth.signInWithPassword({ email: 'first@acme.test', password: PASSWORD });
    const { user, supabase } = await signUp('third@acme.test', { first_name: 'Cleo', role: 'manager' });
    const { data: request } = await admin
      .from('role_requests')
      .select('id')
      .eq('employee_id', user.id)
      .single();
    const self = await supabase.rpc('decide_role_request', { p_request_id: request!.id, p_approve: true });
    expect(self.error).toMatchObject({ code: '42501' });
    expect((await employeeOf(user.id)).role).toBe('employee');

    const decided = await admin.rpc('decide_role_request', { p_request_id: request!.id, p_approve: true });
    expect(decided.error).toBeNull();
    expect((await employeeOf(user.id)).role).toBe('manager');
    const { data: note } = await supabase.from('notifications').select('code, params');
    expect(note).toEqual([
      { code: 'account.role_request_answered', params: { role: 'manager', decision: 'approved' } },
    ]);
    const again = await admin.rpc('decide_role_request', { p_request_id: request!.id, p_approve: false });
    expect(again.error).toMatchObject({ message: 'account.role_request_decided' });
  });

  it('never links an open sign-up to the employee record HR created with the same e-mail', async () => {
    const { rows } = await db.query(
      `insert into public.employees (first_name, last_name, email, position) values ('Dana', 'Preexisting', 'Dana@Acme.test', 'Welder') returning id`,
    );
    const result = await client(stack).auth.signUp({
      email: 'dana@acme.test',
      password: PASSWORD,
      options: { data: { first_name: 'Someone', last_name: 'Else', role: 'admin' } },
    });
    // Refused (by the 'Before User Created' hook where the auth server calls it, else by the
    // trigger on auth.users): the record stays unlinked, no account, no request.
    expect(result.error).not.toBeNull();
    const accounts = await db.query(
      `select count(*)::int n from auth.users where lower(email) = 'dana@acme.test'`,
    );
    expect(accounts.rows[0].n).toBe(0);
    const record = await db.query('select user_id, first_name from public.employees where id = $1', [
      rows[0].id,
    ]);
    expect(record.rows[0]).toEqual({ user_id: null, first_name: 'Dana' });
    expect(
      (await db.query('select count(*) from public.role_requests where employee_id = $1', [rows[0].id]))
        .rows[0].count,
    ).toBe('0');
  });
});
