import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  journeyDialects,
  launchChromium,
  phonePage,
  screenshot,
  startServer,
  type RunningServer,
} from './harness.js';
import { numberIn, openPair, startDemo, storage, tapTab } from './helpers.js';

/**
 * The demo trader's journey at a phone viewport (docs/product.md §2, §6): the demo account
 * started from the login page; on /trade, BTC/USD picked in the pair drawer (crypto
 * trades at the weekend too), a market buy, the position live under holding,
 * take-profit and stop-loss set in its detail, closed, found in history with its profit
 * and reason, and in the account log; the demo reset back to the starting balance. Then a
 * pending order: placed, listed, cancelled. Runs on SQLite and on PostgreSQL
 * (e2e/README.md).
 */

/** The server's view of the trader's orders (status 0 pending, 1 holding, 3 history). */
async function orders(server: RunningServer, page: Page, status: 0 | 1 | 3) {
  const token = (await storage(page, 'pipwise.token')) ?? '';
  const res = await fetch(`${server.url}/v1/api/forex/my_deal?status=${status}&page=1`, {
    headers: { authorization: token },
  });
  const body = (await res.json()) as {
    data: { data: { Id: number; Status: number; CloseReason: string; TargetProfitPrice: number }[] };
  };
  return body.data.data;
}

