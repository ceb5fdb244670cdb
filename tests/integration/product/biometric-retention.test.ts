// Issue 26 item 3: the retention schedule. With the clock pinned, the job destroys the templates of
// people no longer active and of people with no punch for the configured period (from their last
// punch, or their enrolment if they never punched), keeps the others, audits each destruction with
// its reason; the period is bounded (30 days to 3 years); only the schedule (service role) or an admin
// runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PINNED_AT } from '../../clock.ts';
import { createOrg, type Org } from './org.ts';

let org: Org;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.parse(PINNED_AT) - days * DAY).toISOString();

async function enrol(employeeId: string, enrolledAt: string) {
  await org.db.query(
    `insert into public.biometric_enrolments (employee_id, finger, template, template_format, quality,
       consent_text_version, consent_at, created_at)
     values ($1, 'right_index', decode(repeat('ab', 40), 'hex'), 'pointage-v1', 80, 'v1', $2, $2)`,
    [employeeId, enrolledAt],
  );
}
const enrolled = async () =>
  (
    await org.db.query<{ employee_id: string }>(
      'select employee_id from public.biometric_enrolments order by 1',
    )
  ).rows.map((r) => r.employee_id);

beforeAll(async () => {
  org = await createOrg();
  await enrol(org.employee.employeeId, ago(400)); // never punched, enrolled 400 days ago
  await enrol(org.outsider.employeeId, ago(100)); // never punched, enrolled 100 days ago
  await enrol(org.manager.employeeId, ago(400)); // enrolled long ago, punches today
  await enrol(org.bfEmployee.employeeId, ago(10)); // recent, but no longer employed
  const punched = await org.manager.supabase.rpc('check_in', { p_employee_id: org.manager.employeeId });
  expect(punched.error).toBeNull();
  await org.db.query(`update public.employees set status = 'inactive' where id = $1`, [
    org.bfEmployee.employeeId,
  ]);
}, 600_000);

afterAll(async () => {
  await org?.stop();
});

describe('the retention schedule', () => {
  it('refuses other callers and periods outside 30 days to 3 years; nothing is destroyed', async () => {
    for (const who of [org.hr, org.manager, org.employee, org.kioskUs]) {
      const { error } = await who.supabase.rpc('run_biometric_retention');
      expect(error?.message).toBe('biometric.retention_admin_only');
    }
    for (const days of [0, 29, 1096, -1])
      await expect(
        org.db.query(`update public.system_settings set biometric_retention_days = $1 where id = 'default'`, [
          days,
        ]),
      ).rejects.toThrow(/biometric_retention_days/);
    expect(await enrolled()).toHaveLength(4);
  });

  it('by default (one year) destroys the templates of the person gone and of the one idle for a year', async () => {
    const { data, error } = await org.service.rpc('run_biometric_retention');
    expect(error).toBeNull();
    expect(data).toBe(2);
    expect(await enrolled()).toEqual([org.manager.employeeId, org.outsider.employeeId].sort());
    const { rows } = await org.db.query<{
      entity_id: string;
      diff: { reason: string; retention_days: number };
    }>(
      `select entity_id, diff from public.audit_logs where action = 'retention_destroyed' order by entity_id`,
    );
    expect(rows.map((r) => [r.entity_id, r.diff.reason, r.diff.retention_days]).sort()).toEqual(
      [
        [org.employee.employeeId, 'no_punch', 365],
        [org.bfEmployee.employeeId, 'archived', 365],
      ].sort(),
    );
    // Run again: nothing more to destroy.
    expect((await org.service.rpc('run_biometric_retention')).data).toBe(0);
  });

  it('a shorter period takes the idle person too; the one who punched today keeps theirs', async () => {
    await org.db.query(
      `update public.system_settings set biometric_retention_days = 90 where id = 'default'`,
    );
    const { data } = await org.admin.supabase.rpc('run_biometric_retention');
    expect(data).toBe(1);
    expect(await enrolled()).toEqual([org.manager.employeeId]);
  });
});
