// Shifts (save_shift, shift_counters, delete) and settings (constraints, switches that act in the
// database, reset, logs, export) as every role, including the refused ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockNow } from '../../clock.ts';
import { createOrg, type Org, type RoleName } from './org.ts';
import { PASSWORD } from '../helpers.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
});
afterAll(() => org?.stop());

const ROLES: RoleName[] = ['admin', 'hr', 'manager', 'employee', 'kiosk'];
const as = (role: RoleName) => (role === 'kiosk' ? org.kioskUs : org[role]).supabase;
const settings = async () =>
  (await org.db.query(`select * from public.system_settings where id = 'default'`)).rows[0];

async function saveShift(role: RoleName, extra: Record<string, unknown> = {}) {
  return as(role).rpc('save_shift', {
    p_name: `Night ${role}`,
    p_start_time: '22:00',
    p_end_time: '06:00',
    p_days_of_week: ['Mon', 'Tue'],
    p_break_duration: 30,
    p_employee_ids: [org.employee.employeeId],
    p_site_id: org.sites.us,
    ...extra,
  });
}

describe('shifts', () => {
  it('admin and HR save shifts with assignments; the others are refused', async () => {
    for (const role of ROLES) {
      const { data, error } = await saveShift(role);
      if (role === 'admin' || role === 'hr') {
        expect(error).toBeNull();
        const assigned = await org.db.query(
          'select employee_id from public.shift_assignments where shift_id = $1',
          [data],
        );
        expect(assigned.rows.map((r) => r.employee_id)).toEqual([org.employee.employeeId]);
      } else {
        expect(error?.code, role).toBe('42501');
      }
    }
  });

  it('refuses an incomplete shift with the missing fields named', async () => {
    const { error } = await saveShift('admin', { p_days_of_week: [] });
    expect(error?.message).toBe('shift.required_fields');
  });

  it('counts shifts, employees, assigned and unassigned in SQL, scoped by role', async () => {
    const { data: empty, error: e1 } = await org.admin.supabase.rpc('save_shift', {
      p_name: 'Empty shift',
      p_start_time: '08:00',
      p_end_time: '16:00',
      p_days_of_week: ['Sat'],
    });
    expect(e1).toBeNull();
    const expected = (
      await org.db.query(`select
        (select count(*)::int from public.shifts) total,
        (select count(*)::int from public.employees where status = 'active' and role <> 'kiosk') employees,
        (select count(distinct shift_id)::int from public.shift_assignments) assigned`)
    ).rows[0];
    const { data, error } = await org.hr.supabase.rpc('shift_counters').single();
    expect(error).toBeNull();
    expect(data).toEqual({
      total_shifts: expected.total,
      total_employees: expected.employees,
      assigned: expected.assigned,
      unassigned: expected.total - expected.assigned,
    });
    expect(expected.total - expected.assigned).toBeGreaterThanOrEqual(1);
    // An employee sees only the shifts they work and only themselves.
    const { data: mine } = await org.employee.supabase.rpc('shift_counters').single();
    expect(mine).toMatchObject({ total_employees: 1, unassigned: 0 });
    // Deleting is admin/HR only (RLS), and audited.
    const denied = await org.manager.supabase.from('shifts').delete().eq('id', empty).select();
    expect(denied.data).toEqual([]);
    const { data: gone } = await org.hr.supabase.from('shifts').delete().eq('id', empty).select();
    expect(gone).toHaveLength(1);
    const audit = await org.db.query(
      `select action from public.audit_logs where entity = 'shifts' and entity_id = $1 order by id`,
      [empty],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'delete']);
  });
});

