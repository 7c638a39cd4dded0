import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, phonePage, screenshot, startServer, type RunningServer } from './harness.js';

/**
 * The trading journey at a phone viewport: a demo trader opens /trade, picks BTC/USD
 * (crypto trades at the weekend too), buys, finds the position under holding with a live
 * price, sets take-profit and stop-loss in the detail popup, closes it, and finds it in
 * history with its profit and close reason.
 */

interface DemoLogin {
  token: string;
  user: { id: number; is_demo: number };
}

async function demoLogin(url: string): Promise<DemoLogin> {
  const res = await fetch(`${url}/api/user/createAccountDemoForU`);
  const body = (await res.json()) as { code: number; data: DemoLogin };
  assert.equal(body.code, 1);
  assert.equal(body.data.user.is_demo, 1);
  return body.data;
}

/** A phone page already logged in: the session is what lib/session.ts keeps in localStorage. */
async function loggedInPage(browser: Browser, login: DemoLogin): Promise<Page> {
  const page = await phonePage(browser, { lang: 'en' });
  await page.context().addInitScript((s) => {
    window.localStorage.setItem('pipwise.token', s.token);
    window.localStorage.setItem('pipwise.user', JSON.stringify(s.user));
  }, login);
  return page;
}

const numberIn = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

void describe('trading journey (demo account, BTC/USD)', () => {
  let server: RunningServer;
  let browser: Browser;
  let login: DemoLogin;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    login = await demoLogin(server.url);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  void it('a guest who taps buy is sent to log in, back to /trade after', async () => {
    const page = await phonePage(browser, { lang: 'en' });
    await page.goto(`${server.url}/trade`);
    await page.getByTestId('order-submit').waitFor();
    await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
    // Forex may be closed at the weekend: use the always-open BTC/USD.
    await page.evaluate(() =>
      window.localStorage.setItem('pipwise.pair', JSON.stringify({ id: 0, code: 'BTCUSD' })),
    );
    await page.reload();
    await page.locator('[data-testid="trade-page"][data-code="BTCUSD"]').waitFor();
    await page.getByTestId('order-submit').click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('from') === '/trade');
    await page.context().close();
  });

  void it('buys, sees the position live, sets TP/SL, closes it and finds it in history', async () => {
    const page = await loggedInPage(browser, login);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // 1. The trade screen, then the pair drawer: search and pick BTC/USD.
    await page.goto(`${server.url}/trade`);
    await page.getByTestId('trade-header').waitFor();
    await page.getByTestId('pair-button').click();
    const picker = page.getByTestId('pair-picker');
    await picker.waitFor();
    await picker.locator('input').fill('btc');
    await screenshot(page, 'trade-1-pair-drawer');
    await picker.locator('[data-testid="pair-option"][data-code="BTCUSD"]').click();
    await page.locator('[data-testid="trade-page"][data-code="BTCUSD"]').waitFor();
    await picker.waitFor({ state: 'hidden' });

    // 2. Chart and live price; the estimate is computed before the order goes.
    await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="candle-chart"] [aria-busy="true"]'),
    );
    const margin = await page.getByTestId('est-margin').innerText();
    assert.ok(numberIn(margin) > 0, `estimated margin shown: ${margin}`);
    await screenshot(page, 'trade-2-btcusd');

    // 3. Buy at market: the success popup links to the holding tab.
    await page.getByTestId('side-buy').click();
    await page.getByTestId('order-submit').click();
    const success = page.getByTestId('order-success');
    await success.waitFor();
    assert.match(await success.innerText(), /Order filled/);
    await screenshot(page, 'trade-3-success');
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
    await screenshot(page, 'trade-4-holding');

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
    await screenshot(page, 'trade-5-detail-stops');

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
    await screenshot(page, 'trade-6-history');

    // The server agrees: one closed order, closed by hand, with the stops that were set.
    const res = await fetch(`${server.url}/v1/api/forex/my_deal?status=3&page=1`, {
      headers: { authorization: login.token },
    });
    const history = (await res.json()) as {
      data: { data: { CloseReason: string; TargetProfitPrice: number }[] };
    };
    assert.equal(history.data.data.length, 1);
    assert.equal(history.data.data[0]!.CloseReason, 'manual');
    assert.equal(history.data.data[0]!.TargetProfitPrice, tp);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
