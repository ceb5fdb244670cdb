// Row-level security cell by cell: every role × every table × select/insert/update/delete,
// checked against PRODUCT.md's "Roles and what each may do". Each cell arranges its target
// rows as the superuser, tries the operation through the role's supabase-js client, and then
// checks with the superuser what really happened.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PINNED_AT } from '../../clock.ts';
import { createOrg, type Account, type Org } from './org.ts';

type Role = 'anon' | 'employee' | 'manager' | 'hr' | 'admin' | 'kiosk';
type Op = 'select' | 'insert' | 'update' | 'delete';
type Table =
  | 'sites'
  | 'departments'
  | 'department_managers'
  | 'employees'
  | 'role_requests'
  | 'biometric_enrolments'
  | 'system_settings'
  | 'holidays'
  | 'audit_logs'
  | 'shifts'
  | 'shift_assignments'
  | 'attendances'
  | 'notifications';

/**
 * What a cell expects:
 * - allow: any row, also rows of people unrelated to the caller (shown on an employee of another department).
 * - own: only rows of the caller's own employee record (another employee's row is refused).
 * - team: only rows of employees in departments the caller manages (another department's row is refused).
 * - site: only rows of the caller's site (the other site's row is refused).
 * - deny: refused by row-level security: a read returns no rows, an insert fails with 42501
 *   ("violates row-level security policy"), an update or delete matches zero rows.
 * - no-grant: the role has no privilege for this operation on the table at all: every attempt fails
 *   with 42501 ("permission denied for table …"), whatever the row.
 * - single-row: the policy lets the caller in, but the table holds exactly one row, so a second
 *   insert fails with 23505.
 */
type Expect = 'allow' | 'own' | 'team' | 'site' | 'deny' | 'no-grant' | 'single-row';

const ROLES: Role[] = ['anon', 'employee', 'manager', 'hr', 'admin', 'kiosk'];

