import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  Dec,
  nightlySwap,
  swapNights,
  swapRateFor,
  toMicros,
  type SwapUnit,
  type TripleSwapDay,
} from '@pipwise/shared';
import type { Browser, Page } from 'playwright-core';
import { createDatabase, type DatabaseHandle } from '../apps/server/src/core/db/create-db.js';
import {
  journeyDialects,
  launchChromium,
  phonePage,
  screenshot,
  startServer,
  type RunningServer,
} from './harness.js';
import { api, openPair, startDemo, storage, tapTab } from './helpers.js';

/**
 * Overnight financing at a phone viewport (docs/money.md "The rollover", the trading-groups
 * issue's "a journey that holds a position over a simulated rollover and sees the charge"):
 * the demo account (its "Demo" group is not swap-free) buys BTC/USD (crypto is charged every
 * night and trades at the weekend, so the journey runs any day) through the trade screen and
 * watches the position's detail. The server checks for an owed rollover every second
 * (ROLLOVER_CHECK_MS=1000); the journey makes the clock pass 17:00 New York by moving the
 * position's open before the latest rollover and forgetting that rollover's run. The swap
 * arrives on the open detail and the card through the live `swap` push (no reload), at the
 * amount the instrument's terms give at the bid of the moment (the shared swap math, bounded
 * by the minute's bid candles), booked once — one marker, one ledger row against the house's
 * `financing`, nothing more at the next runs — and listed in the account log.
 */

const CODE = 'BTCUSD';
const NY = 'America/New_York';

/** Money as the app shows it (apps/web/src/lib/format-money.ts): to the cent, signed. */
const shown = (micros: number): string =>
  new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: true,
    signDisplay: 'exceptZero',
    roundingMode: 'halfExpand',
  }).format(micros / 1_000_000);

