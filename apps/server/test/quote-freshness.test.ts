import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  client,
  createTestApp,
  DIALECTS,
  fundedUser,
  ledgerOf,
  setQuote,
  TestClock,
  type TestApp,
  WEEKDAY,
} from './helper.js';

/** BTCUSD: a 24/7 instrument, 5 s quote limit. EURUSD: a session instrument, 15 s. */
const BTC = 26;
const EURUSD = 1;

/**
 * Fresh prices only (docs/market-data.md "Fresh prices"): opening, closing and modifying
 * price from a quote younger than the instrument's limit, or are refused with nothing
 * written — the finding of a BTCUSD buy filled at an instance's last quote while Redis was
 * away for 45 s.
 */
describe.each(DIALECTS)('quote freshness (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  const clock = new TestClock(WEEKDAY);
  let token: string;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: clock.now } });
    api = client(t.app);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    clock.advance(60_000);
    ({ token, userId } = await fundedUser(t.services, 10_000));
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000, clock.value);
    setQuote(t.services, 'EURUSD', 115_800, 115_810, clock.value);
  });

  const ordersOf = async () =>
    Number(
      (
        await t.services.core.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const buy = (forexId: number, extra: Record<string, string | number> = {}) =>
    api.post(
      '/v1/api/forex/submit',
      { type: 1, cont: '0.10', forex_id: forexId, status: 1, multiple: forexId === BTC ? 10 : 100, ...extra },
      { token },
    );

  it('refuses a market order on a quote past its limit, in the caller’s language, writing nothing', async () => {
    clock.advance(5_001);
    const before = await ledgerOf(t.services, userId);
    const res = await buy(BTC);
    expect(res.msg).toBe('Prices are not live right now. Trading resumes when fresh prices arrive.');
    expect(res.code).not.toBe(1);
    const hk = await api.post(
      '/v1/api/forex/submit',
      { type: 1, cont: '0.10', forex_id: BTC, status: 1, multiple: 10 },
      { token, lang: 'hk' },
    );
    expect(hk.msg).toBe('目前報價並非即時，收到最新報價後即可恢復交易。');
    // A pending order decides limit or stop from the quote too: refused alike.
    const pending = await buy(BTC, { status: 0, target_price: '80000' });
    expect(pending.msg).toMatch(/not live/);
    expect(await ordersOf()).toBe(0);
    expect(await ledgerOf(t.services, userId)).toEqual(before);
  });

  it('keeps each instrument’s own limit: 5 s for 24/7 crypto, 15 s for a session market', async () => {
    clock.advance(10_000);
    expect((await buy(BTC)).msg).toMatch(/not live/);
    expect((await buy(EURUSD)).code).toBe(1);
    clock.advance(5_001);
    expect((await buy(EURUSD)).msg).toMatch(/not live/);
  });

  it('prices again as soon as a fresh tick arrives, and an empty feed step vouches for unmoved prices', async () => {
    clock.advance(6_000);
    expect((await buy(BTC)).msg).toMatch(/not live/);
    // The feed spoke with no tick for BTCUSD: its price still stands as of now.
    t.services.market.service.onTicks([], clock.value);
    expect((await buy(BTC)).code).toBe(1);
    clock.advance(6_000);
    setQuote(t.services, 'BTCUSD', 8_760_000, 8_763_000, clock.value);
    const filled = await buy(BTC);
    expect(filled).toMatchObject({ code: 1, data: { OriginPrice: 87630 } });
  });

  it('refuses to close or edit stops on a stale quote; a pending order can still be cancelled', async () => {
    const open = (await buy(BTC, { target_profit_price: '90000' })).data;
    const pending = (await buy(BTC, { status: 0, target_price: '80000' })).data;
    clock.advance(5_001);
    const before = await ledgerOf(t.services, userId);
    expect((await api.post('/v1/api/forex/close', { id: open.Id }, { token })).msg).toMatch(/not live/);
    expect(
      (
        await api.post(
          '/v1/api/forex/set_stop_price',
          { id: open.Id, target_profit_price: 95_000, stop_loss_price: 80_000 },
          { token },
        )
      ).msg,
    ).toMatch(/not live/);
    const row = await t.services.core.db
      .selectFrom('orders')
      .select(['status', 'tp', 'sl'])
      .where('id', '=', open.Id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 1, sl: null });
    expect(await ledgerOf(t.services, userId)).toEqual(before);
    // Cancelling prices nothing.
    expect((await api.post('/v1/api/forex/cancel_trade', { id: pending.Id }, { token })).code).toBe(1);
  });

  it('keeps "market closed" for a closed market, whatever the age of its last quote', async () => {
    const saturday = Date.parse('2026-11-28T15:00:00Z');
    clock.value = saturday;
    setQuote(t.services, 'EURUSD', 115_800, 115_810, saturday);
    expect((await buy(EURUSD)).msg).toBe('The market is closed');
    clock.advance(60_000);
    expect((await buy(EURUSD)).msg).toBe('The market is closed');
    clock.value = WEEKDAY + 7 * 86_400_000;
  });

  it('lets an operator set the limit per instrument, and the next order follows it', async () => {
    await t.services.core.db
      .updateTable('instruments')
      .set({ max_quote_age_ms: 60_000 })
      .where('id', '=', BTC)
      .execute();
    await t.services.market.instrumentsChanged();
    clock.advance(30_000);
    expect((await buy(BTC)).code).toBe(1);
    const pair = (await api.get('/v1/api/forex/trade_list')).data.find((p: { Id: number }) => p.Id === BTC);
    expect(pair.MaxQuoteAge).toBe(60_000);
    await t.services.core.db
      .updateTable('instruments')
      .set({ max_quote_age_ms: 5_000 })
      .where('id', '=', BTC)
      .execute();
    await t.services.market.instrumentsChanged();
    expect((await buy(BTC)).msg).toMatch(/not live/);
  });

  it('stops pricing when the running feed falls silent or loses its link, and resumes when it speaks', async () => {
    // A feed stepping every 100 ms, driven by hand: silent for 3 steps (at least 1 s) is gone.
    let step: (ticks: [], time: number) => void = () => undefined;
    const feed = {
      heartbeatMs: 100,
      snapshot: () => [],
      start: (onTicks: typeof step) => (step = onTicks),
      stop: () => undefined,
    };
    t.services.market.service.switchFeed(feed);
    try {
      step([], clock.value);
      expect((await buy(BTC)).code).toBe(1);
      clock.advance(1_001);
      // Quotes within their own 5 s, but the feed said nothing for a second.
      expect((await buy(BTC)).msg).toMatch(/not live/);
      expect(t.services.market.service.staleOpenInstruments().length).toBeGreaterThan(0);
      step([], clock.value);
      expect((await buy(BTC)).code).toBe(1);
      // Its link is known to be down (a standby's Redis connection closed): at once.
      t.services.market.service.feedLost(feed);
      expect((await buy(BTC)).msg).toMatch(/not live/);
      step([], clock.value);
      expect((await buy(BTC)).code).toBe(1);
    } finally {
      await t.services.market.service.stop();
    }
  });

  it('never stops out at a stale price: a tick that arrives too late moves nothing until a fresh one', async () => {
    const res = await api.post(
      '/v1/api/forex/submit',
      { type: 1, cont: '1', forex_id: BTC, status: 1, multiple: 20 },
      { token },
    );
    expect(res.code).toBe(1);
    const status = async () =>
      await t.services.core.db
        .selectFrom('orders')
        .select(['status', 'close_reason', 'close_price'])
        .where('id', '=', res.data.Id)
        .executeTakeFirstOrThrow();
    // The feed goes quiet; then a crash tick arrives stamped 5 s ago (a late delivery).
    clock.advance(5_001);
    setQuote(t.services, 'BTCUSD', 7_900_000, 7_903_000, clock.value - 5_001);
    await t.services.trading.engine.settle();
    expect(await status()).toMatchObject({ status: 1 });
    // A fresh tick at the same price: the stop-out closes at it.
    setQuote(t.services, 'BTCUSD', 7_900_000, 7_903_000, clock.value);
    await t.services.trading.engine.settle();
    expect(await status()).toMatchObject({ status: 3, close_reason: 'stop_out', close_price: 7_900_000 });
  });

  it('judges a price alert only against a fresh bid while the market is open', async () => {
    const setAlert = () =>
      api.post('/v1/api/alerts/set', { forex_id: BTC, direction: 'above', price: '90000' }, { token });
    clock.advance(5_001);
    const stale = await setAlert();
    expect(stale.msg).toBe('Prices are not live right now. Trading resumes when fresh prices arrive.');
    const armed = await t.services.core.db
      .selectFrom('price_alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(armed.n)).toBe(0);
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000, clock.value);
    expect((await setAlert()).code).toBe(1);
  });
});
