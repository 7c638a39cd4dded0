import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, stopServer } from '../src/app.js';
import {
  client,
  createTestApp,
  DIALECTS,
  fundedUser,
  ledgerOf,
  setQuote,
  TEST_BACKFILL,
  weekdayClock,
  type TestApp,
} from './helper.js';

const BTC = 26;

/**
 * Trailing stops (docs/notifications.md "Trailing stops"): a distance in points set at the
 * open or later; the stop-loss follows the closing price in the position's favour and never
 * back, each step written (a restart keeps it) and pushed as a `stops` change; the close is
 * a stop-loss with the reason `trailing`.
 */
describe.each(DIALECTS)('trailing stops (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
  });
  afterAll(async () => t.close());
  beforeEach(() => setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000));

  const tick = async (bid: number) => {
    setQuote(t.services, 'BTCUSD', bid, bid + 3000);
    await t.services.trading.engine.settle();
  };
  const row = (id: number) =>
    t.services.core.db
      .selectFrom('orders')
      .select(['sl', 'status', 'close_reason', 'close_price', 'trailing_points'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('a buy opened with a trailing stop: the stop follows the bid up, never down, and closes as "trailing"', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    const opened = await api.post(
      '/v1/api/forex/submit',
      { type: 1, cont: '0.1', forex_id: BTC, status: 1, multiple: 10, trailing_points: 50_000 },
      { token },
    );
    // Bid 87,500.00 − 500.00.
    expect(opened.data).toMatchObject({ TrailingPoints: 50_000, TargetLossPrice: 87_000 });
    await tick(8_760_000);
    expect(Number((await row(opened.data.Id)).sl)).toBe(8_710_000);
    await tick(8_740_000); // back down: the stop stays
    expect(Number((await row(opened.data.Id)).sl)).toBe(8_710_000);
    await tick(8_790_000);
    expect(Number((await row(opened.data.Id)).sl)).toBe(8_740_000);
    await tick(8_739_000); // through the stop
    expect(await row(opened.data.Id)).toMatchObject({ status: 3, close_reason: 'trailing' });
    expect(Number((await row(opened.data.Id)).close_price)).toBe(8_739_000);
    const { balance, logSum } = await ledgerOf(t.services, userId);
    expect(balance).toBe(logSum);
    expect(await t.services.trading.engine.reconcile()).toEqual([]);
    const notice = (await api.get('/v1/api/inbox/list', { token })).data.data[0];
    expect(notice).toMatchObject({
      kind: 'position_closed',
      data: { reason: 'trailing', price: '87390.00' },
    });
  });

  it('a sell gets one later, keeping a tighter stop-loss; the trailing distance is checked', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    const sell = await t.services.trading.orders.submit(userId, {
      type: 2,
      cont: '0.1',
      forex_id: BTC,
      status: 1,
      multiple: 10,
    });
    const set = (body: Record<string, unknown>) =>
      api.post('/v1/api/forex/set_stop_price', { id: Number(sell.id), ...body }, { token });
    // Ask 87,530.00 + 100.00 = 87,630.00, tighter than the SL of 88,000.
    expect((await set({ stop_loss_price: '88000', trailing_points: 10_000 })).data).toMatchObject({
      TargetLossPrice: 87_630,
      TrailingPoints: 10_000,
    });
    await tick(8_700_000); // ask 87,030.00 → stop 87,130.00
    expect(Number((await row(Number(sell.id))).sl)).toBe(8_713_000);
    expect((await set({ trailing_points: 10_000_000 })).msg).toBe(
      'The trailing distance can be at most 43,515.00',
    );
    for (const bad of ['1.5', '-3', 'abc', '0x10'])
      expect((await set({ trailing_points: bad })).code, bad).not.toBe(1);
    // Cleared: the SL stays where it was sent (none here) and the stop no longer follows.
    expect((await set({})).data).toMatchObject({ TrailingPoints: 0, TargetLossPrice: 0 });
    await tick(8_600_000);
    expect(await row(Number(sell.id))).toMatchObject({ sl: null, trailing_points: null, status: 1 });
  });

  it('a pending order starts trailing at its fill; the level reached survives a restart', async () => {
    // Its own app: this one is stopped halfway.
    const own = await createTestApp(dialect);
    const tick = async (bid: number) => {
      setQuote(own.services, 'BTCUSD', bid, bid + 3000);
      await own.services.trading.engine.settle();
    };
    const row = (id: number) =>
      own.services.core.db
        .selectFrom('orders')
        .select(['sl', 'status', 'close_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    setQuote(own.services, 'BTCUSD', 8_750_000, 8_753_000);
    const { userId } = await fundedUser(own.services, 10_000);
    const pending = await own.services.trading.orders.submit(userId, {
      type: 1,
      cont: '0.1',
      forex_id: BTC,
      status: 0,
      target_price: '87400',
      multiple: 10,
      trailing_points: 20_000,
    });
    expect(pending.sl).toBeNull();
    await tick(8_736_000); // ask 87,390.00: filled; bid 87,360.00 − 200.00
    expect(await row(Number(pending.id))).toMatchObject({ status: 1 });
    expect(Number((await row(Number(pending.id))).sl)).toBe(8_716_000);
    await tick(8_780_000);
    expect(Number((await row(Number(pending.id))).sl)).toBe(8_760_000);

    await own.app.close();
    await stopServer(own.services);
    const second = await createServer(
      own.database.handle,
      { SIM_SEED: 42, SIM_TICK_MS: 500 },
      { backfill: TEST_BACKFILL, now: weekdayClock },
    );
    try {
      setQuote(second, 'BTCUSD', 8_770_000, 8_773_000);
      await second.trading.engine.settle();
      expect(Number((await row(Number(pending.id))).sl)).toBe(8_760_000);
      setQuote(second, 'BTCUSD', 8_759_000, 8_762_000);
      await second.trading.engine.settle();
      expect(await row(Number(pending.id))).toMatchObject({ status: 3, close_reason: 'trailing' });
    } finally {
      await stopServer(second);
      await own.database.drop();
    }
  });
});
