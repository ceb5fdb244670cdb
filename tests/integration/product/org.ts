// A small organisation on a throwaway stack with the product's migrations: two sites,
// three departments and one signed-in account per role, for the product's integration tests.
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import type { Stack, StackOptions } from '../../../server/stack.ts';
import { PINNED_CLOCK } from '../../clock.ts';
import { client, PASSWORD, startTestStack } from '../helpers.ts';
import { PRODUCT_SUPABASE_DIR } from '../paths.ts';

export type RoleName = 'admin' | 'hr' | 'manager' | 'employee' | 'kiosk';

export interface Account {
  email: string;
  employeeId: string;
  userId: string;
  supabase: SupabaseClient;
}

export interface Org {
  stack: Stack;
  db: pg.Pool;
  sites: { us: string; bf: string };
  departments: { engineering: string; operations: string; sales: string };
  /** One account per role; `employee` is in the manager's department at the US site. */
  admin: Account;
  hr: Account;
  manager: Account;
  employee: Account;
  /** An employee of another department (not managed by `manager`), at the US site. */
  outsider: Account;
  /** An employee of the BF site (engineering). */
  bfEmployee: Account;
  kioskUs: Account;
  kioskBf: Account;
  anon: SupabaseClient;
  service: SupabaseClient;
  stop(): Promise<void>;
}

/**
 * Starts a stack from the migrated product template. Sign-ups are confirmed at once here
 * (Supabase's 'Confirm email' off): these fixtures make accounts to test the product's rules,
 * not the sign-up; confirmation has its own tests (auth.test.ts, auth-security.test.ts), and a
 * test that needs it passes `mailerAutoconfirm: false`.
 *
 * The clock is pinned at PINNED_AT (tests/clock.ts): no test depends on the wall clock, the
 * weekday or a holiday; a test that needs another moment calls pinClock(stack, ...).
 */
export async function startProductStack(options: StackOptions = {}): Promise<Stack> {
  return startTestStack({
    templateDir: inject('productTemplateDir'),
    supabaseDir: PRODUCT_SUPABASE_DIR,
    mailerAutoconfirm: true,
    testClock: PINNED_CLOCK,
    ...options,
  });
}

let orgCounter = 0;

/** `options` go to the stack (e.g. `{ testClock: false }` for a stack started as `npm start` is). */
export async function createOrg(options: StackOptions = {}): Promise<Org> {
  const stack = await startProductStack(options);
  const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 4 });
  const tag = `${process.pid}-${++orgCounter}`;
  const one = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    (await db.query<T>(sql, params)).rows[0]!;

  const us = (
    await one<{ id: string }>(
      `insert into public.sites (name, country, time_zone, currency) values ('Chicago', 'US', 'America/Chicago', 'USD') returning id`,
    )
  ).id;
  const bf = (
    await one<{ id: string }>(
      // Its kiosk identifies (1:N) as every site did before issue 26, so the attendance tests read the
      // same; a BF site verifies by default (biometric-verify.test.ts switches this one to 'verify').
      `insert into public.sites (name, country, time_zone, currency, biometric_policy)
       values ('Ouagadougou', 'BF', 'Africa/Ouagadougou', 'XOF', 'identify') returning id`,
    )
  ).id;
  const dept = async (name: string) =>
    (await one<{ id: string }>('insert into public.departments (name) values ($1) returning id', [name])).id;
  const departments = {
    engineering: await dept('Engineering'),
    operations: await dept('Operations'),
    sales: await dept('Sales'),
  };

  const service = client(stack, stack.serviceKey);
  // Accounts are created the way people sign up; the first one becomes admin.
  const account = async (
    label: string,
    role: RoleName,
    siteId: string,
    departmentId: string | null,
  ): Promise<Account> => {
    const email = `${label}.${tag}@org.test`;
    const supabase = client(stack);
    const { data, error } = await supabase.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { first_name: label[0]!.toUpperCase() + label.slice(1), last_name: 'Test' } },
    });
    if (error || !data.user) throw error ?? new Error('no user');
    const employee = await one<{ id: string }>(
      `update public.employees set role = $2, site_id = $3, department_id = $4 where user_id = $1 returning id`,
      [data.user.id, role, siteId, departmentId],
    );
    return { email, employeeId: employee.id, userId: data.user.id, supabase };
  };

  const admin = await account('admin', 'admin', us, null);
  const hr = await account('hr', 'hr', us, null);
  const manager = await account('manager', 'manager', us, departments.engineering);
  const employee = await account('employee', 'employee', us, departments.engineering);
  const outsider = await account('outsider', 'employee', us, departments.operations);
  const bfEmployee = await account('awa', 'employee', bf, departments.engineering);
  const kioskUs = await account('kiosk-us', 'kiosk', us, null);
  const kioskBf = await account('kiosk-bf', 'kiosk', bf, null);
  await db.query('insert into public.department_managers (department_id, employee_id) values ($1, $2)', [
    departments.engineering,
    manager.employeeId,
  ]);

  return {
    stack,
    db,
    sites: { us, bf },
    departments,
    admin,
    hr,
    manager,
    employee,
    outsider,
    bfEmployee,
    kioskUs,
    kioskBf,
    anon: client(stack),
    service,
    async stop() {
      for (const c of [admin, hr, manager, employee, outsider, bfEmployee, kioskUs, kioskBf])
        c.supabase.realtime.disconnect();
      await db.end();
      await stack.stop();
    },
  };
}
