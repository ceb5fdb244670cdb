// The pay profile edited through save_pay_profile (as every role; each bad value refused with a
// message; audited), the structure computed from it, and the employer's address and CNSS numbers
// on the payslip data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
});
afterAll(() => org?.stop());

const profileOf = async (employeeId: string) =>
  (await org.db.query('select * from public.employee_pay_profiles where employee_id = $1', [employeeId]))
    .rows[0];

describe('save_pay_profile', () => {
  it('lets HR and admins save W-4 fields, dependants, abatement and CNSS number; audited', async () => {
    const { data, error } = await org.hr.supabase.rpc('save_pay_profile', {
      p_employee_id: org.employee.employeeId,
      p_profile: { filing_status: 'married_jointly', w4_step2: true, w4_step3: '2000', w4_step4c: 25.5 },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      filing_status: 'married_jointly',
      w4_step2: true,
      w4_step3: 2000,
      w4_step4a: 0,
      w4_step4c: 25.5,
      dependants: 0,
      abatement_rate: 0.2,
    });
    // A second save changes only what it names.
    const bf = await org.admin.supabase.rpc('save_pay_profile', {
      p_employee_id: org.bfEmployee.employeeId,
      p_profile: { dependants: 3, abatement_rate: 0.25, cnss_number: ' 0123456 B ' },
    });
    expect(bf.error).toBeNull();
    const again = await org.admin.supabase.rpc('save_pay_profile', {
      p_employee_id: org.bfEmployee.employeeId,
      p_profile: { dependants: 2 },
    });
    expect(again.error).toBeNull();
    expect(await profileOf(org.bfEmployee.employeeId)).toMatchObject({
      dependants: 2,
      abatement_rate: '0.25',
      cnss_number: '0123456 B',
    });
    const audit = await org.db.query<{
      action: string;
      diff: Record<string, unknown>;
      actor_employee_id: string;
    }>(
      `select action, diff, actor_employee_id from public.audit_logs
       where entity = 'employee_pay_profiles' and entity_id = $1 order by created_at, id`,
      [org.bfEmployee.employeeId],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['insert', 'update']);
    expect(audit.rows[1]).toMatchObject({
      actor_employee_id: org.admin.employeeId,
      diff: { dependants: { old: 3, new: 2 } },
    });
  });

  it('refuses managers, employees, kiosks and anonymous callers', async () => {
    for (const account of [org.manager, org.employee, org.kioskUs]) {
      const { error } = await account.supabase.rpc('save_pay_profile', {
        p_employee_id: account.employeeId,
        p_profile: { dependants: 4 },
      });
      expect(error, account.email).toMatchObject({
        code: '42501',
        message: 'pay_profile.staff_only',
      });
    }
    const anon = await org.anon.rpc('save_pay_profile', {
      p_employee_id: org.employee.employeeId,
      p_profile: { dependants: 4 },
    });
    expect(anon.error).not.toBeNull();
    // Nor can they write the table directly.
    const direct = await org.employee.supabase
      .from('employee_pay_profiles')
      .update({ dependants: 4 })
      .eq('employee_id', org.employee.employeeId)
      .select();
    expect(direct.data ?? []).toEqual([]);
    expect((await profileOf(org.employee.employeeId))?.dependants ?? 0).not.toBe(4);
  });

  it('says what is wrong with a bad value', async () => {
    const cases: Array<[Record<string, unknown>, string, Record<string, unknown>?]> = [
      [{ filing_status: 'widowed' }, 'pay_profile.filing_status'],
      [{ w4_step3: -5 }, 'pay_profile.not_amount', { field: 'w4_step3', max: 1_000_000_000 }],
      [{ w4_step4a: '12.345' }, 'pay_profile.not_amount', { field: 'w4_step4a', max: 1_000_000_000 }],
      // Step 4(c) is a period's extra withholding: at most 100,000 (the column's CHECK too).
      [{ w4_step4c: '100000.01' }, 'pay_profile.not_amount', { field: 'w4_step4c', max: 100_000 }],
      [{ w4_step2: 'yes' }, 'pay_profile.not_boolean', { field: 'w4_step2' }],
      [{ dependants: 21 }, 'pay_profile.dependants'],
      [{ dependants: 1.5 }, 'pay_profile.dependants'],
      [{ abatement_rate: 0.3 }, 'pay_profile.abatement'],
      [{ cnss_number: 'n°12;drop' }, 'pay_profile.cnss_number'],
      [{ salary: 5 }, 'pay_profile.unknown_field', { field: 'salary' }],
    ];
    for (const [profile, message, params] of cases) {
      const { error } = await org.hr.supabase.rpc('save_pay_profile', {
        p_employee_id: org.outsider.employeeId,
        p_profile: profile,
      });
      expect(error, JSON.stringify(profile)).toMatchObject({ code: 'P0001', message });
      expect(JSON.parse(error!.details), JSON.stringify(profile)).toEqual(params ?? {});
    }
    const missing = await org.hr.supabase.rpc('save_pay_profile', {
      p_employee_id: '00000000-0000-0000-0000-000000000000',
      p_profile: {},
    });
    expect(missing.error).toMatchObject({ message: 'employee.not_found' });
    expect(await profileOf(org.outsider.employeeId)).toBeUndefined();
  });

  it('feeds the computation: a structure created after the change is taxed with it', async () => {
    await org.hr.supabase.rpc('save_pay_profile', {
      p_employee_id: org.outsider.employeeId,
      p_profile: { w4_step4c: '50' },
    });
    const { data, error } = await org.hr.supabase.rpc('create_salary_structures', {
      p_employee_ids: [org.outsider.employeeId, org.manager.employeeId],
      p_fields: {
        rule_set: 'us-federal-2026',
        country: 'US',
        frequency: 'monthly',
        basic_salary: 4000,
        effective_date: '2026-03-01',
      },
    });
    expect(error).toBeNull();
    const tax = (id: string) =>
      Number(
        (data as Array<{ employee_id: string; computation: { deductions: { federal_tax: string } } }>).find(
          (s) => s.employee_id === id,
        )!.computation.deductions.federal_tax,
      );
    expect(tax(org.outsider.employeeId) - tax(org.manager.employeeId)).toBeCloseTo(50, 2);
  });
});