describe('settings', () => {
  it('only an admin updates settings; an out-of-range integer is refused by the database', async () => {
    for (const role of ROLES) {
      const { data } = await as(role)
        .from('system_settings')
        .update({ late_threshold: 20 })
        .eq('id', 'default')
        .select();
      expect(data?.length ?? 0, role).toBe(role === 'admin' ? 1 : 0);
    }
    const bad = await org.admin.supabase
      .from('system_settings')
      .update({ working_hours: 30 })
      .eq('id', 'default');
    expect(bad.error?.code).toBe('23514');
    expect((await settings()).working_hours).toBe(9);
    const audit = await org.db.query(
      `select diff, actor_employee_id from public.audit_logs where entity = 'system_settings' order by id desc limit 1`,
    );
    expect(audit.rows[0]).toMatchObject({
      diff: { late_threshold: { old: 15, new: 20 } },
      actor_employee_id: org.admin.employeeId,
    });
  });

  it('notifications off: a workflow creates no in-app notification; on again: it does', async () => {
    const count = async () =>
      Number(
        (
          await org.db.query('select count(*) from public.notifications where employee_id = $1', [
            org.bfEmployee.employeeId,
          ])
        ).rows[0].count,
      );
    const send = () =>
      org.hr.supabase
        .from('notifications')
        .insert({ employee_id: org.bfEmployee.employeeId, message: 'Hello' });
    await org.admin.supabase.from('system_settings').update({ notifications: false }).eq('id', 'default');
    const before = await count();
    // A message a person sends on purpose still arrives; a workflow's notification does not.
    expect((await send()).error).toBeNull();
    expect(await count()).toBe(before + 1);
    await org.db.query(`select app.notify($1, 'salary.approved')`, [org.bfEmployee.employeeId]);
    expect(await count()).toBe(before + 1);
    await org.admin.supabase.from('system_settings').update({ notifications: true }).eq('id', 'default');
    await org.db.query(`select app.notify($1, 'salary.approved')`, [org.bfEmployee.employeeId]);
    expect(await count()).toBe(before + 2);
  });

  it('biometric authentication on: manual check-ins are refused, fingerprint ones accepted', async () => {
    await org.admin.supabase.from('system_settings').update({ biometric_auth: true }).eq('id', 'default');
    const manual = await org.hr.supabase.rpc('check_in', {
      p_employee_id: org.outsider.employeeId,
      p_source: 'manual',
    });
    expect(manual.error?.message).toBe('punch.biometric_required');
    await org.admin.supabase.from('system_settings').update({ biometric_auth: false }).eq('id', 'default');
    const again = await org.hr.supabase.rpc('check_in', {
      p_employee_id: org.outsider.employeeId,
      p_source: 'manual',
    });
    expect(again.error).toBeNull();
  });

  it('Reset System restores the defaults (admin only) and deletes nobody', async () => {
    await org.admin.supabase
      .from('system_settings')
      .update({ company_name: 'Changed', working_hours: 7, scanner_simulator: true })
      .eq('id', 'default');
    const people = (await org.db.query('select count(*) from public.employees')).rows[0].count;
    const attendance = (await org.db.query('select count(*) from public.attendances')).rows[0].count;
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      expect((await as(role).rpc('reset_settings')).error?.code, role).toBe('42501');
    }
    const { error } = await org.admin.supabase.rpc('reset_settings');
    expect(error).toBeNull();
    expect(await settings()).toMatchObject({
      company_name: 'Pointage',
      working_hours: 9,
      break_time: 1,
      late_threshold: 15,
      notifications: true,
      biometric_auth: false,
      auto_backup: true,
      email_reports: true,
      sms_notifications: false,
      scanner_simulator: false,
    });
    expect((await org.db.query('select count(*) from public.employees')).rows[0].count).toBe(people);
    expect((await org.db.query('select count(*) from public.attendances')).rows[0].count).toBe(attendance);
  });

  it('security and system logs: who, when, what — admin and HR only', async () => {
    const { error: pw } = await org.hr.supabase.auth.updateUser({
      password: 'a-new-password-123',
      current_password: PASSWORD,
    });
    expect(pw).toBeNull();
    const { data: security } = await org.admin.supabase.rpc('audit_log_entries', { p_kind: 'security' });
    expect(security?.[0]).toMatchObject({ entity: 'auth', action: 'password_change', actor_name: 'Hr Test' });
    const { data: system } = await org.hr.supabase.rpc('audit_log_entries', { p_kind: 'system' });
    expect(system?.find((e: { entity: string }) => e.entity === 'system_settings')).toMatchObject({
      actor_name: 'Admin Test',
    });
    for (const role of ['manager', 'employee', 'kiosk'] as const) {
      const { data } = await as(role).rpc('audit_log_entries', { p_kind: 'system' });
      expect(data, role).toEqual([]);
    }
  });

  it('Export Data: every table with its rows for an admin, no templates; refused to the others', async () => {
    await org.db.query(
      `insert into public.biometric_enrolments (employee_id, finger, template, quality, consent_text_version, consent_at)
       values ($1, 'right_index', decode(repeat('ab', 32), 'hex'), 80, 'v1', app.now())`,
      [org.employee.employeeId],
    );
    const { data, error } = await org.admin.supabase.rpc('export_company_data');
    expect(error).toBeNull();
    const exported = data as Record<string, Array<Record<string, unknown>>>;
    const tables = (
      await org.db.query(`select tablename from pg_tables where schemaname = 'public' order by tablename`)
    ).rows.map((r) => r.tablename);
    expect(Object.keys(exported).sort()).toEqual(tables);
    for (const table of ['employees', 'attendances', 'shifts', 'holidays']) {
      const count = Number((await org.db.query(`select count(*) from public.${table}`)).rows[0].count);
      expect(exported[table], table).toHaveLength(count);
    }
    expect(exported.biometric_enrolments?.[0]).not.toHaveProperty('template');
    expect(JSON.stringify(exported)).not.toContain('encrypted_password');
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      expect((await as(role).rpc('export_company_data')).error?.code, role).toBe('42501');
    }
  });
});

