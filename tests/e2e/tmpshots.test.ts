import pg from 'pg';
import { describe, expect } from 'vitest';
import { e2e, visible } from './browser.ts';
const { test, stack, stackLog } = e2e({ data: 'demo' });
const SIZES = [[1440, 900], [1280, 800]] as const;
async function linkFromLog(kind: string, email: string): Promise<string> {
  const prefix = `[auth] ${kind} link for ${email}: `;
  await expect.poll(() => stackLog().some((line) => line.startsWith(prefix))).toBe(true);
  return stackLog().filter((l) => l.startsWith(prefix)).at(-1)!.slice(prefix.length);
}
describe('shots', () => {
  for (const lang of ['en', 'fr']) {
    test(`shots ${lang}`, async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('pointage.language', l), lang);
      const before = stackLog().length;
      await page.goto('/login');
      await page.locator('button.ant-btn-link').first().click();
      await page.locator('form[aria-label] input').fill('hr@demo.test');
      await page.locator('form[aria-label] button[type=submit]').click();
      await expect.poll(() => stackLog().slice(before).some((l) => l.includes('recovery link for hr@demo.test'))).toBe(true);
      for (const [w, h] of SIZES) { await page.setViewportSize({ width: w, height: h }); await page.waitForTimeout(300); await page.screenshot({ path: `/tmp/shots/login-forgot-${lang}-${w}.png` }); }
      const link = await linkFromLog('password recovery', 'hr@demo.test');
      await page.goto(link);
      await visible(page.locator('input[type=password]'));
      for (const [w, h] of SIZES) { await page.setViewportSize({ width: w, height: h }); await page.waitForTimeout(300); await page.screenshot({ path: `/tmp/shots/reset-${lang}-${w}.png` }); }
      const db = new pg.Client({ connectionString: stack().databaseUrl });
      await db.connect();
      const person = (await db.query(`select id, email from public.employees where user_id is null and role='employee' order by email offset ${lang === 'en' ? 0 : 1} limit 1`)).rows[0];
      await db.query('select public.invite_employee($1)', [person.id]);
      await db.end();
      const inv = new URL(await linkFromLog('invitation', person.email));
      await page.goto(inv.pathname + inv.search);
      await visible(page.getByTestId('invited-email'));
      for (const [w, h] of SIZES) { await page.setViewportSize({ width: w, height: h }); await page.waitForTimeout(300); await page.screenshot({ path: `/tmp/shots/signup-invited-${lang}-${w}.png` }); }
      await page.goto('/reset-password');
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/shots/reset-nolink-${lang}.png` });
    });
  }
});
