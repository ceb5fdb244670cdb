// The pinned clock in the browser: the SPA and the database agree on the moment (tests/clock.ts),
// and an access token the local auth signed with the real time is refreshed when it expires.
import { describe, expect } from 'vitest';
import { PINNED_AT } from '../clock.ts';
import { e2e, logIn } from './browser.ts';

const { test } = e2e({ data: 'demo' });

describe('the pinned clock', () => {
  test("the browser's clock is the database's: pinned, and moving on", async ({ page }) => {
    await logIn(page, 'employee@demo.test', '/employee-portal');
    const browserNow = await page.evaluate(() => Date.now());
    expect(browserNow).toBeGreaterThanOrEqual(Date.parse(PINNED_AT));
    expect(browserNow - Date.parse(PINNED_AT)).toBeLessThan(10 * 60_000);
    // Today's line of the portal is the pinned day's.
    const day = await page.evaluate(() => new Date().toISOString().slice(0, 10));
    expect(day).toBe(PINNED_AT.slice(0, 10));
  });

  test('an access token expired in real time is refreshed by the local auth', async ({ page }) => {
    await logIn(page, 'admin@demo.test', '/dashboard');
    // Jump the browser past the token's real expiry (one hour): supabase-js refreshes it on its
    // next tick, and the local auth accepts the refresh token.
    const refreshed = page.waitForResponse(
      (response) => response.url().includes('/auth/v1/token?grant_type=refresh_token'),
      { timeout: 30_000 },
    );
    await page.clock.setSystemTime(Date.now() + 2 * 3600_000);
    await page.clock.runFor(31_000);
    expect((await refreshed).status()).toBe(200);
  });
});