describe('backups', () => {
  it('the schedule backs up once a day only with Auto Backup on; admins back up now; the file is in the data directory', async () => {
    const fs = await import('node:fs/promises');
    const path = await import('node:path');
    await org.admin.supabase.from('system_settings').update({ auto_backup: false }).eq('id', 'default');
    expect((await org.db.query('select public.run_due_backup() as b')).rows[0].b).toBeNull();
    await org.admin.supabase.from('system_settings').update({ auto_backup: true }).eq('id', 'default');
    const hour = (await clockNow(org.db)).getUTCHours();
    const first = (await org.db.query('select * from public.run_due_backup()')).rows[0];
    if (hour >= 1) {
      expect(first).toMatchObject({ trigger: 'schedule' });
      const again = (await org.db.query('select id from public.run_due_backup()')).rows[0];
      expect(again.id).toBeNull();
    }
    for (const role of ['hr', 'manager', 'employee', 'kiosk'] as const) {
      expect((await as(role).rpc('backup_now')).error?.code, role).toBe('42501');
      expect((await as(role).rpc('run_due_backup')).error, role).not.toBeNull();
      expect((await as(role).from('backups').select('id')).data, role).toEqual([]);
    }
    const { data, error } = await org.admin.supabase.rpc('backup_now');
    expect(error).toBeNull();
    const backup = data as { file: string; bytes: number; rows: number };
    const dataDirectory = (await org.db.query(`select current_setting('data_directory') as d`)).rows[0]
      .d as string;
    expect(path.resolve(dataDirectory).startsWith(path.resolve(org.stack.dataDir))).toBe(true);
    const stat = await fs.stat(path.join(dataDirectory, backup.file));
    expect(stat.size).toBe(backup.bytes);
    const lines = (await fs.readFile(path.join(dataDirectory, backup.file), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(backup.rows);
    const employees = Number((await org.db.query('select count(*) from public.employees')).rows[0].count);
    expect(lines.filter((l) => l.startsWith('employees\t'))).toHaveLength(employees);
    const { data: listed } = await org.admin.supabase.from('backups').select('file, bytes');
    expect(listed).toContainEqual({ file: backup.file, bytes: backup.bytes });
  });
});

describe('payroll rule sets', () => {
  it('an admin changes a figure (audited); the shape cannot change; others cannot write', async () => {
    const { rule_set, effective_from, params } = (
      await org.db.query(
        `select rule_set, effective_from::text, params from public.payroll_rule_sets where rule_set = 'spec-default' limit 1`,
      )
    ).rows[0];
    const withUs = (us: Record<string, unknown>) => ({ ...params, US: { ...params.US, ...us } });
    const update = (role: RoleName, next: Record<string, unknown>) =>
      as(role)
        .from('payroll_rule_sets')
        .update({ params: next })
        .eq('rule_set', rule_set)
        .eq('effective_from', effective_from)
        .select('params');
    for (const role of ['hr', 'manager', 'employee', 'kiosk'] as const) {
      expect((await update(role, withUs({ social_security: '0.07' }))).data ?? [], role).toEqual([]);
    }
    for (const bad of [
      withUs({ social_security: 'lots' }),
      withUs({ surprise: '1' }),
      { ...params, US: '0.1' },
    ]) {
      expect((await update('admin', bad)).error?.message).toBe('rule_set.invalid_params');
    }
    const ok = await update('admin', withUs({ social_security: '0.063' }));
    expect(ok.error).toBeNull();
    expect(ok.data?.[0]?.params.US.social_security).toBe('0.063');
    const audit = await org.db.query(
      `select actor_employee_id from public.audit_logs where entity = 'payroll_rule_sets' order by id desc limit 1`,
    );
    expect(audit.rows[0].actor_employee_id).toBe(org.admin.employeeId);
    expect((await update('admin', params)).error).toBeNull();
  });
});
