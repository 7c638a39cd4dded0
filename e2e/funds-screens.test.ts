import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium, phonePage, screenshot, startServer, type RunningServer } from './harness.js';
import { ADMIN, bindUsdtAddress, logIn, operatorAndCreditedTrader } from './helpers.js';

/**
 * The funds screens a new user's walk found rough (issue 22), as a trader sees them in en,
 * hk and ar: the withdrawal's confirmation sheet (nothing is requested before Confirm), the
 * wire instructions with the UID to quote, and one deposit history with its filters.
 */
void describe('funds screens in three languages', () => {
  let server: RunningServer;
  let browser: Browser;
  const email = 'screens-funds@example.com';

  before(async () => {
    server = await startServer(ADMIN);
    browser = await launchChromium();
    const { trader } = await operatorAndCreditedTrader(server, {
      operatorPassword: 'Screens-ops-2026x',
      traderEmail: email,
      credit: { amount: '500', reason: 'Screens' },
    });
    await bindUsdtAddress(server, trader.token);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const lang of ['en', 'hk', 'ar'] as const) {
    void it(`confirms a withdrawal, shows the UID for a wire and one deposit history (${lang})`, async () => {
      const page = await phonePage(browser, { lang });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await logIn(page, server, email);

      await page.goto(`${server.url}/mine/withdraw`);
      await page.getByTestId('withdraw-method').waitFor();
      await page.getByTestId('withdraw-amount').fill('100');
      await page.getByTestId('withdraw-submit').click();
      await page.getByTestId('withdraw-confirm').waitFor();
      await page.waitForTimeout(400); // the sheet's slide-in
      await screenshot(page, `funds-withdraw-confirm-${lang}`);
      await page.getByTestId('withdraw-confirm-cancel').click();
      await page.getByTestId('withdraw-confirm').waitFor({ state: 'hidden' });

      await page.goto(`${server.url}/mine/charge?type=1`);
      const uid = page.getByTestId('wire-uid');
      if (await page.getByTestId('wire-none').isVisible()) assert.fail('the seed has a wire account');
      await page.getByTestId('wire-account').first().click();
      await uid.waitFor();
      assert.match(await uid.innerText(), /\d/);
      await page.getByTestId('wire-reference').scrollIntoViewIfNeeded();
      await screenshot(page, `funds-wire-uid-${lang}`);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
});
