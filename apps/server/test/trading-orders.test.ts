import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  client,
  createTestApp,
  DIALECTS,
  fundedUser,
  ledgerOf,
  SATURDAY,
  setQuote,
  type TestApp,
} from './helper.js';

/** BTCUSD: precision 2, contract 1 coin, fee 20 USD per lot, leverage 2/5/10/20. */
const BTC = 26;
const EURUSD = 1;

describe.each(DIALECTS)('orders (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    ({ token, userId } = await fundedUser(t.services, 10_000));
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000); // 87,500.00 / 87,530.00
    setQuote(t.services, 'EURUSD', 115_800, 115_810); // 1.15800 / 1.15810
  });

  const submit = (
    form: Record<string, string | number | undefined>,
    o: { token?: string; key?: string } = {},
  ) =>
    t.app
      .inject({
        method: 'POST',
        url: '/v1/api/forex/submit',
        headers: {
          lang: 'en',
          authorization: o.token ?? token,
          ...(o.key ? { 'idempotency-key': o.key } : {}),
        },
        payload: form,
      })
      .then((r) => JSON.parse(r.body));

  const buyBtc = (extra: Record<string, string | number> = {}) =>
    submit({ type: 1, cont: '0.10', forex_id: BTC, status: 1, multiple: 10, ...extra });

  it('fills a market buy at the ask, charging the fee and holding the margin', async () => {
    const res = await buyBtc();
    expect(res.code).toBe(1);
    expect(res.msg).toBe('Order filled');
    // Margin 0.1 × 1 × 87,530 / 10 = 875.3; fee 0.1 lots × 20 = 2.
    expect(res.data).toMatchObject({
      OrderType: 1,
      Status: 1,
      Quantity: 0.1,
      OriginPrice: 87530,
      CautionMoney: 875.3,
      TradeFee: 2,
      Leverage: 10,
    });
    expect(res.data.ForexTradeLists.ShowCode).toBe('BTC/USD');
    expect(await ledgerOf(t.services, userId)).toEqual({ balance: 9_998_000_000, logSum: 9_998_000_000 });

    const detail = await api.get('/v1/api/main/account/forexDetail', { token });
    // Floating: (87,500 − 87,530) × 0.1 = −3; equity 9,995; free 9,995 − 875.3.
    expect(detail.data).toEqual({
      balance: 9998,
      equity: 9995,
      margin: 875.3,
      free_margin: 9119.7,
      margin_level: 1141.89,
      risk_rate: 8.76,
      floating_profit: -3,
    });
  });

  it('lists the holding with its live profit, then closes it at the bid into history', async () => {
    const opened = (await buyBtc()).data;
    setQuote(t.services, 'BTCUSD', 8_760_000, 8_763_000);
    const holding = await api.get('/v1/api/forex/my_deal?status=1&page=1', { token });
    expect(holding.data.total).toBe(1);
    // (87,600 − 87,530) × 0.1 = 7
    expect(holding.data.data[0]).toMatchObject({ Id: opened.Id, UpdatePrice: 87600, FactProfits: 7 });
    expect(holding.data.all_fact_profits).toBe(7);
    expect(holding.data.balance).toBe(9998);

    const closed = await api.post('/v1/api/forex/close', { id: opened.Id }, { token });
    expect(closed).toMatchObject({
      code: 1,
      msg: 'Position closed',
      data: { Status: 3, CloseReason: 'manual', FactProfits: 7, UpdatePrice: 87600 },
    });
    expect(closed.data.CompleteTimeHandler).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Balance: 10,000 − 2 + 7.
    expect(await ledgerOf(t.services, userId)).toEqual({ balance: 10_005_000_000, logSum: 10_005_000_000 });
    expect((await api.get('/v1/api/forex/my_deal?status=1', { token })).data.total).toBe(0);
    const history = await api.get('/v1/api/forex/my_deal?status=3', { token });
    expect(history.data).toMatchObject({ total: 1, all_fact_profits: 7, balance: 10005 });
    expect((await api.post('/v1/api/forex/close', { id: opened.Id }, { token })).msg).toBe(
      'This position is no longer open',
    );
  });

  it('closes at take-profit and stop-loss on the crossing tick', async () => {
    const tp = (await buyBtc({ target_profit_price: 87_700 })).data;
    const sellSl = (
      await submit({ type: 2, cont: '0.10', forex_id: BTC, status: 1, multiple: 10, stop_loss_price: 87_650 })
    ).data;
    expect(sellSl.OriginPrice).toBe(87500);
    setQuote(t.services, 'BTCUSD', 8_765_000, 8_768_000); // ask 87,680 ≥ SL 87,650: the sell stops out
    await t.services.trading.engine.settle();
    setQuote(t.services, 'BTCUSD', 8_771_000, 8_774_000); // bid 87,710 ≥ TP 87,700
    await t.services.trading.engine.settle();
    const history = (await api.get('/v1/api/forex/my_deal?status=3', { token })).data.data;
    const byId = new Map(history.map((o: any) => [o.Id, o]));
    expect(byId.get(sellSl.Id)).toMatchObject({ CloseReason: 'sl', UpdatePrice: 87680, FactProfits: -18 });
    expect(byId.get(tp.Id)).toMatchObject({ CloseReason: 'tp', UpdatePrice: 87710, FactProfits: 18 });
    const { balance, logSum } = await ledgerOf(t.services, userId);
    expect(balance).toBe(logSum);
    expect(balance).toBe(10_000_000_000 - 4_000_000);
  });

  it('places pending limit and stop orders that fill when the quote crosses', async () => {
    const limit = await submit({
      type: 1,
      cont: '0.10',
      forex_id: BTC,
      status: 0,
      target_price: 87_000,
      multiple: 10,
    });
    expect(limit).toMatchObject({
      code: 1,
      msg: 'Pending order placed',
      data: { Status: 0, Price: 87000, OriginPrice: 0, TradeFee: 0 },
    });
    const stop = await submit({
      type: 1,
      cont: '0.10',
      forex_id: BTC,
      status: 0,
      target_price: 88_000,
      multiple: 10,
    });
    expect((await api.get('/v1/api/forex/my_deal?status=0', { token })).data.total).toBe(2);

    setQuote(t.services, 'BTCUSD', 8_810_000, 8_813_000); // ask 88,130 ≥ 88,000: the stop fills
    await t.services.trading.engine.settle();
    setQuote(t.services, 'BTCUSD', 8_690_000, 8_693_000); // ask 86,930 ≤ 87,000: the limit fills
    await t.services.trading.engine.settle();
    const holding = (await api.get('/v1/api/forex/my_deal?status=1', { token })).data.data;
    expect(holding.map((o: any) => [o.Id, o.OriginPrice, o.TradeFee]).sort()).toEqual(
      [
        [limit.data.Id, 86930, 2],
        [stop.data.Id, 88130, 2],
      ].sort(),
    );
    expect((await api.get('/v1/api/forex/my_deal?status=0', { token })).data.total).toBe(0);
  });

  it('cancels a pending order', async () => {
    const pending = (
      await submit({ type: 2, cont: '0.10', forex_id: BTC, status: 0, target_price: 88_000, multiple: 10 })
    ).data;
    const res = await api.post('/v1/api/forex/cancel_trade', { id: pending.Id }, { token });
    expect(res).toMatchObject({
      code: 1,
      msg: 'Order cancelled',
      data: { Status: 4, CloseReason: 'cancelled' },
    });
    // It will not fill any more.
    setQuote(t.services, 'BTCUSD', 8_810_000, 8_813_000);
    await t.services.trading.engine.settle();
    expect((await api.get('/v1/api/forex/my_deal?status=1', { token })).data.total).toBe(0);
    expect((await api.post('/v1/api/forex/cancel_trade', { id: pending.Id }, { token })).msg).toBe(
      'This order is no longer pending',
    );
  });

  it('sets, checks and clears take-profit and stop-loss', async () => {
    const order = (await buyBtc()).data;
    const ok = await api.post(
      '/v1/api/forex/set_stop_price',
      { id: order.Id, target_profit_price: 88_000, stop_loss_price: 87_000 },
      { token },
    );
    expect(ok).toMatchObject({
      code: 1,
      msg: 'Take-profit and stop-loss saved',
      data: { TargetProfitPrice: 88000, TargetLossPrice: 87000 },
    });
    const wrong = await api.post(
      '/v1/api/forex/set_stop_price',
      { id: order.Id, target_profit_price: 87_000 },
      { token },
    );
    // A holding buy closes at the bid (87,500.00): its take-profit must be above that.
    expect(wrong.msg).toBe('The take-profit of a buy must be above 87,500.00');
    const wrongSl = await api.post(
      '/v1/api/forex/set_stop_price',
      { id: order.Id, stop_loss_price: 87_600 },
      { token },
    );
    expect(wrongSl.msg).toBe('The stop-loss of a buy must be below 87,500.00');
    const hk = await api.post(
      '/v1/api/forex/set_stop_price',
      { id: order.Id, target_profit_price: 87_000 },
      { token, lang: 'hk' },
    );
    expect(hk.msg).toBe('買入單的止賺價位必須高於 87,500.00');
    const cleared = await api.post(
      '/v1/api/forex/set_stop_price',
      { id: order.Id, target_profit_price: 0, stop_loss_price: 0 },
      { token },
    );
    expect(cleared.data).toMatchObject({ TargetProfitPrice: 0, TargetLossPrice: 0 });
    // Cleared triggers no longer fire.
    setQuote(t.services, 'BTCUSD', 8_900_000, 8_903_000);
    await t.services.trading.engine.settle();
    expect((await api.get('/v1/api/forex/my_deal?status=1', { token })).data.total).toBe(1);
  });

  it('refuses orders that break the rules, with translated reasons', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ cont: '0.001' }, 'The minimum is 0.01 lots'],
      [{ cont: '0.015' }, 'Lots must be a multiple of 0.01'],
      [{ multiple: 7 }, 'This leverage is not available for this instrument'],
      [{ multiple: '' }, 'Please choose a leverage'],
      // A market buy fills at the ask, 87,530.00: the stops are judged against it.
      [{ target_profit_price: 87_000 }, 'The take-profit of a buy must be above 87,530.00'],
      [{ stop_loss_price: 88_000 }, 'The stop-loss of a buy must be below 87,530.00'],
      [{ type: 2, target_profit_price: 88_000 }, 'The take-profit of a sell must be below 87,500.00'],
      [{ type: 2, stop_loss_price: 87_000 }, 'The stop-loss of a sell must be above 87,500.00'],
      [{ stop_loss_price: 87_000.123 }, 'stop_loss_price must be a positive price with at most 2 decimals'],
      [{ cont: '100' }, 'Not enough free margin for this order'],
      [{ forex_id: 999 }, 'This instrument does not exist'],
      [{ status: 0 }, 'target_price must be a positive price with at most 2 decimals'],
    ];
    for (const [change, msg] of cases) {
      const res = await buyBtc(change);
      expect([JSON.stringify(change), res.msg]).toEqual([JSON.stringify(change), msg]);
      expect(res.code).not.toBe(1);
    }
    const badType = await buyBtc({ type: 3 });
    expect(badType).toMatchObject({ code: 1001, data: { field: 'type' } });
    const badLots = await buyBtc({ cont: 'abc' });
    expect(badLots).toMatchObject({ code: 1001, data: { field: 'cont' } });
    expect(await ledgerOf(t.services, userId)).toEqual({ balance: 10_000_000_000, logSum: 10_000_000_000 });
  });

  it('refuses trading a closed market but lets crypto trade at the weekend', async () => {
    setQuote(t.services, 'EURUSD', 115_800, 115_810, SATURDAY);
    const fx = await submit({ type: 1, cont: '0.10', forex_id: EURUSD, status: 1, multiple: 100 });
    expect(fx.msg).toBe('The market is closed');
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000, SATURDAY);
    expect((await buyBtc()).code).toBe(1);
  });

  it('creates one order for a repeated Idempotency-Key', async () => {
    const form = { type: 1, cont: '0.10', forex_id: BTC, status: 1, multiple: 10 };
    const [a, b] = await Promise.all([submit(form, { key: 'tap-1' }), submit(form, { key: 'tap-1' })]);
    expect(a.data.Id).toBe(b.data.Id);
    expect((await api.get('/v1/api/forex/my_deal?status=1', { token })).data.total).toBe(1);
    expect((await ledgerOf(t.services, userId)).balance).toBe(9_998_000_000);
    const other = await submit(form, { key: 'tap-2' });
    expect(other.data.Id).not.toBe(a.data.Id);
  });

  it("never lets one user see, close, cancel or edit another user's order", async () => {
    const mine = (await buyBtc()).data;
    const pending = (
      await submit({ type: 1, cont: '0.10', forex_id: BTC, status: 0, target_price: 80_000, multiple: 10 })
    ).data;
    const other = await fundedUser(t.services, 10_000);
    for (const [url, form] of [
      ['/v1/api/forex/close', { id: mine.Id }],
      ['/v1/api/forex/cancel_trade', { id: pending.Id }],
      ['/v1/api/forex/set_stop_price', { id: mine.Id, target_profit_price: 90_000 }],
    ] as const) {
      expect(await api.post(url, form, { token: other.token })).toEqual({
        code: 2000,
        msg: 'Order not found',
        data: null,
      });
    }
    for (const status of [0, 1, 3]) {
      expect(
        (await api.get(`/v1/api/forex/my_deal?status=${status}`, { token: other.token })).data.total,
      ).toBe(0);
    }
    const still = (await api.get('/v1/api/forex/my_deal?status=1', { token })).data.data[0];
    expect(still).toMatchObject({ Id: mine.Id, TargetProfitPrice: 0 });
  });

  it('needs a session for every trading call', async () => {
    for (const url of [
      '/v1/api/forex/my_deal?status=1',
      '/v1/api/main/account/forexDetail',
      '/v1/api/main/wallet/getBalance',
      '/v1/api/main/accountLog/forexChange',
    ]) {
      expect((await api.get(url)).code, url).toBe(999);
    }
    expect((await api.post('/v1/api/forex/submit', { type: 1 })).code).toBe(999);
  });
});