// PRODUCT.md rows → tables: "employees" → employees (and departments, department_managers: the
// organisation they belong to); "roles and accounts" → role_requests; "employees … template" and
// the biometric non-negotiable → biometric_enrolments; "settings, holidays, rule sets" →
// system_settings, holidays, sites; "audit log" → audit_logs; "shifts, assignments" → shifts,
// shift_assignments; "attendances" → attendances; "notifications" → notifications.
// anon (no account) gets nothing anywhere: the migrations revoke every privilege from it.
// prettier-ignore
const MATRIX: [table: Table, op: Op, anon: Expect, employee: Expect, manager: Expect, hr: Expect, admin: Expect, kiosk: Expect][] = [
  //  table                   op        anon        employee    manager     hr          admin         kiosk
  ['sites',                  'select', 'no-grant', 'allow',    'allow',    'allow',    'allow',      'allow'],    // reference data (name, country, time zone) every screen and the kiosk need
  ['sites',                  'insert', 'no-grant', 'deny',     'deny',     'deny',     'allow',      'deny'],
  ['sites',                  'update', 'no-grant', 'deny',     'deny',     'deny',     'allow',      'deny'],
  ['sites',                  'delete', 'no-grant', 'deny',     'deny',     'deny',     'allow',      'deny'],

  ['departments',            'select', 'no-grant', 'allow',    'allow',    'allow',    'allow',      'allow'],    // reference data, like sites
  ['departments',            'insert', 'no-grant', 'deny',     'deny',     'allow',    'allow',      'deny'],     // HR has "all" on employees, which includes the org structure
  ['departments',            'update', 'no-grant', 'deny',     'deny',     'allow',    'allow',      'deny'],
  ['departments',            'delete', 'no-grant', 'deny',     'deny',     'allow',    'allow',      'deny'],

  ['department_managers',    'select', 'no-grant', 'own',      'allow',    'allow',    'allow',      'deny'],     // employee: which departments they manage themselves
  ['department_managers',    'insert', 'no-grant', 'deny',     'deny',     'allow',    'allow',      'deny'],
  ['department_managers',    'update', 'no-grant', 'deny',     'deny',     'allow',    'allow',      'deny'],
  ['department_managers',    'delete', 'no-grant', 'deny',     'deny',     'allow',    'allow',      'deny'],

  ['employees',              'select', 'no-grant', 'own',      'allow',    'allow',    'allow',      'deny'],     // kiosk: stricter, no table access; kiosk_roster() gives id, name, site, template of its site (attacks.test.ts)
  ['employees',              'insert', 'no-grant', 'deny',     'team',     'allow',    'allow',      'deny'],
  ['employees',              'update', 'no-grant', 'own',      'team',     'allow',    'allow',      'deny'],     // employee: contact fields only (attacks.test.ts tries role, salary, status)
  ['employees',              'delete', 'no-grant', 'deny',     'team',     'allow',    'allow',      'deny'],     // hard delete of rows nothing refers to, else archive_employee(); attacks.test.ts: manager deletes an HR row, HR an admin row

  ['role_requests',          'select', 'no-grant', 'own',      'own',      'allow',    'allow',      'deny'],     // PRODUCT.md says "none" for employee/manager; the database shows a requester their own request
  ['role_requests',          'insert', 'no-grant', 'no-grant', 'no-grant', 'no-grant', 'no-grant',   'no-grant'], // stricter: requests come only from the sign-up trigger
  ['role_requests',          'update', 'no-grant', 'no-grant', 'no-grant', 'no-grant', 'no-grant',   'no-grant'], // stricter: decided only through decide_role_request(), admin-only and audited
  ['role_requests',          'delete', 'no-grant', 'no-grant', 'no-grant', 'no-grant', 'no-grant',   'no-grant'], // stricter: a request's history is kept

  ['biometric_enrolments',   'select', 'no-grant', 'deny',     'deny',     'deny',     'allow',      'deny'],     // templates readable only by admins here; kiosks get their site's through kiosk_roster(); every other path (RPCs, export, audit, realtime, the server's checks) in template-access.test.ts
  ['biometric_enrolments',   'insert', 'no-grant', 'no-grant', 'no-grant', 'no-grant', 'no-grant',   'no-grant'], // stricter: only enrol_fingerprint(), which records consent
  ['biometric_enrolments',   'update', 'no-grant', 'no-grant', 'no-grant', 'no-grant', 'no-grant',   'no-grant'], // stricter: a template is replaced by a new enrolment, never edited
  ['biometric_enrolments',   'delete', 'no-grant', 'deny',     'deny',     'deny',     'allow',      'deny'],     // hr: FAILS today. Templates belong to admins (and their site's kiosks); HR destroys them by archiving. Policy biometric_delete names hr: a filtered delete matches nothing, an unfiltered one wipes every template

  ['system_settings',        'select', 'no-grant', 'allow',    'allow',    'allow',    'allow',      'allow'],
  ['system_settings',        'insert', 'no-grant', 'deny',     'deny',     'deny',     'single-row', 'deny'],     // admin: one row, 'default', created by the migration
  ['system_settings',        'update', 'no-grant', 'deny',     'deny',     'deny',     'allow',      'deny'],
  ['system_settings',        'delete', 'no-grant', 'deny',     'deny',     'deny',     'deny',       'deny'],     // admin: stricter, the settings row is never deleted

  ['holidays',               'select', 'no-grant', 'allow',    'allow',    'allow',    'allow',      'allow'],
  ['holidays',               'insert', 'no-grant', 'deny',     'deny',     'deny',     'allow',      'deny'],
  ['holidays',               'update', 'no-grant', 'deny',     'deny',     'deny',     'allow',      'deny'],
  ['holidays',               'delete', 'no-grant', 'deny',     'deny',     'deny',     'allow',      'deny'],

  ['audit_logs',             'select', 'no-grant', 'deny',     'deny',     'allow',    'allow',      'deny'],
  ['audit_logs',             'insert', 'no-grant', 'no-grant', 'no-grant', 'no-grant', 'no-grant',   'no-grant'], // written only by triggers and RPCs
  ['audit_logs',             'update', 'no-grant', 'no-grant', 'no-grant', 'no-grant', 'no-grant',   'no-grant'], // nobody rewrites history
  ['audit_logs',             'delete', 'no-grant', 'no-grant', 'no-grant', 'no-grant', 'no-grant',   'no-grant'],

  ['shifts',                 'select', 'no-grant', 'own',      'allow',    'allow',    'allow',      'site'],     // employee: shifts they are assigned to
  ['shifts',                 'insert', 'no-grant', 'deny',     'deny',     'allow',    'allow',      'deny'],
  ['shifts',                 'update', 'no-grant', 'deny',     'deny',     'allow',    'allow',      'deny'],
  ['shifts',                 'delete', 'no-grant', 'deny',     'deny',     'allow',    'allow',      'deny'],

  ['shift_assignments',      'select', 'no-grant', 'own',      'allow',    'allow',    'allow',      'deny'],     // kiosk: stricter, lateness is computed inside check_in()
  ['shift_assignments',      'insert', 'no-grant', 'deny',     'team',     'allow',    'allow',      'deny'],
  ['shift_assignments',      'update', 'no-grant', 'deny',     'deny',     'deny',     'deny',       'deny'],     // stricter: an assignment is added or removed (save_shift() replaces them), never edited
  ['shift_assignments',      'delete', 'no-grant', 'deny',     'team',     'allow',    'allow',      'deny'],

  ['attendances',            'select', 'no-grant', 'own',      'team',     'allow',    'allow',      'deny'],
  ['attendances',            'insert', 'no-grant', 'no-grant', 'no-grant', 'no-grant', 'no-grant',   'no-grant'], // stricter: only check_in()/manual_entry()/correct_attendance(), which keep the invariants
  ['attendances',            'update', 'no-grant', 'no-grant', 'no-grant', 'no-grant', 'no-grant',   'no-grant'], // stricter: only check_out()/correct_attendance() (with a reason, audited)
  ['attendances',            'delete', 'no-grant', 'no-grant', 'no-grant', 'no-grant', 'no-grant',   'no-grant'], // stricter: attendance rows are never deleted

  ['notifications',          'select', 'no-grant', 'own',      'own',      'own',      'allow',      'deny'],
  ['notifications',          'insert', 'no-grant', 'deny',     'team',     'allow',    'allow',      'deny'],     // manager: send to team; hr: send to anyone
  ['notifications',          'update', 'no-grant', 'own',      'own',      'own',      'allow',      'deny'],     // owners may only mark read (attacks.test.ts)
  ['notifications',          'delete', 'no-grant', 'deny',     'deny',     'deny',     'allow',      'deny'],
];

