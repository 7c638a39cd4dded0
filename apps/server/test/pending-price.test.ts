import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  client,
  createSocketTestApp,
  DIALECTS,
  fundedUser,
  ledgerOf,
  setQuote,
  TestClock,
  WEEKDAY,
  type TestApp,
} from './helper.js';
import { Probe } from './ws-probe.js';

/** BTCUSD: precision 2, contract 1 coin, fee 20 USD per lot, 5 s quote limit. */
const BTC = 26;
const MOVE = '/v1/api/forex/set_pending_price';

/**
 * Moving a pending order's price (docs/api.md "Trading", issue 22: a pending order's line
 * dragged on the chart): only the caller's own order, only while pending, the price judged
 * as a submit judges one, the engine's book watching the new price at once, the owner told.
 */

/** The answer to moving a buy limit with TP 88,000 and SL 86,000 to 86,500.50. */
const movedTo865005 = (id: number) => ({
  code: 1,
  msg: 'Pending order moved to 86,500.50',
  data: { Id: id, Status: 0, Price: 86500.5, TargetProfitPrice: 88000, TargetLossPrice: 86000 },
});

describe.each(DIALECTS)('set_pending_price (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let api: ReturnType<typeof client>;
  const clock = new TestClock(WEEKDAY);
  let token: string;
  let userId: number;

  beforeAll(async () => {
    ({ t, url } = await createSocketTestApp(dialect, { now: clock.now }));
    api = client(t.app);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    clock.advance(60_000);
    ({ token, userId } = await fundedUser(t.services, 10_000));
    quote(87_500, 87_530);
  });

  /** A BTCUSD quote in prices (2 decimals), stamped now. */
  const quote = (bid: number, ask: number) =>
    setQuote(t.services, 'BTCUSD', Math.round(bid * 100), Math.round(ask * 100), clock.value);

  const place = async (extra: Record<string, string | number> = {}, as = token) => {
    const res = await api.post(
      '/v1/api/forex/submit',
      { type: 1, cont: '0.10', forex_id: BTC, status: 0, target_price: 87_000, multiple: 10, ...extra },
      { token: as },
    );
    expect(res.code, res.msg).toBe(1);
    return res.data as { Id: number };
  };

  /** A JSON body as sent, so the values keep their JSON types (true, [1], …). */
  const moveJson = (body: Record<string, unknown>, as = token, lang = 'en') =>
    t.app
      .inject({
        method: 'POST',
        url: MOVE,
        headers: { lang, authorization: as, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
      .then((r) => JSON.parse(r.body) as { code: number; msg: string; data: any });

  const rowOf = (id: number) =>
    t.services.core.db
      .selectFrom('orders')
      .select(['status', 'target_price', 'pending_kind', 'tp', 'sl'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
      .then((r) => ({ ...r, target_price: Number(r.target_price), status: Number(r.status) }));

  const statusOf = async (id: number) => (await rowOf(id)).status;

  it('moves a pending order, answers it in the caller’s language and pushes it to the owner only', async () => {
    const other = await fundedUser(t.services, 10_000);
    const mine = await Probe.open(url);
    const stranger = await Probe.open(url);
    for (const [probe, tok] of [
      [mine, token],
      [stranger, other.token],
    ] as const) {
      probe.send({ type: 'login', token: tok });
      await probe.next((m) => m.type === 'login_result' && m.code === 1);
      probe.send({ type: 'sub', topic: 'FOREX_ORDER' });
    }
    const order = await place({ target_profit_price: 88_000, stop_loss_price: 86_000 });
    await mine.next((m) => m.topic === 'FOREX_ORDER' && m.data.event === 'placed');
    const before = await ledgerOf(t.services, userId);

    const res = await api.post(MOVE, { id: order.Id, target_price: '86500.5' }, { token });
    expect(res).toMatchObject(movedTo865005(order.Id));
    expect(await rowOf(order.Id)).toMatchObject({
      status: 0,
      target_price: 8_650_050,
      pending_kind: 'buy_limit',
    });
    // It holds no money while pending: nothing is booked.
    expect(await ledgerOf(t.services, userId)).toEqual(before);

    const pushed = await mine.next((m) => m.topic === 'FOREX_ORDER' && m.data.event === 'repriced');
    expect(pushed.data.order).toMatchObject({ Id: order.Id, Status: 0, Price: 86500.5 });
    await expect(stranger.next((m) => m.type === 'push', 300)).rejects.toThrow();

    const hk = await api.post(MOVE, { id: order.Id, target_price: 86_400 }, { token, lang: 'hk' });
    expect(hk.code).toBe(1);
    expect(hk.msg).toContain('86,400.00');
    mine.ws.close();
    stranger.ws.close();
  });

  it('takes the same move sent twice at the same instant cleanly: one price, filled once, nothing booked', async () => {
    const mine = await Probe.open(url);
    mine.send({ type: 'login', token });
    await mine.next((m) => m.type === 'login_result' && m.code === 1);
    mine.send({ type: 'sub', topic: 'FOREX_ORDER' });
    // The socket's messages are handled in order: once the pong is back, the sub is in.
    mine.send({ type: 'ping' });
    await mine.next((m) => m.type === 'pong');
    const order = await place({ target_profit_price: 88_000, stop_loss_price: 86_000 });
    await mine.next((m) => m.topic === 'FOREX_ORDER' && m.data.event === 'placed');
    const before = await ledgerOf(t.services, userId);

    const move = () => api.post(MOVE, { id: order.Id, target_price: '86500.5' }, { token });
    const answers = await Promise.all([move(), move()]);
    for (const res of answers) expect(res).toMatchObject(movedTo865005(order.Id));
    expect(await rowOf(order.Id)).toMatchObject({
      status: 0,
      target_price: 8_650_050,
      pending_kind: 'buy_limit',
      tp: 8_800_000,
      sl: 8_600_000,
    });
    expect(await ledgerOf(t.services, userId)).toEqual(before);
    // The owner is told of the new price (once per accepted move, at most): every push the
    // same order at the one new price, none at the old one or half-moved.
    const pushed = await mine.next((m) => m.topic === 'FOREX_ORDER' && m.data.event === 'repriced');
    expect(pushed.data.order).toMatchObject({ Id: order.Id, Status: 0, Price: 86500.5 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const more = mine.messages.filter((m) => m.topic === 'FOREX_ORDER' && m.data.event !== 'placed');
    expect(more.length).toBeLessThan(answers.length);
    for (const m of more) expect(m.data).toEqual(pushed.data);
    mine.ws.close();

    // The engine watches the order once, at the new price: it fills once, as one position.
    quote(86_470, 86_500); // ask 86,500.00 ≤ 86,500.50
    await t.services.trading.engine.settle();
    await t.services.trading.engine.settle();
    const filled = (await api.get('/v1/api/forex/my_deal?status=1', { token })).data.data;
    expect(filled).toHaveLength(1);
    expect(filled[0]).toMatchObject({ Id: order.Id, Status: 1, OriginPrice: 86500, Price: 86500.5 });
    const rows = await t.services.core.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('triggers at the new price at once, never at the old one', async () => {
    const order = await place(); // buy limit at 87,000.00: fills when the ask falls to it
    expect((await api.post(MOVE, { id: order.Id, target_price: 86_000 }, { token })).code).toBe(1);

    quote(86_900, 86_930); // ask 86,930 ≤ 87,000 (the old price) but > 86,000
    await t.services.trading.engine.settle();
    expect(await statusOf(order.Id)).toBe(0);

    quote(85_960, 85_990); // ask 85,990 ≤ 86,000
    await t.services.trading.engine.settle();
    const filled = (await api.get('/v1/api/forex/my_deal?status=1', { token })).data.data;
    expect(filled).toHaveLength(1);
    expect(filled[0]).toMatchObject({ Id: order.Id, Status: 1, OriginPrice: 85990, Price: 86000 });
  });

  it('judges limit or stop again against the quote now', async () => {
    // A buy limit below the ask moved above it becomes a buy stop: it waits for a rise.
    const order = await place();
    expect((await api.post(MOVE, { id: order.Id, target_price: 88_000 }, { token })).code).toBe(1);
    expect((await rowOf(order.Id)).pending_kind).toBe('buy_stop');

    quote(86_900, 86_930); // far below 88,000: a limit there would fill, a stop does not
    await t.services.trading.engine.settle();
    expect(await statusOf(order.Id)).toBe(0);

    quote(88_100, 88_130); // ask 88,130 ≥ 88,000
    await t.services.trading.engine.settle();
    expect(await statusOf(order.Id)).toBe(1);

    // And a sell stop below the bid moved above it becomes a sell limit.
    const sell = await place({ type: 2, target_price: 87_000 });
    expect((await rowOf(sell.Id)).pending_kind).toBe('sell_stop');
    expect((await api.post(MOVE, { id: sell.Id, target_price: 90_000 }, { token })).code).toBe(1);
    expect((await rowOf(sell.Id)).pending_kind).toBe('sell_limit');
  });

  it("treats another trader's order as not found, and changes nothing", async () => {
    const order = await place();
    const other = await fundedUser(t.services, 10_000);
    const res = await api.post(MOVE, { id: order.Id, target_price: 86_000 }, { token: other.token });
    expect(res).toMatchObject({ code: 2000, msg: 'Order not found' });
    expect(await api.post(MOVE, { id: 999_999_999, target_price: 86_000 }, { token })).toMatchObject({
      msg: 'Order not found',
    });
    expect((await rowOf(order.Id)).target_price).toBe(8_700_000);
    // Without a session, nothing at all.
    expect((await api.post(MOVE, { id: order.Id, target_price: 86_000 })).code).toBe(999);
  });

  it('refuses an order that is no longer pending: filled, cancelled or an open position', async () => {
    const cancelled = await place();
    await api.post('/v1/api/forex/cancel_trade', { id: cancelled.Id }, { token });
    const filled = await place({ target_price: 87_600 }); // above the ask: a stop
    quote(87_600, 87_630);
    await t.services.trading.engine.settle();
    expect(await statusOf(filled.Id)).toBe(1);
    for (const id of [cancelled.Id, filled.Id]) {
      const res = await api.post(MOVE, { id, target_price: 86_000 }, { token });
      expect(res).toMatchObject({ code: 2000, msg: 'This order is no longer pending' });
      expect((await moveJson({ id, target_price: 86_000 }, token, 'hk')).msg).toBe('此掛單已成交或已取消');
    }
    expect((await rowOf(cancelled.Id)).target_price).toBe(8_700_000);
  });

  it.each([
    ['true', true, 1001],
    ['[1]', [1], 1001],
    ['"0x1"', '0x1', 1001],
    ['"1e3"', '1e3', 1001],
    ['" 86000"', ' 86000', 1001],
    ['-1', -1, 1001],
    ['"-86000"', '-86000', 1001],
    ['0', 0, 1001],
    ['11 decimals', '86000.00000000001', 1001],
    ['3 decimals on a 2-decimal pair', '86000.123', 2000],
    ['missing', undefined, 1001],
  ])('refuses target_price %s, changing nothing', async (_name, value, code) => {
    const order = await place();
    const body: Record<string, unknown> = { id: order.Id };
    if (value !== undefined) body.target_price = value;
    const res = await moveJson(body);
    expect(res.code, res.msg).toBe(code);
    expect(res.msg).toMatch(/target_price|price/i);
    expect((await rowOf(order.Id)).target_price).toBe(8_700_000);
  });

  it.each([
    ['1e308', 1e308, 'target_price must be a plain number such as 1.25'],
    ['"-0"', '-0', 'target_price must be a plain number such as 1.25'],
    ['"0x10"', '0x10', 'target_price must be a plain number such as 1.25'],
    ['a string with a NUL character', '86000\u0000', 'target_price contains a character that is not allowed'],
    ['true', true, 'target_price is not valid'],
    ['[1]', [1], 'target_price is not valid'],
  ])(
    'answers target_price %s with a validation error in the envelope, changing nothing',
    async (_name, value, msg) => {
      const order = await place();
      const before = await rowOf(order.Id);
      const res = await moveJson({ id: order.Id, target_price: value });
      expect(res).toEqual({ code: 1001, msg, data: { field: 'target_price' } });
      expect(await rowOf(order.Id)).toEqual(before);
    },
  );

  it.each([
    ['true', true],
    ['[1]', [1]],
    ['"0x1"', '0x1'],
    ['missing', undefined],
  ])('refuses id %s', async (_name, value) => {
    const order = await place();
    const res = await moveJson({ ...(value === undefined ? {} : { id: value }), target_price: 86_000 });
    expect(res.code).toBe(1001);
    expect((await rowOf(order.Id)).target_price).toBe(8_700_000);
  });

  it('keeps TP and SL on the right side of the new price, with the message a submit gives', async () => {
    const order = await place({ target_profit_price: 88_000, stop_loss_price: 86_500 });
    const tpWrong = await api.post(MOVE, { id: order.Id, target_price: 88_500 }, { token });
    const submitted = await api.post(
      '/v1/api/forex/submit',
      {
        type: 1,
        cont: '0.10',
        forex_id: BTC,
        status: 0,
        target_price: 88_500,
        multiple: 10,
        target_profit_price: 88_000,
      },
      { token },
    );
    expect(tpWrong).toMatchObject({ code: 2000, msg: 'The take-profit of a buy must be above 88,500.00' });
    expect(tpWrong.msg).toBe(submitted.msg);
    const slWrong = await api.post(MOVE, { id: order.Id, target_price: 86_000 }, { token });
    expect(slWrong.msg).toBe('The stop-loss of a buy must be below 86,000.00');
    expect((await rowOf(order.Id)).target_price).toBe(8_700_000);
    // Between them it moves.
    expect((await api.post(MOVE, { id: order.Id, target_price: 87_900 }, { token })).code).toBe(1);
  });

  it('refuses on prices that are not live, a price the account cannot afford, and a suspended account', async () => {
    const order = await place();
    clock.advance(5_001);
    expect((await api.post(MOVE, { id: order.Id, target_price: 86_000 }, { token })).msg).toMatch(/not live/);
    quote(87_500, 87_530);
    // 0.1 lot at 1,000,000 / leverage 10 = 10,000 of margin, more than the 10,000 balance leaves free.
    expect((await api.post(MOVE, { id: order.Id, target_price: 1_000_000 }, { token })).msg).toBe(
      'Not enough free margin for this order',
    );
    await t.services.core.db
      .updateTable('accounts')
      .set({ trading_frozen: 1 })
      .where('user_id', '=', userId)
      .execute();
    expect((await api.post(MOVE, { id: order.Id, target_price: 86_000 }, { token })).msg).toBe(
      'Trading on this account is suspended, please contact support',
    );
    expect((await rowOf(order.Id)).target_price).toBe(8_700_000);
    // A suspended account can still cancel it.
    expect((await api.post('/v1/api/forex/cancel_trade', { id: order.Id }, { token })).code).toBe(1);
  });

  it('counts the move and close all among the order actions of the metrics', async () => {
    const order = await place();
    await api.post(MOVE, { id: order.Id, target_price: 86_000 }, { token });
    await api.post(MOVE, { id: 999_999_999, target_price: 86_000 }, { token });
    await api.post('/v1/api/forex/close_all', {}, { token });
    const text = (await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    expect(text).toMatch(/^pipwise_orders_total\{action="move_pending",result="ok"\} [1-9]/m);
    expect(text).toMatch(
      /^pipwise_orders_total\{action="move_pending",result="errors.order_not_found"\} [1-9]/m,
    );
    expect(text).toMatch(/^pipwise_orders_total\{action="close_all",result="ok"\} [1-9]/m);
  });
});