/** An instant's New York wall clock: hour, minute, second and weekday (0 Sunday … 6 Saturday). */
function newYork(ms: number): { hour: number; minute: number; second: number; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: NY,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return {
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? ''),
  };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `read` until it gives a value (the server's background job writes on its own time). */
async function eventually<T>(
  read: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

for (const dialect of journeyDialects()) {
  void describe(`rollover journey (BTC/USD, ${dialect})`, () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    // The test's own connection to the server's database: the clock's simulation and the checks.
    let handle: DatabaseHandle;
    const errors: string[] = [];
    before(async () => {
      server = await startServer({ ROLLOVER_CHECK_MS: '1000' }, { dialect });
      handle = createDatabase({ url: server.databaseUrl, dataDir: server.dataDir });
      browser = await launchChromium();
      page = await phonePage(browser, { lang: 'en' });
      page.on('pageerror', (e) => errors.push(e.message));
    });
    after(async () => {
      await browser?.close();
      await handle?.db.destroy();
      await server?.stop();
    });

    void it('holds a position over 17:00 New York and sees its swap charged, once, live and in the account log', async () => {
      const { db } = handle;
      // A real 17:00 New York during the journey would charge a second, genuine night and
      // break "once": a run that starts in the minute and a half before it waits it out.
      const now = newYork(Date.now());
      const untilFive = 17 * 3600 - (now.hour * 3600 + now.minute * 60 + now.second);
      if (untilFive > 0 && untilFive <= 90) await sleep((untilFive + 5) * 1000);

      // 1. The demo account from the login page; BTC/USD from the trade tab's pair drawer.
      await startDemo(page, server);
      await openPair(page, CODE, 'btc');

      // 2. A market buy; the success popup leads to the holding tab.
      await page.getByTestId('side-buy').click();
      await page.getByTestId('order-submit').click();
      await page.getByTestId('order-success').waitFor();
      await page.getByRole('button', { name: 'View positions' }).click();
      await page.waitForURL((u) => u.pathname === '/order' && u.searchParams.get('type') === '1');
      const card = page.getByTestId('order-card').first();
      await card.waitFor();
      const orderId = Number(await card.getAttribute('data-id'));
      assert.ok(orderId > 0);
      const userId = Number(JSON.parse((await storage(page, 'pipwise.user')) ?? '{}').id);

      const inst = await db
        .selectFrom('instruments')
        .selectAll()
        .where('code', '=', CODE)
        .executeTakeFirstOrThrow();
      const opened = await db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      assert.equal(Number(opened.user_id), userId);
      assert.equal(Number(opened.instrument_id), Number(inst.id));
      assert.equal(Number(opened.side), 1);
      assert.equal(Number(opened.swap), 0);
      assert.equal(Number(opened.swap_free), 0, 'the demo group is not swap-free');
      assert.notEqual(Number(inst.swap_long), 0, 'BTC/USD charges a buy its financing');
      assert.equal(inst.quote_currency, 'USD');

      // 3. Nothing charged yet: no swap on the card, "None" in the position's detail.
      assert.equal(await card.getByTestId('order-swap').count(), 0);
      await card.click();
      const detail = page.locator(`[data-testid="order-detail"][data-id="${orderId}"]`);
      await detail.waitFor();
      const detailSwap = detail.getByTestId('detail-swap');
      await detail.getByTestId('order-costs').scrollIntoViewIfNeeded();
      assert.equal(await detailSwap.innerText(), 'None');
      // Survives only as long as the page is not reloaded: the swap must come by the push.
      await page.evaluate(() => Object.assign(window, { rolloverJourneyPage: true }));
      await screenshot(page, `rollover-1-before-${dialect}`);

      // 4. The latest rollover: the server's start ran it (the first run ever owes only the
      // latest day) with nothing to charge, since the position was opened after it.
      const latest = await eventually(async () => {
        const row = await db
          .selectFrom('rollovers')
          .selectAll()
          .where('finished_at', 'is not', null)
          .orderBy('rollover_at', 'desc')
          .executeTakeFirst();
        return row ?? undefined;
      }, 'the start-up rollover run');
      const rolloverAt = Number(latest.rollover_at);
      const ny = newYork(rolloverAt);
      assert.deepEqual([ny.hour, ny.minute, ny.second], [17, 0, 0], 'a rollover is 17:00 New York');
      assert.ok(rolloverAt <= Date.now() && Date.now() - rolloverAt < 25 * 3_600_000, 'the latest one');
      assert.ok(Number(opened.opened_at) > rolloverAt);
      const charges = () =>
        db.selectFrom('swap_charges').selectAll().where('order_id', '=', orderId).execute();
      assert.equal((await charges()).length, 0);

      // 5. The clock passes 17:00 New York, simulated: the position's open moves a minute
      // before the latest rollover (the job reads `opened_at` only), and that day's run is
      // forgotten, so the next check (every second here) owes the day again and finds the
      // position held over it. Both in one transaction: had the row gone on its own first, a
      // run in between would finish the day again before the position counted.
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('orders')
          .set({ opened_at: rolloverAt - 60_000 })
          .where('id', '=', orderId)
          .execute();
        await trx.deleteFrom('rollovers').where('trading_day', '=', latest.trading_day).execute();
      });

      // 6. Within seconds the charge arrives on the open detail, without a reload.
      await page.waitForFunction(
        () => document.querySelector('[data-testid="detail-swap"]')?.textContent?.trim() !== 'None',
        undefined,
        { timeout: 10_000 },
      );
      assert.equal(await page.evaluate(() => 'rolloverJourneyPage' in window), true, 'no reload');

      // 7. Booked once: one marker, the order's running swap, one ledger row and its
      // counterpart against the house's financing account — all the same amount.
      const [charge, ...more] = await charges();
      assert.ok(charge);
      assert.equal(more.length, 0);
      assert.equal(charge.trading_day, latest.trading_day);
      const nights = swapNights(ny.weekday, inst.swap_triple_day as TripleSwapDay, inst.session === 'crypto');
      assert.equal(Number(charge.nights), nights);
      const amount = Number(charge.amount);
      const booked = async () => {
        const order = await db
          .selectFrom('orders')
          .select('swap')
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow();
        const rows = await db
          .selectFrom('account_logs')
          .selectAll()
          .where('user_id', '=', userId)
          .where('type', '=', 'swap')
          .execute();
        return { swap: Number(order.swap), rows };
      };
      const first = await booked();
      assert.equal(first.swap, amount);
      assert.equal(first.rows.length, 1);
      const row = first.rows[0]!;
      assert.equal(Number(row.amount), amount);
      assert.equal(row.ref_type, 'order');
      assert.equal(Number(row.ref_id), orderId);
      const legs = await db
        .selectFrom('ledger_entries')
        .select(['account', 'amount'])
        .where('log_id', '=', Number(row.id))
        .execute();
      assert.deepEqual(
        legs.map((l) => [l.account, Number(l.amount)]),
        [['financing', -amount]],
      );

      // 8. The amount the terms give: one night of the long rate for the lots held, at the
      // bid of the moment (a buy closes at the bid). The bid the job priced at lies within
      // the bid candles of the minute it ran and the one before, so the charge lies within
      // the terms' charges at their low and high, to the micro-dollar — a wrong rate, side,
      // unit, day count or number of nights falls outside.
      const candles = await api<{ Time: number; Low: number; High: number }[]>(
        server,
        `/v1/api/forex/kline?forex_id=${inst.id}&period=1min&limit=5`,
      );
      const chargedAt = Number(charge.charged_at);
      const around = candles.filter((c) => c.Time * 1000 <= chargedAt && c.Time * 1000 > chargedAt - 120_000);
      assert.ok(around.length > 0, 'the candles of the charge');
      const at = (bid: number): number =>
        toMicros(
          nightlySwap({
            unit: inst.swap_unit as SwapUnit,
            rate: swapRateFor(1, { long: inst.swap_long, short: inst.swap_short }),
            lots: new Dec(opened.lots),
            contractSize: inst.contract_size,
            pointSize: new Dec(10).pow(-inst.price_precision),
            quoteToUsd: 1,
            baseToUsd: bid,
          }).mul(nights),
        );
      const bounds = [at(Math.min(...around.map((c) => c.Low))), at(Math.max(...around.map((c) => c.High)))];
      assert.ok(amount < 0, `a buy at ${inst.swap_long} is charged: ${amount}`);
      assert.ok(
        amount >= Math.min(...bounds) && amount <= Math.max(...bounds),
        `${amount} µUSD within the terms' ${bounds.join('…')}`,
      );

      // 9. What the trader sees: the detail and the card, to the cent.
      await detailSwap.filter({ hasText: `${shown(amount)} USD` }).waitFor();
      await screenshot(page, `rollover-2-detail-swap-${dialect}`);
      await detail.getByRole('button', { name: 'Close', exact: true }).click();
      await detail.waitFor({ state: 'hidden' });
      // The popup's mask fades out after it: the card is pictured once it is gone.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.adm-mask')].every((m) => {
          const style = getComputedStyle(m);
          return style.display === 'none' || Number(style.opacity) === 0;
        }),
      );
      assert.equal(await card.getByTestId('order-swap').innerText(), shown(amount));
      await screenshot(page, `rollover-3-position-swap-${dialect}`);

      // 10. Exactly once: the next runs (one a second) charge nothing more, and the day is
      // finished again with this position's charge as its total.
      await sleep(3_500);
      assert.equal((await charges()).length, 1);
      const later = await booked();
      assert.equal(later.swap, amount);
      assert.equal(later.rows.length, 1);
      const day = await db
        .selectFrom('rollovers')
        .selectAll()
        .where('trading_day', '=', latest.trading_day)
        .executeTakeFirstOrThrow();
      assert.notEqual(day.finished_at, null);
      assert.equal(Number(day.positions), 1);
      assert.equal(Number(day.total), amount);
      assert.equal(await card.getByTestId('order-swap').innerText(), shown(amount));

      // 11. The account log, from the mine page: the financing row, linked to the position.
      await tapTab(page, 'markets');
      await page.getByTestId('home-mine').click();
      await page.getByTestId('user-page').waitFor();
      await page.locator('[data-testid="mine-link"][data-route="/mine/history"]').click();
      await page.waitForURL((u) => u.pathname === '/mine/history');
      const swapRow = page.locator('[data-testid="ledger-row"][data-type="swap"]');
      await swapRow.first().waitFor();
      assert.equal(await swapRow.count(), 1);
      assert.match(await swapRow.innerText(), /Overnight financing \(swap\)/);
      assert.equal(await swapRow.getByTestId('ledger-value').innerText(), shown(amount));
      assert.equal(
        Number(await swapRow.getByTestId('ledger-order-link').getAttribute('data-order-id')),
        orderId,
      );
      await screenshot(page, `rollover-4-account-log-${dialect}`);
      assert.deepEqual(errors, []);
      await page.context().close();
    });
  });
}