interface Cell {
  table: Table;
  op: Op;
  role: Role;
  expect: Expect;
}
const CELLS: Cell[] = MATRIX.flatMap(([table, op, ...expects]) =>
  ROLES.map((role, i) => ({ table, op, role, expect: expects[i]! })),
);

let org: Org;
beforeAll(async () => {
  org = await createOrg();
});
afterAll(() => org?.stop());

// Arranging rows -----------------------------------------------------------------------------

type Row = Record<string, unknown>;
let counter = 0;
const uniq = (label: string) => `${label}-${process.pid}-${++counter}`;

async function one<T extends Row = Row>(sql: string, params: unknown[] = []): Promise<T> {
  return (await org.db.query(sql, params)).rows[0] as T;
}

/** The row as the database holds it (superuser, no row-level security), or null. */
async function snapshot(table: Table, key: Row): Promise<unknown> {
  const columns = Object.keys(key);
  const where = columns.map((c, i) => `t.${c} = $${i + 1}`).join(' and ');
  const { rows } = await org.db.query(
    `select to_jsonb(t) as row from public.${table} t where ${where}`,
    columns.map((c) => key[c]),
  );
  return rows[0]?.row ?? null;
}

const siteOf = (a: Account) => (a === org.bfEmployee || a === org.kioskBf ? org.sites.bf : org.sites.us);
const departmentOf = (a: Account) =>
  a === org.outsider
    ? org.departments.operations
    : [org.employee, org.manager, org.bfEmployee].includes(a)
      ? org.departments.engineering
      : null;

