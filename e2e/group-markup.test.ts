import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AdminGroup, TradePair } from '@pipwise/shared';
import type { Browser, Page } from 'playwright-core';
import { phonePage, screenshot, serverAndBrowser, type RunningServer } from './harness.js';
import { createDatabase } from '../apps/server/src/core/db/create-db.js';
import { ADMIN, api, deskToken, firstUseByApi, openPair, startDemo, storage } from './helpers.js';

/**
 * A trading group's markup at a phone viewport (docs/trading-groups.md "Markup"): an operator
 * gives the Demo group 1,000 extra points on BTC/USD (10.00 USD of price: 5.00 off the bid,
 * 5.00 on the ask). A demo account then sees the wider spread on the trade screen, buys at
 * the widened ask (the order records the markup), and reads the added spread on the Me
 * page's trading conditions — in English, Traditional Chinese and Arabic.
 */

const CODE = 'BTCUSD';
const MARKUP = 1_000;
/** BTC/USD prices have 2 decimals. */
const POINT = 0.01;

/** A figure as the trade header shows it ("87,530.25", maybe isolated) as a number. */
const figure = (text: string | null): number => Number((text ?? '').replace(/[^\d.-]/g, ''));

/** The board's spread of BTC/USD as anyone (not logged in) reads it, in points. */
async function boardSpread(server: RunningServer): Promise<number> {
  const pairs = await api<TradePair[]>(server, '/v1/api/forex/trade_list');
  const btc = pairs.find((p) => p.Code === CODE)!;
  return Math.round((btc.ForexQuotations.Ask - btc.ForexQuotations.Bid) / POINT);
}

/** The spread the trade header shows, in points, once both sides are drawn. */
async function shownSpread(page: Page): Promise<number> {
  await page.waitForFunction(
    () =>
      /\d/.test(document.querySelector('[data-testid="trade-bid"]')?.textContent ?? '') &&
      /\d/.test(document.querySelector('[data-testid="trade-ask"]')?.textContent ?? ''),
  );
  // Both sides read in one go, from the same drawn tick.
  const [bid, ask] = await page.evaluate(() => [
    document.querySelector('[data-testid="trade-bid"]')?.textContent ?? null,
    document.querySelector('[data-testid="trade-ask"]')?.textContent ?? null,
  ]);
  return Math.round((figure(ask) - figure(bid)) / POINT);
}

void describe('a trading group’s markup on the trade screen and the Me page', () => {
  const journey = serverAndBrowser(ADMIN);

  void it('shows the wider spread, buys at the widened ask and names the added spread, in three languages', async () => {
    const { server, browser } = journey as { server: RunningServer; browser: Browser };
    const operator = await firstUseByApi(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD, 'Markup-ops-2026x');
    const ops = await deskToken(server, operator);
    const groups = await api<AdminGroup[]>(server, '/api/admin/groups/list', undefined, `Bearer ${ops}`);
    const demo = groups.find((g) => g.account_kind === 'demo' && g.is_default === 1)!;
    const pairs = await api<TradePair[]>(server, '/v1/api/forex/trade_list');
    const btcId = pairs.find((p) => p.Code === CODE)!.Id;
    await api(
      server,
      '/api/admin/groups/conditions/save',
      { group_id: demo.id, instrument_id: btcId, markup_points: MARKUP },
      `Bearer ${ops}`,
    );

    for (const lang of ['en', 'hk', 'ar']) {
      const page = await phonePage(browser, { lang });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await startDemo(page, server);
      await openPair(page, CODE, 'btc');
      // The board's own spread is the simulator's, steady tick to tick: the account's is wider by the markup.
      assert.equal(await shownSpread(page), (await boardSpread(server)) + MARKUP, `${lang}: spread`);
      await screenshot(page, `group-markup-trade-${lang}`);

      if (lang === 'en') {
        // A market buy: it records the markup and opens at the ask the account was shown.
        await page.getByTestId('side-buy').click();
        await page.getByTestId('order-submit').click();
        await page.getByTestId('order-success').waitFor();
        const token = (await storage(page, 'pipwise.token')) ?? '';
        const open = await api<{ data: { Id: number }[] }>(
          server,
          '/v1/api/forex/my_deal?status=1',
          undefined,
          token,
        );
        assert.equal(open.data.length, 1);
        const handle = createDatabase({ url: server.databaseUrl, dataDir: server.dataDir });
        try {
          const row = await handle.db
            .selectFrom('orders')
            .select('group_markup')
            .where('id', '=', open.data[0]!.Id)
            .executeTakeFirstOrThrow();
          assert.equal(Number(row.group_markup), MARKUP);
        } finally {
          await handle.db.destroy();
        }
      }

      await page.goto(`${server.url}/mine/conditions`);
      const marked = page.locator(`[data-testid="conditions-instrument"][data-code="${CODE}"]`);
      await marked.getByTestId('conditions-markup').waitFor();
      assert.equal(
        (await marked.getByTestId('conditions-markup').textContent())?.replace(/[^\d+]/g, ''),
        '+1000',
      );
      await page.getByTestId('conditions-markup-hint').waitFor();
      await marked.scrollIntoViewIfNeeded();
      await screenshot(page, `group-markup-conditions-${lang}`);
      assert.deepEqual(errors, [], `${lang}: page errors`);
      await page.context().close();
    }
  });
});
