import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDatabase } from '../apps/server/src/core/db/create-db.js';
import { serverAndBrowser, type RunningServer } from './harness.js';
import { ADMIN, desk, deskLogIn, deskSession, operatorAndCreditedTrader, photographDesk } from './helpers.js';

/** Where the pictures of this journey go besides e2e/artifacts (outside the repo). */
const SHOTS = process.env.DESK_SHOTS_DIR ?? '';

/**
 * A fill the provider made that is not on the trader's books, as the A-book desk records one
 * when the provider's answer came after the trader was told the order failed.
 */
async function unbookedFill(server: RunningServer, userId: number, n: number): Promise<void> {
  const handle = createDatabase({ url: server.databaseUrl, dataDir: server.dataDir });
  try {
    await handle.db
      .insertInto('executions')
      .values({
        cl_ord_id: `handled-journey-${userId}-${n}`,
        user_id: userId,
        instrument_id: 26,
        purpose: 'open',
        order_id: null,
        side: 1,
        lots: '0.01' as never,
        leverage: 20,
        tp: null,
        sl: null,
        quoted_price: 8_700_000 as never,
        limit_price: 8_710_000 as never,
        markup_points: 10,
        state: 'unbooked',
        outcome: 'late_fill',
        reason: 'filled after the trader was told it timed out',
        filled_lots: '0.01' as never,
        lp_price: 8_700_450 as never,
        idempotency_key: null,
        created_at: Date.now(),
        resolved_at: Date.now(),
      })
      .execute();
  } finally {
    await handle.db.destroy();
  }
}

/**
 * An unbooked fill as the dealing desk meets it (docs/execution.md "Handled"): the desk warns
 * of it and links to the executions; the operator offsets it at the provider and marks it
 * handled with a note; the row shows who and when, and the desk's warning is gone. Then the
 * list is photographed at a phone's and a desktop's size in English, Chinese and Arabic.
 */
void describe('an unbooked fill marked handled', () => {
  const journey = serverAndBrowser(ADMIN);

  void it('is marked once, with its note, and leaves the desk', async () => {
    const { server, browser } = journey;
    const { operator, trader } = await operatorAndCreditedTrader(server, {
      operatorPassword: 'Handled-ops-2026x',
      traderEmail: 'handled-journey@example.com',
      credit: { amount: '1000', reason: 'Handled journey' },
    });
    await unbookedFill(server, trader.user.id, 1);
    await unbookedFill(server, trader.user.id, 2);

    const { context, page, errors } = await desk(browser, 'en');
    await deskLogIn(page, server, operator);
    await page.getByTestId('menu-desk').click();
    const warning = page.getByTestId('desk-provider');
    await warning.waitFor({ timeout: 15_000 });
    assert.match(await warning.innerText(), /Unbooked fills not yet handled: 2/);
    await warning.locator('a').click();
    await page.waitForURL(
      (u) =>
        u.pathname === '/admin/executions' &&
        u.searchParams.get('state') === 'unbooked' &&
        u.searchParams.get('handled') === '0',
    );

    // The first fill: offset at the provider, marked with a note.
    const first = page.locator('[data-testid^="execution-mark-"]').first();
    const id = (await first.getAttribute('data-testid'))!.replace('execution-mark-', '');
    await first.click();
    await page.getByTestId('reason-input').fill('Sold 0.01 BTC at the provider, ticket LP-4471');
    await page.getByTestId('reason-ok').click();
    await page.locator('.ant-message-success').last().waitFor();
    // The list shows only fills still to handle: the marked one leaves it.
    await page.getByTestId(`execution-mark-${id}`).waitFor({ state: 'detached' });
    assert.equal(await page.locator('[data-testid^="execution-mark-"]').count(), 1);

    await page.getByTestId('menu-desk').click();
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="desk-provider"]')
          ?.textContent?.includes('Unbooked fills not yet handled: 1'),
      undefined,
      { timeout: 15_000 },
    );
    assert.deepEqual(errors, []);
    const session = await deskSession(page);
    await context.close();

    await photographDesk(browser, {
      session,
      name: 'executions-unbooked',
      alsoTo: SHOTS,
      show: async (shot) => {
        await shot.goto(`${server.url}/admin/executions?state=unbooked`);
        await shot.getByTestId(`execution-handled-${id}`).waitFor();
      },
    });
  });
});