const newDepartment = async () =>
  (
    await one<{ id: string }>('insert into public.departments (name) values ($1) returning id', [
      uniq('Dept'),
    ])
  ).id;

const newShift = async (siteId: string) =>
  (
    await one<{ id: string }>(
      `insert into public.shifts (name, site_id, start_time, end_time, days_of_week)
       values ($1, $2, '08:00', '16:00', array['Sat']) returning id`,
      [uniq('Shift'), siteId],
    )
  ).id;

const FINGERS = ['right_thumb', 'right_index', 'right_middle', 'right_ring', 'right_little', 'left_thumb'];
const template = () => Buffer.from(randomUUID().replaceAll('-', ''), 'hex'); // 16 bytes

/**
 * How to arrange and recognise rows of one table. `owner` is the employee a row belongs to
 * (its employee_id, its site, the department it is in); tables without an owner ignore it.
 */
interface TableSpec {
  /** A row of `owner` to read or update (made with the superuser, or an existing one). */
  row(owner: Account): Promise<Row>;
  /** A row of `owner` that may be deleted (defaults to a new `row`). */
  fresh?(owner: Account): Promise<Row>;
  /** Values a client would insert for `owner` (always with a fresh primary key). */
  values(owner: Account): Promise<Row>;
  /** How to find inserted values in the table (defaults to the primary key `id`). */
  find?(values: Row): Row;
  /** A change for an update. */
  patch(owner: Account): Promise<Row>;
  /**
   * false when a caller may insert rows it may not read back: then the insert is made without
   * `.select()` (PostgREST's return=minimal), because RETURNING would have to pass the read policy.
   */
  insertReturning?: boolean;
}