describe('salary_pay_context', () => {
  it('gives HR the CNSS number with the profile, a manager the profile without it', async () => {
    const saved = await org.hr.supabase.rpc('save_pay_profile', {
      p_employee_id: org.employee.employeeId,
      p_profile: { cnss_number: 'US-77' },
    });
    expect(saved.error).toBeNull();
    const args = { p_employee_id: org.employee.employeeId, p_date: '2026-03-01' };
    const hr = await org.hr.supabase.rpc('salary_pay_context', args);
    expect(hr.data.profile).toMatchObject({ cnss_number: 'US-77', filing_status: 'married_jointly' });
    const manager = await org.manager.supabase.rpc('salary_pay_context', args);
    expect(manager.error).toBeNull();
    expect(manager.data.profile).toMatchObject({ filing_status: 'married_jointly' });
    expect(manager.data.profile).not.toHaveProperty('cnss_number');
  });
});

describe('employer identity on payslips', () => {
  it('admins set a site address and employer CNSS number; HR may not; the payslip data carries them', async () => {
    const refused = await org.hr.supabase
      .from('sites')
      .update({ address: 'Nowhere' })
      .eq('id', org.sites.bf)
      .select();
    expect(refused.data ?? []).toEqual([]);
    const saved = await org.admin.supabase
      .from('sites')
      .update({ address: 'Avenue Kwame Nkrumah, Ouagadougou', cnss_employer_number: '0012345 A' })
      .eq('id', org.sites.bf)
      .select('address, cnss_employer_number');
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual([
      { address: 'Avenue Kwame Nkrumah, Ouagadougou', cnss_employer_number: '0012345 A' },
    ]);
    const bad = await org.admin.supabase
      .from('sites')
      .update({ cnss_employer_number: '#!' })
      .eq('id', org.sites.bf);
    expect(bad.error?.message).toContain('site_cnss_employer_number_format');

    // A paid structure of the BF employee gives a payslip naming both CNSS numbers and the address.
    await org.db.query('update public.employees set same_day_enabled = true where id = $1', [
      org.bfEmployee.employeeId,
    ]);
    const created = await org.hr.supabase.rpc('create_salary_structures', {
      p_employee_ids: [org.bfEmployee.employeeId],
      p_fields: {
        rule_set: 'bf-2026',
        frequency: 'monthly',
        basic_salary: 250000,
        effective_date: '2026-01-01',
      },
    });
    expect(created.error).toBeNull();
    const id = (created.data as Array<{ id: string }>)[0]!.id;
    expect(
      (await org.admin.supabase.rpc('set_salary_approval', { p_id: id, p_status: 'approved' })).error,
    ).toBeNull();
    expect(
      (await org.hr.supabase.rpc('set_salary_payment', { p_id: id, p_status: 'paid' })).error,
    ).toBeNull();
    for (const account of [org.hr, org.bfEmployee]) {
      const { data, error } = await account.supabase.rpc('payslip_data', { p_structure_id: id });
      expect(error).toBeNull();
      expect(data.employer).toMatchObject({
        address: 'Avenue Kwame Nkrumah, Ouagadougou',
        cnss_number: '0012345 A',
        country: 'BF',
      });
      expect(data.profile).toMatchObject({ cnss_number: '0123456 B' });
    }
    const other = await org.employee.supabase.rpc('payslip_data', { p_structure_id: id });
    expect(other.error).toMatchObject({ message: 'payroll.payslip_not_found' });
  });
});
