// Check-in and check-out through the RPCs, as each role that may call them, and the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type Org } from './org.ts';

let org: Org;
beforeAll(async () => {
  org = await createOrg();
});
afterAll(() => org?.stop());

const count = async (employeeId: string) =>
  Number(
    (await org.db.query('select count(*) from public.attendances where employee_id = $1', [employeeId]))
      .rows[0].count,
  );

describe('check_in and check_out', () => {
  it('checks an employee in and out, computing the local date and the hours in the database', async () => {
    const { data: inRow, error } = await org.employee.supabase.rpc('check_in', {
      p_employee_id: org.employee.employeeId,
      p_source: 'fingerprint',
      p_device: 'phone',
    });
    expect(error).toBeNull();
    expect(inRow).toMatchObject({
      status: 'checked_in',
      source: 'fingerprint',
      site_id: org.sites.us,
      total_hours: null,
    });
    const { data: outRow, error: outError } = await org.employee.supabase.rpc('check_out', {
      p_employee_id: org.employee.employeeId,
    });
    expect(outError).toBeNull();
    expect(outRow).toMatchObject({ id: inRow.id, status: 'checked_out', total_hours: 0 });
  });

  it("refuses a second check-in with the spec's message and changes nothing", async () => {
    await org.outsider.supabase.rpc('check_in', { p_employee_id: org.outsider.employeeId });
    const before = await count(org.outsider.employeeId);
    const { error } = await org.outsider.supabase.rpc('check_in', { p_employee_id: org.outsider.employeeId });
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'Already Checked In',
      hint: 'Employee must check out before checking in again.',
    });
    expect(await count(org.outsider.employeeId)).toBe(before);
  });
});
