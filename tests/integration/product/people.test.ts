// The directory's RPCs as each role: figures, delete-or-archive, restore, registration with an
// optional enrolment (atomic), including the refused calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
});
afterAll(async () => {
  await org?.stop();
});

const TEMPLATE = Buffer.alloc(64, 7).toString('base64');
let counter = 0;
const person = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Nia',
  last_name: `Person${++counter}`,
  email: `nia.${counter}.${Date.now()}@org.test`,
  phone: '+1 555 0100',
  position: 'Operator',
  department_id: org.departments.engineering,
  site_id: org.sites.us,
  joining_date: '2026-11-02',
  employment_type: 'part-time',
  salary: '1200.50',
  address: '',
  has_agreed_to_terms: true,
  ...overrides,
});
const row = async (id: string) =>
  (await org.db.query('select * from public.employees where id = $1', [id])).rows[0];

describe('employee_directory_stats', () => {
  it('counts people (not kiosks, not archived) and those who joined this month, from SQL', async () => {
    const { data, error } = await org.hr.supabase.rpc('employee_directory_stats').single();
    expect(error).toBeNull();
    const truth = (
      await org.db.query(`select count(*)::int total,
        count(*) filter (where status = 'active')::int active,
        count(distinct department_id)::int departments,
        count(*) filter (where date_trunc('month', joining_date) = date_trunc('month', app.today()))::int this_month
        from public.employees where role <> 'kiosk' and status <> 'terminated'`)
    ).rows[0];
    expect(data).toEqual(truth);
    expect(truth.total).toBeGreaterThan(0);
  });

  it('gives an employee only their own row and a kiosk nothing', async () => {
    const mine = await org.employee.supabase.rpc('employee_directory_stats').single();
    expect(mine.data).toMatchObject({ total: 1 });
    const kiosk = await org.kioskUs.supabase.rpc('employee_directory_stats').single();
    expect(kiosk.data).toMatchObject({ total: 0 });
  });
});

describe('register_employee', () => {
  it('saves the employee and the enrolment together (HR)', async () => {
    const fields = person();
    const { data, error } = await org.hr.supabase
      .rpc('register_employee', {
        p_employee: fields,
        p_fingerprint: {
          finger: 'right_index',
          template: TEMPLATE,
          quality: 81,
          consentVersion: 'biometric-consent-2026-11-v1',
        },
      })
      .single<{ id: string }>();
    expect(error).toBeNull();
    const saved = await row(data!.id);
    expect(saved).toMatchObject({
      first_name: 'Nia',
      employment_type: 'part_time',
      salary: '1200.50',
      address: null,
      role: 'employee',
      site_id: org.sites.us,
    });
    const enrolled = await org.db.query(
      'select finger, quality, consent_text_version from public.biometric_enrolments where employee_id = $1',
      [data!.id],
    );
    expect(enrolled.rows).toEqual([
      { finger: 'right_index', quality: 81, consent_text_version: 'biometric-consent-2026-11-v1' },
    ]);
  });

  it('saves nothing when the enrolment is refused (no consent)', async () => {
    const fields = person();
    const { error } = await org.admin.supabase.rpc('register_employee', {
      p_employee: fields,
      p_fingerprint: { finger: 'right_index', template: TEMPLATE, quality: 80, consentVersion: '' },
    });
    expect(error?.message).toBe('fingerprint.consent_required');
    const count = await org.db.query('select count(*)::int n from public.employees where email = $1', [
      fields.email,
    ]);
    expect(count.rows[0].n).toBe(0);
  });

  it('registers without a fingerprint and refuses missing fields or terms', async () => {
    const ok = await org.admin.supabase.rpc('register_employee', { p_employee: person() });
    expect(ok.error).toBeNull();
    const missing = await org.admin.supabase.rpc('register_employee', { p_employee: person({ phone: ' ' }) });
    expect(missing.error?.message).toBe('employee.required_fields');
    const terms = await org.admin.supabase.rpc('register_employee', {
      p_employee: person({ has_agreed_to_terms: false }),
    });
    expect(terms.error?.message).toBe('employee.terms_required');
  });

  it('lets a manager register in their department only', async () => {
    const own = await org.manager.supabase.rpc('register_employee', { p_employee: person() });
    expect(own.error).toBeNull();
    const other = await org.manager.supabase.rpc('register_employee', {
      p_employee: person({ department_id: org.departments.sales }),
    });
    expect(other.error?.code).toBe('42501');
    const boss = await org.manager.supabase.rpc('register_employee', { p_employee: person({ role: 'hr' }) });
    expect(boss.error?.code).toBe('42501');
    // The manager portal's 'Add Employee' goes through this RPC: a peer manager is refused too.
    const peer = await org.manager.supabase.rpc('register_employee', {
      p_employee: person({ role: 'manager' }),
    });
    expect(peer.error?.code).toBe('42501');
  });

  it('refuses employees and kiosks', async () => {
    for (const account of [org.employee, org.kioskUs]) {
      const { error } = await account.supabase.rpc('register_employee', { p_employee: person() });
      expect(error?.code).toBe('42501');
    }
  });
});