const SPECS: Record<Table, TableSpec> = {
  sites: {
    row: async () => ({
      id: (
        await one(
          `insert into public.sites (name, country, time_zone, currency)
           values ($1, 'US', 'America/New_York', 'USD') returning id`,
          [uniq('Site')],
        )
      ).id,
    }),
    values: async () => ({
      id: randomUUID(),
      name: uniq('Site'),
      country: 'US',
      time_zone: 'America/Denver',
      currency: 'USD',
    }),
    patch: async () => ({ name: uniq('Renamed site') }),
  },
  departments: {
    row: async () => ({ id: await newDepartment() }),
    values: async () => ({ id: randomUUID(), name: uniq('Dept') }),
    patch: async () => ({ name: uniq('Renamed dept') }),
  },
  department_managers: {
    row: async (owner) => {
      const key = { department_id: await newDepartment(), employee_id: owner.employeeId };
      await org.db.query(
        'insert into public.department_managers (department_id, employee_id) values ($1, $2)',
        [key.department_id, key.employee_id],
      );
      return key;
    },
    values: async (owner) => ({ department_id: await newDepartment(), employee_id: owner.employeeId }),
    find: (v) => ({ department_id: v.department_id, employee_id: v.employee_id }),
    patch: async () => ({ department_id: await newDepartment() }),
  },
  employees: {
    row: async (owner) => ({ id: owner.employeeId }),
    // A new employee like the owner (same department and site), with no history.
    fresh: async (owner) => ({
      id: (
        await one(
          `insert into public.employees (first_name, last_name, email, department_id, site_id)
           values ('Fresh', 'Row', $1, $2, $3) returning id`,
          [`${uniq('fresh')}@org.test`, departmentOf(owner), siteOf(owner)],
        )
      ).id,
    }),
    values: async (owner) => ({
      id: randomUUID(),
      first_name: 'New',
      last_name: 'Hire',
      email: `${uniq('hire')}@org.test`,
      department_id: departmentOf(owner),
      site_id: siteOf(owner),
    }),
    patch: async () => ({ phone: uniq('+1 555') }),
  },
  role_requests: {
    // Decided requests, so the one-pending-request-per-employee rule does not get in the way.
    row: async (owner) => ({
      id: (
        await one(
          `insert into public.role_requests (employee_id, requested_role, status, decided_at)
           values ($1, 'manager', 'rejected', app.now()) returning id`,
          [owner.employeeId],
        )
      ).id,
    }),
    values: async (owner) => ({ id: randomUUID(), employee_id: owner.employeeId, requested_role: 'admin' }),
    patch: async () => ({ requested_role: 'hr' }),
  },
  biometric_enrolments: {
    row: async (owner) => ({
      id: (
        await one(
          `insert into public.biometric_enrolments (employee_id, finger, template, quality, consent_text_version, consent_at)
           values ($1, $2, $3, 80, 'v1', app.now())
           on conflict (employee_id, finger) do update set quality = excluded.quality returning id`,
          [owner.employeeId, FINGERS[counter++ % FINGERS.length], template()],
        )
      ).id,
    }),
    values: async (owner) => ({
      id: randomUUID(),
      employee_id: owner.employeeId,
      finger: 'left_little',
      template: `\\x${template().toString('hex')}`,
      quality: 90,
      consent_text_version: 'v1',
      consent_at: PINNED_AT,
    }),
    patch: async () => ({ quality: 1 }),
  },
  system_settings: {
    row: async () => ({ id: 'default' }),
    values: async () => ({ id: 'default', company_name: 'Hijacked' }),
    patch: async () => ({ company_name: uniq('Company') }),
  },
  holidays: {
    row: async () => ({
      id: (
        await one(
          `insert into public.holidays (country, date, name)
           values ('US', date '2000-01-01' + $1::int, $2) returning id`,
          [++counter, uniq('Holiday')],
        )
      ).id,
    }),
    values: async () => ({
      id: randomUUID(),
      country: 'BF',
      date: new Date(Date.UTC(2040, 0, 1) + ++counter * 86_400_000).toISOString().slice(0, 10),
      name: uniq('Holiday'),
    }),
    patch: async () => ({ name: uniq('Renamed holiday') }),
  },
  audit_logs: {
    // The id is a bigint: pg hands it over as a string, PostgREST as a number.
    row: async () => ({
      id: Number(
        (
          await one(
            `insert into public.audit_logs (entity, entity_id, action, diff) values ('matrix', $1, 'test', '{}') returning id`,
            [uniq('entity')],
          )
        ).id,
      ),
    }),
    values: async () => ({ entity: 'matrix', entity_id: uniq('forged'), action: 'forged', diff: {} }),
    find: (v) => ({ entity_id: v.entity_id }),
    patch: async () => ({ action: 'tampered' }),
  },
  shifts: {
    // A shift at the owner's site, assigned to the owner.
    row: async (owner) => {
      const id = await newShift(siteOf(owner));
      await org.db.query('insert into public.shift_assignments (shift_id, employee_id) values ($1, $2)', [
        id,
        owner.employeeId,
      ]);
      return { id };
    },
    values: async (owner) => ({
      id: randomUUID(),
      name: uniq('Shift'),
      site_id: siteOf(owner),
      start_time: '07:00',
      end_time: '15:00',
      days_of_week: ['Sun'],
    }),
    patch: async () => ({ name: uniq('Renamed shift') }),
  },
  shift_assignments: {
    row: async (owner) => {
      const key = { shift_id: await newShift(siteOf(owner)), employee_id: owner.employeeId };
      await org.db.query('insert into public.shift_assignments (shift_id, employee_id) values ($1, $2)', [
        key.shift_id,
        key.employee_id,
      ]);
      return key;
    },
    values: async (owner) => ({ shift_id: await newShift(siteOf(owner)), employee_id: owner.employeeId }),
    find: (v) => ({ shift_id: v.shift_id, employee_id: v.employee_id }),
    patch: async () => ({ created_at: '2001-01-01T00:00:00+00:00' }),
  },
  attendances: {
    // A closed record in the past, an hour long, at a time no other arranged record uses.
    row: async (owner) => {
      const start = new Date(Date.UTC(2020, 0, 1) + ++counter * 3 * 3_600_000);
      return {
        id: (
          await one(
            `insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, source)
             values ($1, $2, $3, $4, $5, 'checked_out', 'manual') returning id`,
            [
              owner.employeeId,
              siteOf(owner),
              start.toISOString().slice(0, 10),
              start,
              new Date(start.getTime() + 3_600_000),
            ],
          )
        ).id,
      };
    },
    values: async (owner) => {
      const start = new Date(Date.UTC(2021, 0, 1) + ++counter * 3 * 3_600_000);
      return {
        id: randomUUID(),
        employee_id: owner.employeeId,
        site_id: siteOf(owner),
        date: start.toISOString().slice(0, 10),
        check_in: start.toISOString(),
        source: 'manual',
      };
    },
    patch: async () => ({ device: 'tampered' }),
  },
  notifications: {
    row: async (owner) => ({
      id: (
        await one(
          `insert into public.notifications (employee_id, title, message) values ($1, 'Hello', $2) returning id`,
          [owner.employeeId, uniq('message')],
        )
      ).id,
    }),
    values: async (owner) => ({
      id: randomUUID(),
      employee_id: owner.employeeId,
      title: 'Matrix',
      message: uniq('message'),
    }),
    patch: async () => ({ read: true }),
    // HR and managers send notifications they cannot read (a notification is read by its addressee),
    // so `.insert().select()` is refused with 42501 and rolled back; the UI must insert without it.
    insertReturning: false,
  },
};

