import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDatabase } from '../apps/server/src/core/db/create-db.js';
import { serverAndBrowser, type RunningServer } from './harness.js';
import {
  ADMIN,
  api,
  desk,
  deskLogIn,
  deskSession,
  operatorAndCreditedTrader,
  photographDesk,
  type Login,
} from './helpers.js';

/**
 * The dealing desk (docs/dealing-desk.md) as an operator uses it: a real trader holds a
 * BTC/USD position; the admin signs in, opens the desk and reads the instrument's exposure
 * row; the trader opens another position and the row follows on its own, pushed by the
 * operator socket, without a reload. Then the desk is photographed at a phone's and a
 * desktop's size in English, Chinese (Hong Kong) and Arabic (right to left).
 */

const TRADER_EMAIL = 'desk-journey@example.com';
/** Where the pictures of this journey go besides e2e/artifacts (outside the repo). */
const SHOTS = process.env.DESK_SHOTS_DIR ?? '';

/** A cover queued for the provider, as the engine writes one when it closes an A-book position here. */
async function queueCover(server: RunningServer, userId: number): Promise<void> {
  const handle = createDatabase({ url: server.databaseUrl, dataDir: server.dataDir });
  try {
    await handle.db
      .insertInto('executions')
      .values({
        cl_ord_id: `desk-journey-cover-${userId}`,
        user_id: userId,
        instrument_id: 26,
        purpose: 'cover',
        order_id: null,
        side: 2,
        lots: '0.01' as never,
        leverage: 20,
        tp: null,
        sl: null,
        quoted_price: 8_700_000 as never,
        limit_price: 8_600_000 as never,
        markup_points: 0,
        state: 'queued',
        idempotency_key: null,
        created_at: Date.now(),
      })
      .execute();
  } finally {
    await handle.db.destroy();
  }
}

/** A market buy of BTC/USD, as the trader's app sends it. */
function buyBtc(server: RunningServer, trader: Login, lots: string): Promise<unknown> {
  return api(
    server,
    '/v1/api/forex/submit',
    { type: 1, cont: lots, forex_id: 26, status: 1, multiple: 20 },
    trader.token,
  );
}

void describe('the dealing desk', () => {
  const journey = serverAndBrowser(ADMIN);

  void it('shows a held instrument and follows a new position live', async () => {
    const { server, browser } = journey;
    const { operator, trader } = await operatorAndCreditedTrader(server, {
      operatorPassword: 'Desk-ops-2026x',
      traderEmail: TRADER_EMAIL,
      credit: { amount: '5000', reason: 'Dealing desk journey' },
    });
    await buyBtc(server, trader, '0.01');

    const { context, page, errors } = await desk(browser, 'en');
    await deskLogIn(page, server, operator);
    await page.getByTestId('menu-desk').click();
    await page.waitForURL((u) => u.pathname === '/admin/desk');
    const row = page.getByTestId('desk-exposure-BTCUSD');
    await row.waitFor();
    const cells = () => row.locator('td').allInnerTexts();
    // Instrument, positions, long lots, short lots, net lots …
    assert.deepEqual((await cells()).slice(0, 5), ['BTCUSD', '1', '0.01', '0', '0.01']);
    await page.locator('[data-testid="desk-link"][data-link="live"]').waitFor({ timeout: 15_000 });
    await page.getByTestId('desk-exposure-chart').locator('svg').first().waitFor();
    await page.getByTestId('desk-fills-chart').locator('svg').first().waitFor();
    await page.getByTestId(`desk-account-${trader.user.id}`).first().waitFor();

    // The trader buys again: the row changes without a reload.
    const loads = { count: 0 };
    page.on('load', () => (loads.count += 1));
    await buyBtc(server, trader, '0.02');
    await page.waitForFunction(
      () => {
        const tds = document.querySelectorAll('[data-testid="desk-exposure-BTCUSD"] td');
        return tds[1]?.textContent === '2' && tds[2]?.textContent === '0.03';
      },
      undefined,
      { timeout: 15_000 },
    );
    assert.equal(loads.count, 0, 'no reload');

    // A cover waits at the provider (the engine closed an A-book position here): the desk
    // says so, live, and links to the executions.
    await queueCover(server, trader.user.id);
    const provider = page.getByTestId('desk-provider');
    await provider.waitFor({ timeout: 15_000 });
    assert.match(await provider.innerText(), /Covers waiting: 1/);
    assert.deepEqual(errors, []);

    // The account links to its trader page.
    await page.getByTestId(`desk-account-${trader.user.id}`).first().click();
    await page.waitForURL(
      (u) => u.pathname === '/admin/users' && u.searchParams.get('id') === String(trader.user.id),
    );
    // The pictures reuse this session: one login per language would wait for new codes.
    const session = await deskSession(page);
    await context.close();

    await photographDesk(browser, {
      session,
      name: 'desk',
      alsoTo: SHOTS,
      show: async (shot) => {
        await shot.goto(`${server.url}/admin/desk`);
        await shot.getByTestId('desk-exposure-BTCUSD').waitFor();
        await shot.locator('[data-testid="desk-link"][data-link="live"]').waitFor({ timeout: 15_000 });
      },
    });
  });
});