for (const dialect of journeyDialects(['sqlite', 'postgres'])) {
  void describe(`demo trading journey (BTC/USD, ${dialect})`, () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    const errors: string[] = [];
    before(async () => {
      server = await startServer({}, { dialect });
      browser = await launchChromium();
      page = await phonePage(browser, { lang: 'en' });
      page.on('pageerror', (e) => errors.push(e.message));
    });
    after(async () => {
      await browser?.close();
      await server?.stop();
    });

    void it('buys, sets TP/SL, closes, finds it in history and the account log, and resets the demo', async () => {
      // 1. The demo account, from the login page; then the trade tab and the pair drawer.
      await startDemo(page, server);
      await openPair(page, 'BTCUSD', 'btc', () => screenshot(page, `trade-1-pair-drawer-${dialect}`));

      // 2. Chart and live price; the estimate is computed before the order goes.
      await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
      await page.waitForFunction(
        () => !document.querySelector('[data-testid="candle-chart"] [aria-busy="true"]'),
      );
      const margin = await page.getByTestId('est-margin').innerText();
      assert.ok(numberIn(margin) > 0, `estimated margin shown: ${margin}`);

      // 3. Buy at market: the success popup links to the holding tab.
      await page.getByTestId('side-buy').click();
      await page.getByTestId('order-submit').click();
      const success = page.getByTestId('order-success');
      await success.waitFor();
      assert.match(await success.innerText(), /Order filled/);
      await screenshot(page, `trade-2-success-${dialect}`);
      await page.getByRole('button', { name: 'View positions' }).click();
      await page.waitForURL((u) => u.pathname === '/order' && u.searchParams.get('type') === '1');

      // 4. Holding: the position is there and its price follows the market.
      const card = page.getByTestId('order-card').first();
      await card.waitFor();
      assert.match(await card.innerText(), /BTC\/USD/);
      const firstPrice = await card.getByTestId('order-update-price').innerText();
      await page.waitForFunction(
        (before) => {
          const el = document.querySelector('[data-testid="order-card"] [data-testid="order-update-price"]');
          return el !== null && el.textContent !== before;
        },
        firstPrice,
        { timeout: 15_000 },
      );

      // 5. Detail popup: take-profit far above, stop-loss far below, saved by the server.
      await card.click();
      const detail = page.getByTestId('order-detail');
      await detail.waitFor();
      const price = numberIn(await detail.getByTestId('detail-price').innerText());
      const tp = Math.round(price * 1.5);
      const sl = Math.round(price * 0.5);
      await detail.getByTestId('detail-take-profit').fill(String(tp));
      await detail.getByTestId('detail-stop-loss').fill(String(sl));
      await detail.getByTestId('save-stops').click();
      await page.waitForFunction(
        (want) =>
          Number(
            (document.querySelector('[data-testid="detail-tp"]')?.textContent ?? '').replace(/[^\d.]/g, ''),
          ) === want,
        tp,
        { timeout: 10_000 },
      );
      assert.equal(numberIn(await detail.getByTestId('detail-sl').innerText()), sl);
      await screenshot(page, `trade-3-detail-stops-${dialect}`);

      // 6. Close at market, after the confirmation; the list empties as it closes.
      await detail.getByTestId('close-position').click();
      await page.locator('.adm-dialog').getByRole('button', { name: 'Close position' }).click();
      await page.getByTestId('orders-empty').waitFor();

      // 7. History: the closed order with its profit and its close reason.
      await page.locator('[data-testid="order-tab"][data-type="3"]').click();
      await page.waitForURL((u) => u.searchParams.get('type') === '3');
      const closed = page.getByTestId('order-card').first();
      await closed.waitFor();
      assert.match(await closed.getByTestId('close-reason').innerText(), /Closed/);
      assert.match(await closed.getByTestId('order-profit').innerText(), /^[+-]?[\d,]+\.\d{2}$/);
      // The server agrees: one closed order, closed by hand, with the stops that were set.
      const history = await orders(server, page, 3);
      assert.equal(history.length, 1);
      assert.equal(history[0]!.CloseReason, 'manual');
      assert.equal(history[0]!.TargetProfitPrice, tp);

      // 8. The account log, from the mine page: the demo funds, the fee and the result.
      await tapTab(page, 'markets');
      await page.getByTestId('home-mine').click();
      await page.getByTestId('user-page').waitFor();
      await page.locator('[data-testid="mine-link"][data-route="/mine/history"]').click();
      await page.waitForURL((u) => u.pathname === '/mine/history');
      for (const type of ['demo_credit', 'trade_fee', 'trade_profit']) {
        await page.locator(`[data-testid="ledger-row"][data-type="${type}"]`).first().waitFor();
      }
      await screenshot(page, `trade-4-account-log-${dialect}`);

      // 9. Reset the demo: back to the starting balance, after a confirmation.
      await page.getByTestId('nav-back').click();
      await page.waitForURL((u) => u.pathname === '/user');
      const balance = page.getByTestId('balance-value');
      await page.waitForFunction(() =>
        /\d/.test(document.querySelector('[data-testid="balance-value"]')?.textContent ?? ''),
      );
      assert.notEqual(await balance.innerText(), '10,000.00', 'the trade moved the balance');
      await page.getByTestId('demo-reset').click();
      await page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();
      await balance.filter({ hasText: /^10,000\.00$/ }).waitFor();
      await page.goto(`${server.url}/mine/history`);
      await page.locator('[data-testid="ledger-row"][data-type="demo_reset"]').first().waitFor();
      await screenshot(page, `trade-5-after-reset-${dialect}`);
      assert.deepEqual(errors, []);
    });

    void it('places a pending order, finds it listed, and cancels it', async () => {
      await page.goto(`${server.url}/trade?code=BTCUSD`);
      await page.locator('[data-testid="trade-page"][data-code="BTCUSD"]').waitFor();
      await page.getByTestId('mode-pending').click();
      const ask = numberIn(await page.getByTestId('trade-ask').innerText());
      assert.ok(ask > 0);
      // Far below the market: a buy limit that waits.
      const target = Math.round(ask * 0.8);
      await page.getByTestId('target-price').fill(String(target));
      await page.getByTestId('side-buy').click();
      await page.getByTestId('order-submit').click();
      await page.getByTestId('order-success').waitFor();
      await page.getByRole('button', { name: 'View pending orders' }).click();
      await page.waitForURL((u) => u.pathname === '/order' && u.searchParams.get('type') === '0');

      const card = page.getByTestId('order-card').first();
      await card.waitFor();
      assert.match(await card.innerText(), /BTC\/USD/);
      assert.equal((await orders(server, page, 0)).length, 1);
      await screenshot(page, `trade-6-pending-listed-${dialect}`);
      await card.click();
      const detail = page.getByTestId('order-detail');
      await detail.waitFor();
      await detail.getByTestId('cancel-order').click();
      await page.locator('.adm-dialog').getByRole('button', { name: 'Cancel order' }).click();
      await page.getByTestId('orders-empty').waitFor();
      assert.equal((await orders(server, page, 0)).length, 0);
      await screenshot(page, `trade-7-pending-cancelled-${dialect}`);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  });
}