// Trying a cell --------------------------------------------------------------------------------

function clientOf(role: Role): SupabaseClient {
  return role === 'anon' ? org.anon : role === 'kiosk' ? org.kioskUs.supabase : org[role].supabase;
}

function selfOf(role: Role): Account | undefined {
  return role === 'anon' ? undefined : role === 'kiosk' ? org.kioskUs : org[role];
}

/**
 * Rows a refused cell is tried on: the caller's own (when it has one) and its team's, and one of
 * someone unrelated; for a kiosk, an employee of its own site and one of the other site.
 */
function refusedOwners(role: Role): Account[] {
  switch (role) {
    case 'anon':
      return [org.employee];
    case 'kiosk':
      return [org.employee, org.bfEmployee];
    case 'employee':
      return [org.employee, org.outsider];
    case 'manager':
      return [org.manager, org.employee, org.outsider];
    case 'hr':
    case 'admin':
      return [org[role], org.outsider];
  }
}

const pick = (row: Row, columns: string[]) => Object.fromEntries(columns.map((c) => [c, row[c]]));

async function expectAllowed({ table, op, role }: Cell, owner: Account) {
  const spec = SPECS[table];
  const supabase = clientOf(role);
  switch (op) {
    case 'select': {
      const key = await spec.row(owner);
      const { data, error } = await supabase.from(table).select('*').match(key);
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      expect(data![0]).toMatchObject(key);
      return;
    }
    case 'insert': {
      const values = await spec.values(owner);
      if (spec.insertReturning === false) {
        const { error } = await supabase.from(table).insert(values);
        expect(error).toBeNull();
      } else {
        const { data, error } = await supabase.from(table).insert(values).select();
        expect(error).toBeNull();
        expect(data).toHaveLength(1);
      }
      expect(await snapshot(table, spec.find?.(values) ?? { id: values.id })).not.toBeNull();
      return;
    }
    case 'update': {
      const key = await spec.row(owner);
      const patch = await spec.patch(owner);
      const before = await snapshot(table, key);
      const { data, error } = await supabase.from(table).update(patch).match(key).select();
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      const after = await snapshot(table, {
        ...key,
        ...pick(
          patch,
          Object.keys(key).filter((k) => k in patch),
        ),
      });
      expect(after).not.toEqual(before);
      expect(after).toMatchObject(patch);
      return;
    }
    case 'delete': {
      const key = await (spec.fresh ?? spec.row)(owner);
      expect(await snapshot(table, key)).not.toBeNull();
      const { data, error } = await supabase.from(table).delete().match(key).select();
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      expect(await snapshot(table, key)).toBeNull();
      return;
    }
  }
}

