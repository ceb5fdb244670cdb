// Issue 26 item 3 as a person meets it: the public biometric policy (signed out, from the landing
// footer, with the retention period in force) and the withdrawal of one's consent in the portal
// (templates destroyed at once; the card then says so).
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { e2e, expectToast, logIn, seeText, visible } from './browser.ts';
import { dailyDb, type DailyDb } from './daily-db.ts';

const { test, stack } = e2e({ data: 'demo' });
let db: DailyDb;
beforeAll(() => {
  db = dailyDb(stack());
});
afterAll(() => db?.end());

describe('the biometric policy', () => {
  test('the landing footer opens the public page: its version and the retention period in force', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Biometric policy', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Biometric policy', exact: true }));
    // The version in force is the latest the database publishes, with its date as English writes it.
    const current = await db.one<{ version: string; published_on: string }>(
      `select version, published_on::text as published_on from public.biometric_policy_versions
       order by published_on desc, version desc limit 1`,
    );
    const [y, m, d] = current.published_on.split('-').map(Number) as [number, number, number];
    const published = new Intl.DateTimeFormat('en', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(Date.UTC(y, m - 1, d, 12));
    await seeText(page, `Version ${current.version}, published ${published}`);
    const days = (
      await db.one<{ d: number }>('select biometric_retention_days as d from public.system_settings')
    ).d;
    await visible(
      page.getByTestId('policy-retention').getByText(`after ${days} days without a punch`, { exact: false }),
    );
  });
});

describe('withdrawing consent in the portal', () => {
  test('destroys the templates at once and the card says so', async ({ page }) => {
    // The demo data enrols nobody with a login: the employee enrols (with consent) first.
    const me = await db.idOf('employee@demo.test');
    await db.enrol([me]);
    const before = await db.one<{ n: number }>(
      'select count(*)::int as n from public.biometric_enrolments where employee_id = $1',
      [me],
    );
    expect(before.n).toBeGreaterThan(0);
    await logIn(page, 'employee@demo.test', '/employee-portal');
    const card = page.getByTestId('my-consent');
    await visible(card.getByText('You agreed to version', { exact: false }));
    await card.getByRole('button', { name: 'Withdraw my consent' }).click();
    await page.getByRole('button', { name: 'Withdraw and destroy' }).click();
    await expectToast(page, 'Your consent is withdrawn and your fingerprint templates are destroyed');
    await visible(card.getByText('You withdrew your consent on', { exact: false }));
    const after = await db.one<{ n: number }>(
      'select count(*)::int as n from public.biometric_enrolments where employee_id = $1',
      [me],
    );
    expect(after.n).toBe(0);
  });
});
