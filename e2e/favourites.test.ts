import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { phonePage, screenshot, serverAndBrowser } from './harness.js';
import { startDemo } from './helpers.js';

/**
 * Favourites (docs/market-data.md "Favourites"): a trader stars BTC/USD and ETH/USD on their
 * trade screens; the board's Favourites chip then shows those two, in the order starred, and
 * the pair drawer offers the same chip; unstarred, the pair leaves the list. A guest's tap on
 * the star asks them to sign in. In en, hk and ar.
 */
void describe('favourites', () => {
  const journey = serverAndBrowser();

  for (const lang of ['en', 'hk', 'ar'] as const) {
    void it(`stars pairs from their trade screens and lists them on the board (${lang})`, async () => {
      const { server, browser } = journey;
      const page = await phonePage(browser, { lang });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      // A guest is sent to sign in, and comes back.
      await page.goto(`${server.url}/trade?forex_id=26`);
      await page.getByTestId('favourite-star').click();
      await page.waitForURL(/\/login/);

      await startDemo(page, server);
      const star = page.getByTestId('favourite-star');
      for (const id of [27, 26]) {
        await page.goto(`${server.url}/trade?forex_id=${id}`);
        await star.waitFor();
        assert.equal(await star.getAttribute('aria-pressed'), 'false');
        await star.click();
        await page.locator('[data-testid="favourite-star"][aria-pressed="true"]').waitFor();
      }
      await screenshot(page, `favourites-trade-${lang}`);

      await page.goto(`${server.url}/`);
      const chip = page.locator('[data-testid="category-chip"][data-category="favourites"]');
      await chip.click();
      const rows = page.getByTestId('market-row');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="market-row"]').length === 2);
      assert.deepEqual(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-code'))), [
        'ETHUSD',
        'BTCUSD',
      ]);
      await screenshot(page, `favourites-board-${lang}`);

      // The pair drawer has the same chip; unstarring ETH leaves BTC alone there.
      await page.goto(`${server.url}/trade?forex_id=27`);
      await star.click();
      await page.locator('[data-testid="favourite-star"][aria-pressed="false"]').waitFor();
      await page.getByTestId('pair-button').click();
      const drawer = page.getByTestId('pair-picker');
      await drawer.locator('[data-testid="category-chip"][data-category="favourites"]').click();
      await page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid="pair-picker"] [data-testid="pair-option"]').length === 1,
      );
      assert.equal(await drawer.getByTestId('pair-option').getAttribute('data-code'), 'BTCUSD');
      await screenshot(page, `favourites-drawer-${lang}`);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  }
});
