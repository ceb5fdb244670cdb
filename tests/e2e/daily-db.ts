// The database of an e2e file's stack, for the daily screens' journeys: the tests compute what the
// screens must show straight from the tables, independently of the functions the screens call.
import pg from 'pg';
import type { Stack } from '../../server/stack.ts';
import { demoEnrolment, enrolmentSql } from '../../supabase/seed/fingerprints.ts';

export interface DailyDb {
  pool: pg.Pool;
  one<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T>;
  rows<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  /** An active employee's id by e-mail. */
  idOf(email: string): Promise<string>;
  /** Enrols the demo finger of each not enrolled yet (the scanner simulator presses only enrolled fingers). */
  enrol(ids: string[]): Promise<void>;
  end(): Promise<void>;
}

export function dailyDb(stack: Stack): DailyDb {
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  const rows = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    (await pool.query<T>(sql, params)).rows;
  return {
    pool,
    rows,
    one: async <T extends pg.QueryResultRow>(sql: string, params?: unknown[]) =>
      (await rows<T>(sql, params))[0]!,
    idOf: async (email) =>
      (
        await rows<{ id: string }>('select id from public.employees where lower(email) = lower($1)', [email])
      )[0]!.id,
    enrol: async (ids) => {
      const enrolled = await rows<{ id: string }>(
        'select distinct employee_id as id from public.biometric_enrolments where employee_id = any ($1)',
        [ids],
      );
      const missing = ids.filter((id) => !enrolled.some((e) => e.id === id));
      if (missing.length) await pool.query(enrolmentSql(missing.map((id) => demoEnrolment(id))));
    },
    end: () => pool.end(),
  };
}

/**
 * Today's figures straight from the tables (each employee's site-local day): active staff, people with
 * a record today, people late today; `offset` days back for last week's same weekday.
 */
export const RAW_DAY_SQL = `
  with staff as (
    select e.id, e.department_id, (app.now() at time zone s.time_zone)::date + $1::int as day
    from public.employees e join public.sites s on s.id = e.site_id
    where e.status = 'active' and e.role <> 'kiosk' and ($2::uuid[] is null or e.id = any ($2::uuid[]))
      and coalesce(e.joining_date, e.created_at::date) <= (app.now() at time zone s.time_zone)::date + $1::int
  )
  select count(*)::int as total,
    count(*) filter (where exists (select 1 from public.attendances a where a.employee_id = staff.id and a.date = staff.day))::int as present,
    count(*) filter (where exists (select 1 from public.attendances a where a.employee_id = staff.id and a.date = staff.day and a.punctuality = 'late'))::int as late
  from staff`;
