import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { microUsd } from '@pipwise/shared';
import type { Browser, Page } from 'playwright-core';
import { createDatabase } from '../apps/server/src/core/db/create-db.js';
import { post } from '../apps/server/src/core/money/ledger.js';
// The LP simulator's own files: the market module's face would bring its routes into this project.
import { seedLpInstruments, startLpSimulator } from '../apps/server/src/modules/market/fix/lp.js';
import type { LpSimulator } from '../apps/server/src/modules/market/fix/lp-simulator.js';
import { launchChromium, phonePage, screenshot, startServer, type RunningServer } from './harness.js';
import { apiLogin, logIn, openPair, registerByApi, storage, waitUntil } from './helpers.js';

/**
 * A-book end to end (docs/execution.md): the server takes its prices from the shipped LP
 * simulator over FIX (FEED=fix) and sends orders to it (FIX_TRADE_URL). A real trader an
 * operator routes to the provider buys BTC/USD at a phone viewport: the position opens at
 * the provider's fill, and closing it sells at the provider too. The provider's own fills
 * are what the books are held to.
 */

/** The trader's orders as the server has them (status 1 holding, 3 history). */
async function orders(server: RunningServer, page: Page, status: 1 | 3) {
  const token = (await storage(page, 'pipwise.token')) ?? '';
  const res = await fetch(`${server.url}/v1/api/forex/my_deal?status=${status}&page=1`, {
    headers: { authorization: token },
  });
  const body = (await res.json()) as {
    data: { data: { Id: number; OriginPrice: number; UpdatePrice: number }[] };
  };
  return body.data.data;
}

/** Runs `work` on the server's own database (the journey's set-up of what an operator would do). */
async function onDatabase(
  server: RunningServer,
  work: (db: ReturnType<typeof createDatabase>['db']) => Promise<void>,
) {
  const handle = createDatabase({ url: server.databaseUrl, dataDir: server.dataDir });
  try {
    await work(handle.db);
  } finally {
    await handle.db.destroy();
  }
}

void describe('A-book trading journey (BTC/USD at the LP simulator)', () => {
  let lp: LpSimulator;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  before(async () => {
    lp = await startLpSimulator({
      senderCompId: 'E2E-LP',
      targetCompId: 'E2E-PW',
      instruments: seedLpInstruments(),
      tickMs: 250,
      alwaysOpen: true,
      execution: { latencyMs: 80 },
    });
    server = await startServer({
      FEED: 'fix',
      FIX_MD_URL: `fix://127.0.0.1:${lp.port}?sender=E2E-PW&target=E2E-LP`,
      FIX_TRADE_URL: `fix://127.0.0.1:${lp.tradePort}?sender=E2E-PW&target=E2E-LP`,
    });
    browser = await launchChromium();
    page = await phonePage(browser, { lang: 'en' });
    page.on('pageerror', (e) => errors.push(e.message));
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await lp?.close();
  });

  void it('opens at the provider’s fill and closes at the provider', async () => {
    // A real trader with 10,000 USD, routed to the provider by an operator.
    const email = `abook-${Date.now()}@example.com`;
    await registerByApi(server, email);
    const { user } = await apiLogin(server, email);
    await onDatabase(server, async (db) => {
      await db
        .transaction()
        .execute((trx) =>
          post(trx, { userId: user.id, kind: 'deposit', amount: microUsd(10_000_000_000), now: Date.now() }),
        );
      await db.updateTable('accounts').set({ a_book: 1 }).where('user_id', '=', user.id).execute();
    });

    // Both sessions up: market data and trading.
    await waitUntil(() => lp.sessionCount >= 2, 'the market-data and trading sessions', 30_000);
    await logIn(page, server, email);
    await openPair(page, 'BTCUSD', 'btc');

    // Buy at market: filled by the provider.
    const fillsBefore = lp.fills.length;
    await page.getByTestId('side-buy').click();
    await page.getByTestId('order-submit').click();
    const success = page.getByTestId('order-success');
    await success.waitFor();
    assert.match(await success.innerText(), /Order filled/);
    await screenshot(page, 'a-book-1-filled');
    assert.equal(lp.fills.length, fillsBefore + 1, 'one trade at the provider');
    const fill = lp.fills.at(-1)!;
    assert.equal(fill.side, 1);
    const [position] = await orders(server, page, 1);
    assert.ok(position, 'the position is open');
    assert.equal(position.OriginPrice, Number(fill.price), 'opened at the provider’s fill price');

    // Closed from its detail: sold at the provider.
    await page.getByRole('button', { name: 'View positions' }).click();
    const card = page.getByTestId('order-card').first();
    await card.waitFor();
    assert.match(await card.innerText(), /BTC\/USD/);
    await card.click();
    const detail = page.getByTestId('order-detail');
    await detail.getByTestId('close-position').click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Close position' }).click();
    await page.getByTestId('orders-empty').waitFor();
    assert.equal(lp.fills.length, fillsBefore + 2, 'the close traded at the provider too');
    const closeFill = lp.fills.at(-1)!;
    assert.equal(closeFill.side, 2);
    const [closed] = await orders(server, page, 3);
    assert.equal(closed?.UpdatePrice, Number(closeFill.price), 'closed at the provider’s fill price');
    await screenshot(page, 'a-book-2-closed');
    assert.deepEqual(errors, []);
  });
});
