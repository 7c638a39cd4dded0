import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { phonePage, screenshot, serverAndBrowser } from './harness.js';
import { fillLogin, registerByApi } from './helpers.js';

/**
 * A visitor's first minutes at a phone viewport: the live board, a category and back to
 * all, a search on /product, the trade screen's periods, a buy that asks for a login
 * and, once logged in through that page, the trade screen again. Then the language
 * switch (Arabic right to left) and what the server serves around the app.
 */

void describe('home market board at a phone viewport', () => {
  const journey = serverAndBrowser();

  void it('a visitor browses the board, filters, searches, opens a chart and logs in to buy', async () => {
    const { server, browser } = journey;
    const email = 'visitor@example.com';
    await registerByApi(server, email);
    const page = await phonePage(browser, { lang: 'en' });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // 1. Home: at least 10 live rows, and a price moves within 10 s.
    await page.goto(server.url);
    const rows = page.getByTestId('market-row');
    await rows.nth(9).waitFor({ timeout: 15_000 });
    // The rows below the fold follow the first paint (market-board.tsx): count them all.
    await page.locator('[data-testid="market-list"][aria-busy="false"]').waitFor();
    const all = await rows.count();
    assert.ok(all >= 10);
    const prices = () => page.getByTestId('market-price').allTextContents();
    // Crypto trades at the weekend too, so something always moves.
    await page.waitForFunction(
      (initial) =>
        [...document.querySelectorAll('[data-testid="market-price"]')].some(
          (el, i) => el.textContent !== initial[i],
        ),
      await prices(),
      { timeout: 10_000 },
    );
    await screenshot(page, 'home-en');

    // 2. A category narrows the board; tapping it again clears the filter (docs/product.md §2).
    const chips = page.locator('[data-testid="category-chip"]:not([data-category="all"])');
    const chip = chips.last();
    const category = await chip.getAttribute('data-category');
    await chip.click();
    assert.equal(await chip.getAttribute('aria-pressed'), 'true');
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="market-row"]').length < n,
      all,
    );
    const some = await rows.count();
    assert.ok(some > 0 && some < all, `category ${category}: ${some} of ${all} rows`);
    await screenshot(page, 'home-category-en');
    await chip.click();
    assert.equal(await chip.getAttribute('aria-pressed'), 'false');
    assert.equal(
      await page.locator('[data-testid="category-chip"][data-category="all"]').getAttribute('aria-pressed'),
      'true',
    );
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="market-row"]').length === n,
      all,
    );

    // 3. Search on /product: "btc" finds BTC/USD; tapping it opens its trade screen.
    await page.getByTestId('home-search').click();
    await page.waitForURL((u) => u.pathname === '/product');
    await page.getByTestId('product-search').locator('input').fill('btc');
    // Home stays mounted under the other pages: look in the search's own list.
    const hit = page.getByTestId('product-search').locator('[data-testid="market-row"][data-code="BTCUSD"]');
    await hit.waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="product-search"] [data-testid="market-row"]')].every(
        (row) => /BTC/.test(row.getAttribute('data-code') ?? ''),
      ),
    );
    await screenshot(page, 'product-search-en');
    await hit.click();
    await page.waitForURL((u) => u.pathname === '/trade' && u.searchParams.has('forex_id'));
    await page.locator('[data-testid="trade-page"][data-code="BTCUSD"]').waitFor();

    // 4. The periods: 15 minutes loads 15-minute candles and draws them.
    const chart = page.getByTestId('candle-chart');
    await chart.locator('canvas').first().waitFor();
    const candles = page.waitForResponse(
      (r) =>
        r.url().includes('/v1/api/forex/kline') && new URL(r.url()).searchParams.get('period') === '15min',
    );
    await page.locator('[data-testid="period"][data-period="15min"]').click();
    assert.equal((await candles).status(), 200);
    assert.equal(
      await page.locator('[data-testid="period"][data-period="15min"]').getAttribute('aria-selected'),
      'true',
    );
    await page.locator('[data-testid="candle-chart"][data-period="15min"]').waitFor();
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="candle-chart"] [aria-busy="true"]'),
    );

    // 5. Buying needs a login: the login page, which leads back to /trade afterwards.
    await page.getByTestId('order-submit').click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('from') === '/trade');
    await fillLogin(page, email);
    await page.waitForURL((u) => u.pathname === '/trade');
    await page.locator('[data-testid="trade-page"][data-code="BTCUSD"]').waitFor();
    // Logged in now: the screen says which account trades (a new real account, no money yet).
    await page.locator('[data-testid="account-kind"][data-kind="real"]').waitFor();
    assert.equal(await page.getByTestId('account-kind').innerText(), 'Real');
    await screenshot(page, 'visitor-back-on-trade-en');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  void it('changes the tab labels when the language changes, and Arabic turns right to left', async () => {
    const { server, browser } = journey;
    const page = await phonePage(browser, { lang: 'en' });
    await page.goto(server.url);
    const tabBar = page.getByTestId('tab-bar');
    await tabBar.getByText('Markets').waitFor();
    const english = await tabBar.innerText();

    await page.getByTestId('language-switcher').click();
    await page.locator('[data-testid="language-option"][data-lang="hk"]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-HK');
    const chinese = await tabBar.innerText();
    assert.notEqual(chinese, english);
    assert.match(chinese, /[\u4e00-\u9fff]/);
    await screenshot(page, 'home-hk');

    await page.getByTestId('language-switcher').click();
    await page.locator('[data-testid="language-option"][data-lang="ar"]').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    assert.match(await tabBar.innerText(), /[\u0600-\u06FF]/);
    await screenshot(page, 'home-ar');
    await page.context().close();
  });

  void it('serves a real PWA manifest and history-mode routes', async () => {
    const { server } = journey;
    const manifest = (await (await fetch(`${server.url}/manifest.json`)).json()) as {
      icons: { src: string }[];
      start_url: string;
    };
    assert.equal(manifest.start_url, '/');
    for (const icon of manifest.icons) assert.equal((await fetch(new URL(icon.src, server.url))).status, 200);
    const deep = await fetch(`${server.url}/mine/charge`);
    assert.match(await deep.text(), /<div id="root">/);
    const api = await fetch(`${server.url}/api/unknown`);
    assert.equal(api.status, 404);
    assert.equal(((await api.json()) as { code: number }).code, 1004);
  });
});
