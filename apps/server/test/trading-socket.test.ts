import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundMethod, fundsFixture, proofOf } from './funds-fixtures.js';
import { client, createSocketTestApp, DIALECTS, fundedUser, setQuote, type TestApp } from './helper.js';
import { Probe } from './ws-probe.js';

describe.each(DIALECTS)('private pushes of a trader over the socket (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    ({ t, url } = await createSocketTestApp(dialect));
  });
  afterAll(async () => t.close());

  it('pushes order events on FOREX_ORDER, live figures on FOREX_TRADE and the TP close on FOREX_CLOSED', async () => {
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
    const { token } = await fundedUser(t.services, 10_000);
    const other = await fundedUser(t.services, 10_000);
    const p = await Probe.open(url);
    const stranger = await Probe.open(url);
    for (const [probe, tok] of [
      [p, token],
      [stranger, other.token],
    ] as const) {
      probe.send({ type: 'login', token: tok });
      await probe.next((m) => m.type === 'login_result' && m.code === 1);
      probe.send({ type: 'sub', topic: 'FOREX_TRADE' });
      probe.send({ type: 'sub', topic: 'FOREX_CLOSED' });
      probe.send({ type: 'sub', topic: 'FOREX_ORDER' });
    }
    const order = (
      await client(t.app).post(
        '/v1/api/forex/submit',
        { type: 1, cont: '0.10', forex_id: 26, status: 1, multiple: 10, target_profit_price: 87_700 },
        { token },
      )
    ).data;

    // Every state change of an order is an event with the order as it is now.
    const opened = await p.next((m) => m.topic === 'FOREX_ORDER');
    expect(opened.data).toMatchObject({ event: 'opened', order: { Id: order.Id, Status: 1, TradeFee: 2 } });

    // Up 50 USD: (87,550 − 87,530) × 0.1 = 2 USD of floating profit.
    setQuote(t.services, 'BTCUSD', 8_755_000, 8_758_000);
    const trade = await p.next((m) => m.topic === 'FOREX_TRADE' && m.data?.orders?.[0]?.FactProfits === 2);
    expect(trade.data).toMatchObject({
      orders: [{ Id: order.Id, UpdatePrice: 87550, FactProfits: 2 }],
      all_fact_profits: 2,
      balance: 9998,
      lock_balance: 0,
      equity: 10000,
      margin: 875.3,
      margin_call: false,
    });

    // Through the take-profit: the close arrives as an event with its reason.
    setQuote(t.services, 'BTCUSD', 8_772_000, 8_775_000);
    await t.services.trading.engine.settle();
    const closed = await p.next((m) => m.topic === 'FOREX_CLOSED');
    expect(closed.data).toEqual({ Id: order.Id, reason: 'tp', FactProfits: 19 });
    const closedOrder = await p.next((m) => m.topic === 'FOREX_ORDER' && m.data.event === 'closed');
    expect(closedOrder.data.order).toMatchObject({
      Id: order.Id,
      Status: 3,
      CloseReason: 'tp',
      FactProfits: 19,
    });
    // Nothing of it reached the other trader.
    await expect(stranger.next((m) => m.type === 'push', 300)).rejects.toThrow();
    p.ws.close();
    stranger.ws.close();
  });
  it('pushes FOREX_TRADE with the held amount on balance-only changes, with nothing open', async () => {
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
    const f = await fundsFixture(t.services);
    const { userId, token } = await fundedUser(t.services, 0);
    const method = await boundMethod(t.services, userId, f.usdt);
    const p = await Probe.open(url);
    p.send({ type: 'login', token });
    await p.next((m) => m.type === 'login_result' && m.code === 1);
    p.send({ type: 'sub', topic: 'FOREX_TRADE' });
    // The sub is read before the first change (a ping answered after it).
    p.send({ type: 'ping' });
    await p.next((m) => m.type === 'pong');
    const api = client(t.app);
    /** The next FOREX_TRADE push whose account figures match. */
    const figures = (expected: Record<string, number>) =>
      p.next(
        (m) =>
          m.topic === 'FOREX_TRADE' &&
          Object.entries(expected).every(([k, v]) => (m.data as Record<string, unknown>)[k] === v),
      );

    // A deposit approved: the balance and free margin, nothing held.
    const declared = await api.post(
      '/api/quickCharge/submit',
      { number: '500', proofImg: await proofOf(t.services, userId), charge_id: f.coin },
      { token },
    );
    await t.services.wallet.deposits.approve(declared.data.id as number, null);
    const credited = await figures({ balance: 500, lock_balance: 0 });
    expect(credited.data).toMatchObject({
      orders: [],
      all_fact_profits: 0,
      balance: 500,
      lock_balance: 0,
      equity: 500,
      margin: 0,
      free_margin: 500,
      margin_level: 0,
      risk_rate: 0,
      margin_call: false,
    });

    // A withdrawal held: the balance stays, the held amount leaves free margin.
    const draw = (number: string) =>
      api.post('/api/account/draw', { draw_currency_id: f.usdt, number, draw_method_id: method }, { token });
    const first = await draw('120');
    expect((await figures({ lock_balance: 120 })).data).toMatchObject({
      balance: 500,
      lock_balance: 120,
      equity: 500,
      free_margin: 380,
    });

    // Paid: balance and held both go down by it.
    await t.services.wallet.withdrawals.approve(first.data.id as number, null);
    expect((await figures({ lock_balance: 0, balance: 380 })).data).toMatchObject({
      balance: 380,
      lock_balance: 0,
      free_margin: 380,
    });

    // Another one, rejected: held, then released with the balance unchanged.
    const second = await draw('80');
    expect((await figures({ lock_balance: 80 })).data).toMatchObject({ balance: 380, free_margin: 300 });
    await t.services.wallet.withdrawals.reject(second.data.id as number, null, 'Wrong network');
    expect((await figures({ lock_balance: 0, balance: 380 })).data).toMatchObject({ free_margin: 380 });
    p.ws.close();
  });
});
