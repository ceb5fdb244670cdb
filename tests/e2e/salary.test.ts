// Salary management: HR creates structures for a US and a BF employee (with overtime by premium
// band) and the dialog's live preview equals what the database stores; the creator cannot approve;
// an admin approves; payment before the release date is queued, after it is paid with a paystub;
// bulk approve states its count and what it leaves for another admin; a paid structure cannot be deleted; the pay profile edited in the
// dialog moves the preview, and is saved (audited) so that the stored structure equals the preview.
// Asserted against the database.
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, describe, expect } from 'vitest';
import EN from '../../src/i18n/locales/en/salary.json';
import DUTIES from '../../src/i18n/locales/en/salaryDuties.json';
import FR from '../../src/i18n/locales/fr/salary.json';
import { formatMoney } from '../../src/shared/format/money.ts';
import { chooseOption, e2e, expectToast, logIn, settledDialog, UI_TIMEOUT, visible } from './browser.ts';

const { test, stack } = e2e({ data: 'demo' });

let pool: pg.Pool | undefined;
const db = () => (pool ??= new pg.Pool({ connectionString: stack().databaseUrl, max: 2 }));
afterAll(() => pool?.end());
const one = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  (await db().query<T>(sql, params)).rows[0]!;

interface Person {
  id: string;
  name: string;
}
const employeeOf = (country: 'US' | 'BF', nth = 0) =>
  one<Person>(
    `select e.id, btrim(e.first_name || ' ' || e.last_name) as name from public.employees e
     join public.sites s on s.id = e.site_id
     where s.country = $1 and e.role = 'employee' and e.status = 'active'
     order by e.last_name, e.first_name limit 1 offset $2`,
    [country, nth],
  );

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('combobox', { name: label, exact: true }).fill(option);
  await (await visible(page.locator('.ant-select-item-option').filter({ hasText: option }))).click();
}

/** An antd single select of the dialog's form, by its field id. */
async function chooseFromList(page: Page, id: string, option: string) {
  await chooseOption(page, page.locator(`input#${id}`), option);
}

const previewValue = async (page: Page, id: string) =>
  (await visible(page.getByTestId(`preview-${id}`).locator('td').nth(1))).innerText();