async function expectRefused(
  { table, op, role }: Cell,
  owner: Account,
  how: 'deny' | 'no-grant' | 'single-row',
  /** The caller may write no row of the table at all, so a write without filter may change nothing either. */
  everyRow = false,
) {
  const spec = SPECS[table];
  const supabase = clientOf(role);
  const noGrant = { code: '42501', message: expect.stringMatching(/^permission denied for table /) };
  switch (op) {
    case 'select': {
      const key = await spec.row(owner);
      expect(await snapshot(table, key)).not.toBeNull(); // the row is there to be hidden
      const { data, error } = await supabase.from(table).select('*').match(key);
      if (how === 'no-grant') {
        expect(error).toMatchObject(noGrant);
        expect(data).toBeNull();
      } else {
        expect(error).toBeNull();
        expect(data).toEqual([]);
      }
      return;
    }
    case 'insert': {
      const values = await spec.values(owner);
      const found = spec.find?.(values) ?? { id: values.id };
      const before = await snapshot(table, found);
      // Without `.select()`: the refusal must come from the insert policy or the privileges, not
      // from RETURNING having to pass the read policy.
      const { data, error } = await supabase.from(table).insert(values);
      expect(data).toBeNull();
      expect(error).toMatchObject(
        how === 'no-grant'
          ? noGrant
          : how === 'single-row'
            ? { code: '23505' }
            : { code: '42501', message: expect.stringMatching(/violates row-level security policy/) },
      );
      expect(await snapshot(table, found)).toEqual(before);
      return;
    }
    case 'update':
    case 'delete': {
      const key = await (op === 'delete' ? (spec.fresh ?? spec.row) : spec.row)(owner);
      const before = await snapshot(table, key);
      expect(before).not.toBeNull();
      const query =
        op === 'update'
          ? supabase.from(table).update(await spec.patch(owner))
          : supabase.from(table).delete();
      const { data, error } = await query.match(key).select();
      if (how === 'no-grant') {
        expect(error).toMatchObject(noGrant);
      } else {
        // Hidden by row-level security: the statement succeeds and matches no row.
        expect(error).toBeNull();
        expect(data).toEqual([]);
      }
      expect(await snapshot(table, key)).toEqual(before);
      if (how === 'deny' && everyRow) {
        // A filter on a column (or RETURNING) makes Postgres apply the read policy too, which could
        // hide a too-wide update/delete policy. Without filter and RETURNING only that policy decides.
        const unfiltered =
          op === 'update'
            ? supabase.from(table).update(await spec.patch(owner))
            : supabase.from(table).delete();
        await unfiltered;
        expect(
          await snapshot(table, key),
          `${role} ${op} on ${table} without a filter reached this row`,
        ).toEqual(before);
      }
      return;
    }
  }
}

async function check(cell: Cell) {
  const self = selfOf(cell.role);
  switch (cell.expect) {
    case 'allow':
      return expectAllowed(cell, org.outsider);
    case 'own':
      await expectAllowed(cell, self!);
      return expectRefused(cell, org.outsider, 'deny');
    case 'team':
      await expectAllowed(cell, org.employee); // Engineering, which the manager manages
      return expectRefused(cell, org.outsider, 'deny'); // Operations, which they do not
    case 'site':
      await expectAllowed(cell, org.employee); // the US kiosk and a US employee
      return expectRefused(cell, org.bfEmployee, 'deny');
    case 'deny':
      for (const owner of refusedOwners(cell.role)) await expectRefused(cell, owner, 'deny', true);
      return;
    case 'no-grant':
      // A missing privilege does not depend on the row: one attempt shows it.
      return expectRefused(cell, refusedOwners(cell.role)[0]!, 'no-grant');
    case 'single-row':
      return expectRefused(cell, org.outsider, 'single-row');
  }
}

describe('the matrix itself', () => {
  it('has exactly one row per table and operation', () => {
    const keys = MATRIX.map(([table, op]) => `${table}.${op}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(Object.keys(SPECS).length * 4);
  });
});

for (const table of Object.keys(SPECS) as Table[]) {
  describe(table, () => {
    for (const cell of CELLS.filter((c) => c.table === table)) {
      it(`${cell.role} ${cell.op}: ${cell.expect}`, () => check(cell));
    }
  });
}
