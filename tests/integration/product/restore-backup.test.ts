// Restore a local backup: admins only; a backup of the current data is taken first; every table goes
// back to what the file holds (changes since are gone, rows deleted since come back), the backups
// list and the audit log stay (they only grow), people can still read their data, and the restore
// is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
});
afterAll(() => org?.stop());

const one = async (sql: string, params: unknown[] = []) => (await org.db.query(sql, params)).rows[0];

describe('restore_backup', () => {
  it('refuses everyone but admins, and unknown backups', async () => {
    const { data } = await org.admin.supabase.rpc('backup_now');
    const id = (data as { id: number }).id;
    for (const account of [org.hr, org.manager, org.employee, org.kioskUs]) {
      const { error } = await account.supabase.rpc('restore_backup', { p_backup_id: id });
      expect(error, account.email).toMatchObject({
        code: '42501',
        message: 'backup.restore_admin_only',
      });
    }
    expect((await org.anon.rpc('restore_backup', { p_backup_id: id })).error).not.toBeNull();
    expect((await org.admin.supabase.rpc('restore_backup', { p_backup_id: 999999 })).error).toMatchObject({
      message: 'backup.not_found',
    });
  });

  it('puts every table back as the file holds it, after a safety backup; audited; sign-in still works', async () => {
    await org.db.query(
      `insert into public.holidays (country, date, name) values ('US', '2031-02-03', 'Before')`,
    );
    const { data, error } = await org.admin.supabase.rpc('backup_now');
    expect(error).toBeNull();
    const backup = data as { id: number; file: string };
    const before = await one(`select company_name from public.system_settings where id = 'default'`);
    const holidays = Number((await one('select count(*) from public.holidays')).count);

    // Changes after the backup: a setting, a new holiday, a deleted one, a new department.
    await org.admin.supabase
      .from('system_settings')
      .update({ company_name: 'Changed after the backup' })
      .eq('id', 'default');
    await org.db.query(
      `insert into public.holidays (country, date, name) values ('US', '2031-02-04', 'After')`,
    );
    await org.db.query(`delete from public.holidays where name = 'Before'`);
    await org.db.query(`insert into public.departments (name) values ('Created after')`);
    const backupsBefore = Number((await one('select count(*) from public.backups')).count);

    const restored = await org.admin.supabase.rpc('restore_backup', { p_backup_id: backup.id });
    expect(restored.error).toBeNull();
    expect(restored.data).toMatchObject({ id: backup.id, file: backup.file });

    expect(await one(`select company_name from public.system_settings where id = 'default'`)).toEqual(before);
    expect(Number((await one('select count(*) from public.holidays')).count)).toBe(holidays);
    expect(
      (await org.db.query(`select name from public.holidays where name in ('Before', 'After')`)).rows,
    ).toEqual([{ name: 'Before' }]);
    expect(
      (await org.db.query(`select 1 from public.departments where name = 'Created after'`)).rowCount,
    ).toBe(0);
    // The list keeps every backup, plus the one taken of the data just replaced.
    expect(Number((await one('select count(*) from public.backups')).count)).toBe(backupsBefore + 1);
    const audit = await org.db.query(
      `select action, actor_employee_id, diff ->> 'file' as file, diff ->> 'safety_backup' as safety
       from public.audit_logs where entity = 'backups' and action = 'restore'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      action: 'restore',
      actor_employee_id: org.admin.employeeId,
      file: backup.file,
    });
    expect(audit.rows[0].safety).toMatch(/^pointage-backup-/);
    // The audit log only grows: the change made after the backup is still on record.
    const since = await org.db.query(
      `select 1 from public.audit_logs where entity = 'system_settings' and diff::text like '%Changed after the backup%'`,
    );
    expect(since.rowCount).toBeGreaterThan(0);

    // The app still works: people read their data, new rows get fresh ids, triggers are back on.
    const me = await org.employee.supabase.from('employees').select('id').eq('id', org.employee.employeeId);
    expect(me.data).toEqual([{ id: org.employee.employeeId }]);
    const again = await org.admin.supabase.rpc('backup_now');
    expect(again.error).toBeNull();
    await org.admin.supabase
      .from('system_settings')
      .update({ company_name: 'Audited again' })
      .eq('id', 'default');
    const lastAudit = await one(
      `select entity from public.audit_logs where entity = 'system_settings' order by id desc limit 1`,
    );
    expect(lastAudit).toEqual({ entity: 'system_settings' });
  });
});