describe('delete_employee and restore_employee', () => {
  it('deletes a person without history and archives one with history', async () => {
    const fresh = (
      await org.hr.supabase.rpc('register_employee', { p_employee: person() }).single<{ id: string }>()
    ).data!;
    const deleted = await org.hr.supabase.rpc('delete_employee', { p_employee_id: fresh.id });
    expect(deleted).toMatchObject({ data: 'deleted', error: null });
    expect(await row(fresh.id)).toBeUndefined();

    const worker = (
      await org.hr.supabase
        .rpc('register_employee', {
          p_employee: person(),
          p_fingerprint: {
            finger: 'left_index',
            template: TEMPLATE,
            quality: 70,
            consentVersion: 'biometric-consent-2026-11-v1',
          },
        })
        .single<{ id: string }>()
    ).data!;
    await org.db.query(
      `insert into public.attendances (employee_id, site_id, date, check_in, check_out, status, source)
       values ($1, $2, '2026-11-02', '2026-11-02T14:00Z', '2026-11-02T22:00Z', 'checked_out', 'manual')`,
      [worker.id, org.sites.us],
    );
    const archived = await org.hr.supabase.rpc('delete_employee', { p_employee_id: worker.id });
    expect(archived).toMatchObject({ data: 'archived', error: null });
    expect(await row(worker.id)).toMatchObject({ status: 'terminated' });
    const kept = await org.db.query('select count(*)::int n from public.attendances where employee_id = $1', [
      worker.id,
    ]);
    expect(kept.rows[0].n).toBe(1);
    const templates = await org.db.query(
      'select count(*)::int n from public.biometric_enrolments where employee_id = $1',
      [worker.id],
    );
    expect(templates.rows[0].n).toBe(0);

    // Restore: active again, refused for someone not archived.
    const restored = await org.hr.supabase.rpc('restore_employee', { p_employee_id: worker.id });
    expect(restored.error).toBeNull();
    expect(await row(worker.id)).toMatchObject({ status: 'active', terminated_at: null });
    const again = await org.hr.supabase.rpc('restore_employee', { p_employee_id: worker.id });
    expect(again.error?.message).toBe('employee.not_archived');
  });

  it('refuses what the caller may not do', async () => {
    const target = (
      await org.admin.supabase
        .rpc('register_employee', { p_employee: person({ department_id: org.departments.sales }) })
        .single<{ id: string }>()
    ).data!;
    // A manager outside the department, an employee, a kiosk.
    for (const account of [org.manager, org.employee, org.kioskUs]) {
      const { error } = await account.supabase.rpc('delete_employee', { p_employee_id: target.id });
      expect(error?.code).toBe('42501');
    }
    // HR cannot remove the admin; nobody removes themselves.
    const admin = await org.hr.supabase.rpc('delete_employee', { p_employee_id: org.admin.employeeId });
    expect(admin.error?.code).toBe('42501');
    const self = await org.hr.supabase.rpc('delete_employee', { p_employee_id: org.hr.employeeId });
    expect(self.error?.code).toBe('42501');
    const missing = await org.hr.supabase.rpc('delete_employee', {
      p_employee_id: '00000000-0000-0000-0000-000000000000',
    });
    expect(missing.error?.message).toBe('employee.not_found');
  });

  it('lets a manager archive an employee of their department', async () => {
    const mine = (
      await org.manager.supabase.rpc('register_employee', { p_employee: person() }).single<{ id: string }>()
    ).data!;
    const { data, error } = await org.manager.supabase.rpc('delete_employee', { p_employee_id: mine.id });
    expect(error).toBeNull();
    expect(data).toBe('deleted');
  });
});