async function setDate(page: Page, id: string, date: string) {
  const input = page.locator(`input#${id}`);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

describe('salary management', () => {
  test('HR creates US and BF structures: the live preview equals the stored figures', async ({ page }) => {
    const us = await employeeOf('US');
    const bf = await employeeOf('BF');
    // The demo HR officer works at the Ouagadougou site: French.
    await logIn(page, 'hr@demo.test', '/employee-management');
    await page.goto('/salary-management');
    await visible(page.getByText(FR.empty));

    // US, spec defaults: salaried 5,000 + 10 h overtime at 1.5 × 25, housing 500; effective long ago (releasable).
    await page.getByRole('button', { name: FR.addSalary }).click();
    await pick(page, FR.form.employees, us.name);
    await page.keyboard.press('Escape');
    await page.getByLabel(FR.form.basicSalary, { exact: true }).fill('5000');
    await page.getByLabel(FR.form.hourlyRate, { exact: true }).fill('25');
    await page.getByLabel(FR.form.overtimeHours, { exact: true }).fill('10');
    await page.getByLabel(FR.form.allowance.house_rent, { exact: true }).fill('500');
    await setDate(page, 'effective_date', '2026-10-01');
    await expect.poll(() => previewValue(page, 'gross')).toBe(formatMoney('5875', 'USD', 'fr'));
    const usPreview = {
      gross: await previewValue(page, 'gross'),
      net: await previewValue(page, 'net'),
      overtime: await previewValue(page, 'overtime_pay'),
    };
    await page.getByRole('button', { name: FR.form.save }).click();
    await visible(page.getByText(FR.form.created));
    const usRow = await one<{
      gross_salary: string;
      net_salary: string;
      overtime_pay: string;
      currency: string;
    }>(`select * from public.salary_structures where employee_id = $1`, [us.id]);
    expect(usRow.currency).toBe('USD');
    expect(usPreview).toEqual({
      gross: formatMoney(usRow.gross_salary, 'USD', 'fr'),
      net: formatMoney(usRow.net_salary, 'USD', 'fr'),
      overtime: formatMoney(usRow.overtime_pay, 'USD', 'fr'),
    });

    // BF, bf-2026: 250,000 XOF with transport 20,000, monthly.
    await page.getByRole('button', { name: FR.addSalary }).click();
    await pick(page, FR.form.employees, bf.name);
    await page.keyboard.press('Escape');
    await chooseFromList(page, 'rule_set', FR.ruleSets['bf-2026']);
    await chooseFromList(page, 'frequency', FR.frequencies.monthly);
    await page.getByLabel(FR.form.basicSalary, { exact: true }).fill('250000');
    await page.getByLabel(FR.form.allowance.transport, { exact: true }).fill('20000');
    await expect.poll(() => previewValue(page, 'gross')).toBe(formatMoney('270000', 'XOF', 'fr'));
    // 40 h of overtime at 1,200 XOF: one preview line per premium band (+15 % up to 8 h a week, +35 % beyond).
    await page.getByLabel(FR.form.hourlyRate, { exact: true }).fill('1200');
    await page.getByLabel(FR.form.overtimeHours, { exact: true }).fill('40');
    await visible(page.getByTestId('preview-overtime-h35'));
    const bands = {
      h15: await previewValue(page, 'overtime-h15'),
      h35: await previewValue(page, 'overtime-h35'),
      label: await page.getByTestId('preview-overtime-h15').locator('td').first().innerText(),
    };
    const bfNet = await previewValue(page, 'net');
    const bfIuts = await previewValue(page, 'deduction-iuts');
    await page.getByRole('button', { name: FR.form.save }).click();
    await expect
      .poll(
        async () =>
          (await db().query('select 1 from public.salary_structures where employee_id = $1', [bf.id]))
            .rowCount,
      )
      .toBe(1);
    const bfRow = await one<{
      net_salary: string;
      deductions: Record<string, string>;
      currency: string;
      computation: {
        overtime_pay: string;
        overtime_lines?: Array<{ band: string; hours: string; amount: string }>;
      };
    }>(`select * from public.salary_structures where employee_id = $1`, [bf.id]);
    expect(bfRow.currency).toBe('XOF');
    expect(bfNet).toBe(formatMoney(bfRow.net_salary, 'XOF', 'fr'));
    expect(bfIuts).toBe(`− ${formatMoney(bfRow.deductions.iuts!, 'XOF', 'fr')}`);
    // The stored computation has the same band lines as the preview, adding up to the overtime pay.
    const lines = bfRow.computation.overtime_lines!;
    expect(lines.map((l) => l.band)).toEqual(['h15', 'h35']);
    expect(Number(lines[0]!.hours) + Number(lines[1]!.hours)).toBeCloseTo(40, 1);
    expect(bands.h15).toBe(formatMoney(lines[0]!.amount, 'XOF', 'fr'));
    expect(bands.h35).toBe(formatMoney(lines[1]!.amount, 'XOF', 'fr'));
    expect(bands.label).toContain(`${lines[0]!.hours.replace('.', ',')} h majorées de 15 %`);
    expect(Number(lines[0]!.amount) + Number(lines[1]!.amount)).toBe(Number(bfRow.computation.overtime_pay));
    // The table shows both, each in its currency (XOF without decimals).
    await visible(page.getByTestId('net').filter({ hasText: formatMoney(bfRow.net_salary, 'XOF', 'fr') }));
    await visible(page.getByTestId('salary-card-XOF'));
    await visible(page.getByTestId('salary-card-USD'));
  });

  test('an admin who created a structure is told why they cannot approve it', async ({ page }) => {
    // A person of their own (the first and later cases use the first two): one pending structure per person and date.
    const bf = await employeeOf('BF', 2);
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/salary-management');
    await page.getByRole('button', { name: EN.addSalary }).click();
    await pick(page, EN.form.employees, bf.name);
    await page.keyboard.press('Escape');
    await page.getByLabel(EN.form.basicSalary, { exact: true }).fill('100000');
    await page.getByRole('button', { name: EN.form.save }).click();
    await visible(page.getByText(EN.form.created));
    const row = page
      .locator('tr')
      .filter({ hasText: bf.name })
      .filter({ hasText: formatMoney('100000', 'XOF', 'en') })
      .first();
    await row.getByRole('button', { name: EN.actions.status }).click();
    await visible(page.getByTestId('own-structure').getByText(EN.status.ownStructure));
    expect(await page.getByRole('button', { name: EN.status.saveApproval }).isDisabled()).toBe(true);
  });

  test('admin approves HR’s US structure; payment before release is queued, after it is paid', async ({
    page,
  }) => {
    const us = await employeeOf('US');
    const bf = await employeeOf('BF');
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/salary-management');
    const usRow = page.locator('tr').filter({ hasText: us.name }).first();
    await usRow.getByRole('button', { name: EN.actions.status }).click();
    // The dialog's first action is a click: after its opening animation (a click during it can miss).
    await (
      await settledDialog(page, EN.status.title)
    )
      .getByRole('button', { name: EN.status.saveApproval })
      .click();
    await visible(page.getByText(EN.status.approvedDone));
    const approved = await one<{ approval_status: string; scheduled_release_date: string }>(
      `select approval_status, scheduled_release_date::text from public.salary_structures where employee_id = $1`,
      [us.id],
    );
    expect(approved.approval_status).toBe('approved');
    await visible(usRow.getByTestId('approval').getByText(EN.approvalStatus.approved));
    const notified = await db().query(
      `select 1 from public.notifications where employee_id = $1 and code = 'salary.approved'`,
      [us.id],
    );
    expect(notified.rowCount).toBe(1);

    // Paying a structure that is not approved: the spec's refusal.
    const bfRow = page
      .locator('tr')
      .filter({ hasText: bf.name })
      .filter({ hasText: EN.approvalStatus.pending })
      .first();
    await bfRow.getByRole('button', { name: EN.actions.status }).click();
    // The dialog's first action is a click: after its opening animation (a click during it can miss).
    await (
      await settledDialog(page, EN.status.title)
    )
      .getByRole('button', { name: EN.status.savePayment })
      .click();
    await expectToast(page, EN.status.approvalRequired, EN.status.approvalRequiredDetail);
    await page.keyboard.press('Escape');

    // Effective 2026-10-01: released long ago → paid with a paystub.
    await usRow.getByRole('button', { name: EN.actions.status }).click();
    await page.getByLabel(EN.status.reference, { exact: true }).fill('ACH-1001');
    await page.getByRole('button', { name: EN.status.savePayment }).click();
    await visible(page.getByText(EN.status.released));
    const paid = await one<{ payment_status: string; id: string }>(
      `select id, payment_status from public.salary_structures where employee_id = $1`,
      [us.id],
    );
    expect(paid.payment_status).toBe('paid');
    expect(
      (await db().query('select 1 from public.paystubs where salary_structure_id = $1', [paid.id])).rowCount,
    ).toBe(1);
    // A paid structure cannot be deleted (once the list has refetched the paid row).
    await expect
      .poll(() => usRow.getByRole('button', { name: EN.actions.delete }).isDisabled(), {
        timeout: UI_TIMEOUT,
      })
      .toBe(true);

    // A structure effective today is released two business days later: paying now is queued.
    const queued = await one<{ id: string }>(
      `insert into public.salary_structures (employee_id, basic_salary, effective_date, created_by, approval_status,
         approved_at, scheduled_release_date)
       values ($1, 1200, app.today(), (select id from public.employees where email = 'hr@demo.test'), 'approved', app.now(),
         app.add_business_days(app.today(), 2, 'US'))
       returning id`,
      [us.id],
    );
    await page.reload();
    const queuedRow = page
      .locator('tr')
      .filter({ hasText: formatMoney('1200', 'USD', 'en') })
      .first();
    await queuedRow.getByRole('button', { name: EN.actions.status }).click();
    // The dialog's first action is a click: after its opening animation (a click during it can miss).
    await (
      await settledDialog(page, EN.status.title)
    )
      .getByRole('button', { name: EN.status.savePayment })
      .click();
    await expectToast(page, EN.status.queued);
    const after = await one<{ payment_status: string }>(
      `select payment_status from public.salary_structures where id = $1`,
      [queued.id],
    );
    expect(after.payment_status).toBe('processing');
  });

  test('bulk approve states the count and what is left for another admin, then approves exactly that many', async ({
    page,
  }) => {
    // Two more proposals by HR, and one for the admin's own salary (another admin must decide it).
    await db().query(
      `insert into public.salary_structures (employee_id, basic_salary, created_by)
       select e.id, 3000, (select id from public.employees where email = 'hr@demo.test')
       from public.employees e join public.sites s on s.id = e.site_id
       where s.country = 'US' and e.role = 'employee' order by e.last_name desc limit 2`,
    );
    await db().query(
      `insert into public.salary_structures (employee_id, basic_salary, created_by)
       select id, 7000, (select id from public.employees where email = 'hr@demo.test')
       from public.employees where email = 'admin@demo.test'`,
    );
    // What the admin may decide: not their own salary, nor what they created or changed.
    const mayDecide = `approval_status = 'pending' and employee_id <> admin.id
      and created_by is distinct from admin.id and not admin.id = any (amounts_changed_by)`;
    const counts = async () =>
      one<{ decidable: string; left: string }>(
        `select count(*) filter (where ${mayDecide}) as decidable,
                count(*) filter (where approval_status = 'pending' and not (${mayDecide})) as left
         from public.salary_structures, (select id from public.employees where email = 'admin@demo.test') admin`,
      );
    const before = await counts();
    const expected = Number(before.decidable);
    const left = Number(before.left);
    expect(expected).toBeGreaterThanOrEqual(3);
    expect(left).toBeGreaterThanOrEqual(1);
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/salary-management');
    await page.getByRole('button', { name: EN.bulkApprove }).click();
    await visible(
      page.locator('.ant-modal-confirm-title', { hasText: `Approve ${expected} pending salary structures?` }),
    );
    await visible(page.getByText(DUTIES.confirmLeft.replace('{{count}}', String(left))));
    await page.getByRole('button', { name: 'OK' }).click();
    await visible(page.getByText(`${expected} salary structures approved`));
    await visible(
      page.getByText(
        (left === 1 ? DUTIES.leftTitle_one : DUTIES.leftTitle_other).replace('{{count}}', String(left)),
      ),
    );
    expect(await counts()).toEqual({ decidable: '0', left: String(left) });
    // Nothing left this admin may decide: said so, with why.
    await page.getByRole('button', { name: EN.bulkApprove }).click();
    await visible(page.getByText(DUTIES.noneDecidable));
    await visible(page.getByText(DUTIES.noneDecidableDetail));
  });

  test('an admin edits the pay profile in the dialog: the preview follows and the stored figures equal it', async ({
    page,
  }) => {
    const second = (country: 'US' | 'BF') =>
      one<Person>(
        `select e.id, btrim(e.first_name || ' ' || e.last_name) as name from public.employees e
         join public.sites s on s.id = e.site_id
         where s.country = $1 and e.role = 'employee' and e.status = 'active'
         order by e.last_name, e.first_name offset 1 limit 1`,
        [country],
      );
    const us = await second('US');
    const bf = await second('BF');
    const P = EN.form.profileEdit;
    await logIn(page, 'admin@demo.test', '/dashboard');
    await page.goto('/salary-management');

    // US federal: W-4 step 4(c) adds its amount to the federal tax of the preview.
    await page.getByRole('button', { name: EN.addSalary }).click();
    await pick(page, EN.form.employees, us.name);
    await page.keyboard.press('Escape');
    await chooseFromList(page, 'rule_set', EN.ruleSets['us-federal-2026']);
    await chooseFromList(page, 'frequency', EN.frequencies.monthly);
    await page.getByLabel(EN.form.basicSalary, { exact: true }).fill('5000');
    await setDate(page, 'effective_date', '2026-10-01');
    await expect.poll(() => previewValue(page, 'gross')).toBe(formatMoney('5000', 'USD', 'en'));
    await visible(page.getByLabel(P.w4Step4c, { exact: true }));
    const taxBefore = await previewValue(page, 'deduction-federal_tax');
    const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
    await page.getByLabel(P.w4Step4c, { exact: true }).fill('100');
    await expect
      .poll(async () => cents(await previewValue(page, 'deduction-federal_tax')))
      .toBe(cents(taxBefore) + 10000);
    const usPreview = {
      tax: await previewValue(page, 'deduction-federal_tax'),
      net: await previewValue(page, 'net'),
    };
    await page.getByRole('button', { name: EN.form.save }).click();
    await visible(page.getByText(EN.form.created));
    const usStored = await one<{ net_salary: string; deductions: Record<string, string>; w4_step4c: string }>(
      `select s.net_salary, s.deductions, p.w4_step4c from public.salary_structures s
       join public.employee_pay_profiles p on p.employee_id = s.employee_id where s.employee_id = $1`,
      [us.id],
    );
    expect(usStored.w4_step4c).toBe('100.00');
    expect(usPreview).toEqual({
      tax: `− ${formatMoney(usStored.deductions.federal_tax!, 'USD', 'en')}`,
      net: formatMoney(usStored.net_salary, 'USD', 'en'),
    });

    // Burkina Faso: two dependants lower the IUTS; the CNSS number is kept for the bulletin.
    await page.getByRole('button', { name: EN.addSalary }).click();
    await pick(page, EN.form.employees, bf.name);
    await page.keyboard.press('Escape');
    await chooseFromList(page, 'rule_set', EN.ruleSets['bf-2026']);
    await chooseFromList(page, 'frequency', EN.frequencies.monthly);
    await page.getByLabel(EN.form.basicSalary, { exact: true }).fill('250000');
    await expect.poll(() => previewValue(page, 'gross')).toBe(formatMoney('250000', 'XOF', 'en'));
    await visible(page.getByLabel(P.dependants, { exact: true }));
    const iutsBefore = await previewValue(page, 'deduction-iuts');
    await page.getByLabel(P.dependants, { exact: true }).fill('2');
    await page.getByLabel(P.cnssNumber, { exact: true }).fill('BF-0456789');
    await expect.poll(() => previewValue(page, 'deduction-iuts')).not.toBe(iutsBefore);
    const bfPreview = {
      iuts: await previewValue(page, 'deduction-iuts'),
      net: await previewValue(page, 'net'),
    };
    await page.getByRole('button', { name: EN.form.save }).click();
    await expect
      .poll(
        async () =>
          (await db().query('select 1 from public.salary_structures where employee_id = $1', [bf.id]))
            .rowCount,
      )
      .toBe(1);
    const bfStored = await one<{
      net_salary: string;
      deductions: Record<string, string>;
      dependants: number;
      cnss_number: string;
    }>(
      `select s.net_salary, s.deductions, p.dependants, p.cnss_number from public.salary_structures s
       join public.employee_pay_profiles p on p.employee_id = s.employee_id where s.employee_id = $1`,
      [bf.id],
    );
    expect(bfStored).toMatchObject({ dependants: 2, cnss_number: 'BF-0456789' });
    expect(bfPreview).toEqual({
      iuts: `− ${formatMoney(bfStored.deductions.iuts!, 'XOF', 'en')}`,
      net: formatMoney(bfStored.net_salary, 'XOF', 'en'),
    });
    // Both changes are in the audit log, by the admin.
    const audit = await db().query(
      `select entity_id from public.audit_logs a join public.employees e on e.id = a.actor_employee_id
       where a.entity = 'employee_pay_profiles' and e.email = 'admin@demo.test' and a.entity_id = any ($1)`,
      [[us.id, bf.id]],
    );
    expect(new Set(audit.rows.map((r) => r.entity_id))).toEqual(new Set([us.id, bf.id]));
  });
});
