// The payment account dialog (issue 29 leftover): a Burkina Faso IBAN of the wrong form and one whose
// check digits do not match get two different messages before anything is sent (the database refuses
// them with payment.iban_form and payment.iban_invalid), in English (admin) and in French (the demo HR
// account), on a wide and a narrow screen. Nothing is saved.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, describe, expect } from 'vitest';
import paymentsEn from '../../src/i18n/locales/en/payments.json';
import paymentsFr from '../../src/i18n/locales/fr/payments.json';
import { e2e, logIn, settledDialog, UI_TIMEOUT, visible } from './browser.ts';

const { test, stack } = e2e({ data: 'demo' });
const SHOTS = process.env.PAY_SHOTS_DIR;

let pool: pg.Pool | undefined;
const db = () => (pool ??= new pg.Pool({ connectionString: stack().databaseUrl, max: 2 }));
afterAll(async () => {
  await pool?.end();
});

/** An active Ouagadougou employee and their current account rows, to show nothing changed. */
async function bfPerson() {
  const { rows } = await db().query<{ id: string }>(
    `select e.id from public.employees e join public.sites s on s.id = e.site_id
     where s.country = 'BF' and e.status = 'active' and e.role = 'employee'
     order by e.last_name, e.first_name limit 1`,
  );
  return rows[0]!.id;
}
const accounts = async (id: string) =>
  (await db().query('select * from public.payment_accounts where employee_id = $1 order by created_at', [id]))
    .rows;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

describe('a Burkina Faso IBAN in the payment account dialog', () => {
  const cases = [
    { language: 'en', email: 'admin@demo.test', home: '/dashboard', texts: paymentsEn.account },
    { language: 'fr', email: 'hr@demo.test', home: '/employee-management', texts: paymentsFr.account },
  ] as const;
  for (const { language, email, home, texts } of cases) {
    test(`tells a wrong form from wrong check digits (${language})`, async ({ page }) => {
      const person = await bfPerson();
      const before = await accounts(person);
      await page.setViewportSize({ width: 1440, height: 900 });
      await logIn(page, email, home);
      await page.goto(`/employee-view/${person}`);
      await (await visible(page.getByTestId('edit-payment-account'))).click();
      const dialog = await settledDialog(page);
      await dialog.getByText(texts.methods.bank_account, { exact: true }).click();
      const iban = await visible(dialog.getByLabel(texts.iban, { exact: true }));
      const formMessage = dialog.getByText(texts.invalid.ibanForm, { exact: true });
      const checkMessage = dialog.getByText(texts.invalid.iban, { exact: true });

      // 27 characters, typed in groups: the form's message.
      await iban.fill('BF42 BF08 4010 1300 4635 7400 039');
      await iban.blur();
      await visible(formMessage);
      await expect.poll(() => checkMessage.count(), { timeout: UI_TIMEOUT }).toBe(0);
      await shoot(page, `iban-form-${language}-1440`);

      // The right form, two check digits swapped: the check digits' message only.
      await iban.fill('bf24 bf08 4010 1300 4635 7400 0390');
      await iban.blur();
      await visible(checkMessage);
      await expect.poll(() => formMessage.count(), { timeout: UI_TIMEOUT }).toBe(0);
      await page.setViewportSize({ width: 800, height: 1280 });
      await shoot(page, `iban-check-${language}-800`);

      // A valid IBAN: no message.
      await iban.fill('BF42 BF08 4010 1300 4635 7400 0390');
      await iban.blur();
      await expect
        .poll(async () => (await formMessage.count()) + (await checkMessage.count()), { timeout: UI_TIMEOUT })
        .toBe(0);
      expect(await accounts(person)).toEqual(before);
    });
  }
});
