import { adminSaveGroupEndpoint, adminSetUserGroupEndpoint, type Endpoint } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, createOperator } from './admin-fixtures.js';
import { groupBody } from './group-fixtures.js';
import {
  client,
  createTestApp,
  DIALECTS,
  fundedUser,
  ledgerOf,
  SATURDAY,
  setQuote,
  TestClock,
  WEEKDAY,
  type TestApp,
} from './helper.js';

/**
 * Partial close and close all (docs/money.md "Partial close and close all") on both
 * databases: the part closed becomes an order of its own, what the position held is split
 * between the two to the micro-dollar, the ledger books the part's profit and commission
 * against it, the rest keeps its id and its stops and closes normally later; close all closes
 * every position it can price in one transaction and says which it left open; a key makes a
 * repeat answer the first; a close racing the engine's take-profit never books lots twice.
 */
const BTC = 26;
const ETH = 27;
const EURUSD = 1;
/** Wednesday 25 November 2026 at 17:00:30 New York: just after that day's rollover. */
const AFTER_ROLLOVER = Date.parse('2026-11-25T22:00:30Z');

describe.each(DIALECTS)('partial close and close all (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  const clock = new TestClock(WEEKDAY);
  const db = () => t.services.core.db;
  /** A group charging 3.50 USD a lot a side, so the commission's split is seen. */
  let groupId = 0;
  let adminToken = '';

  const admin = async (endpoint: Endpoint, body: unknown) => {
    const res = await adminClient(t.app).call(endpoint, body, { token: adminToken });
    expect(res.code, res.msg).toBe(1);
    return res.data;
  };

  /** A JSON call as the app makes it, with an optional idempotency key. */
  const call = (url: string, token: string, payload: unknown, key?: string) =>
    t.app
      .inject({
        method: 'POST',
        url,
        headers: {
          lang: 'en',
          authorization: token,
          'content-type': 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      })
      .then((r) => JSON.parse(r.body) as { code: number; msg: string; data: any });

  const quotes = (btcBid = 8_750_000) => {
    setQuote(t.services, 'BTCUSD', btcBid, btcBid + 3_000);
    setQuote(t.services, 'ETHUSD', 295_000, 295_250);
    setQuote(t.services, 'EURUSD', 115_800, 115_810);
  };

  const trader = async () => {
    const user = await fundedUser(t.services, 10_000);
    await admin(adminSetUserGroupEndpoint, { id: user.userId, group_id: groupId, reason: 'test' });
    return user;
  };

  const open = async (token: string, form: Record<string, unknown>) => {
    const res = await call('/v1/api/forex/submit', token, { type: 1, status: 1, multiple: 10, ...form });
    expect(res.code, res.msg).toBe(1);
    return res.data.Id as number;
  };

  const row = (id: number) =>
    db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const rowsOf = (userId: number) =>
    db().selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const logOf = (orderId: number) =>
    db()
      .selectFrom('account_logs')
      .select(['type', 'amount'])
      .where('ref_type', '=', 'order')
      .where('ref_id', '=', orderId)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((r) => [r.type, Number(r.amount)]));
  const chargesOf = (orderId: number) =>
    db()
      .selectFrom('swap_charges')
      .select(['trading_day', 'nights', 'amount'])
      .where('order_id', '=', orderId)
      .execute()
      .then((rows) => rows.map((r) => [r.trading_day, Number(r.nights), Number(r.amount)]));
  /** The books and the engine's index agree with what happened. */
  const consistent = async (userId: number) => {
    const { balance, logSum } = await ledgerOf(t.services, userId);
    expect(balance).toBe(logSum);
    expect((await t.services.books.check('schedule')).problems).toEqual([]);
    await t.services.trading.engine.settle();
    expect(await t.services.trading.engine.reconcile()).toEqual([]);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: clock.now } });
    api = client(t.app);
    // The first run ever owes only Tuesday's rollover, with nothing open.
    await t.services.trading.rollover.runDue();
    adminToken = (await createOperator(t.services, 'admin')).token;
    const group = await admin(
      adminSaveGroupEndpoint,
      groupBody('Raw', { commission_type: 'per_lot', commission_rate: '3.5' }),
    );
    groupId = group.id;
  });
  afterAll(async () => t.close());

  it('books a partial close exactly; the rest keeps its stops and its take-profit closes only its lots', async () => {
    clock.value = WEEKDAY;
    quotes();
    const { userId, token } = await trader();
    // 0.3 BTC bought at 87,530.00: margin 2,625.90, fee 6, commission 1.05, spread 9.
    const id = await open(token, {
      cont: '0.30',
      forex_id: BTC,
      target_profit_price: 88_000,
      stop_loss_price: 80_000,
    });
    // Held over Wednesday's rollover: −20 % ÷ 360 × 0.3 × 87,500 = −14.583333.
    clock.value = AFTER_ROLLOVER;
    quotes();
    await t.services.trading.rollover.runDue();
    const before = await row(id);
    expect({
      margin: Number(before.margin),
      fee: Number(before.fee),
      commission: Number(before.commission),
      spread_open: Number(before.spread_open),
      swap: Number(before.swap),
    }).toEqual({
      margin: 2_625_900_000,
      fee: 6_000_000,
      commission: 1_050_000,
      spread_open: 9_000_000,
      swap: -14_583_333,
    });
    const balanceBefore = (await ledgerOf(t.services, userId)).balance;

    // A third of it closes at the bid, 87,600.00: +7 on 0.1 lot, 0.35 commission.
    quotes(8_760_000);
    const res = await call('/v1/api/forex/close', token, { id, lots: '0.10' }, `part-${dialect}`);
    expect(res.code, res.msg).toBe(1);
    expect(res.msg).toBe('0.1 lots closed; the rest of the position stays open');
    expect(res.data).toMatchObject({
      Status: 3,
      Quantity: 0.1,
      CloseReason: 'partial',
      SplitFrom: id,
      OriginPrice: 87530,
      UpdatePrice: 87600,
      FactProfits: 7,
    });
    const part = await row(res.data.Id);
    const rest = await row(id);
    // The part: the floor of its share of each amount, its own profit and close commission.
    expect(part).toMatchObject({
      status: 3,
      lots: '0.1',
      side: 1,
      instrument_id: BTC,
      leverage: 10,
      group_id: groupId,
      close_reason: 'partial',
      split_from: id,
      opened_at: before.opened_at,
      created_at: before.created_at,
      closed_at: AFTER_ROLLOVER,
    });
    expect(Number(part.open_price)).toBe(Number(before.open_price));
    expect(Number(part.close_price)).toBe(8_760_000);
    expect(Number(part.profit)).toBe(7_000_000);
    expect(Number(part.spread_close)).toBe(3_000_000);
    expect({
      margin: Number(part.margin),
      fee: Number(part.fee),
      commission: Number(part.commission),
      spread_open: Number(part.spread_open),
      swap: Number(part.swap),
    }).toEqual({
      margin: 875_300_000,
      fee: 2_000_000,
      commission: 350_000 + 350_000,
      spread_open: 3_000_000,
      swap: -4_861_111,
    });
    // The rest: the same id, stops and status, the remainder of every amount.
    expect(rest).toMatchObject({ status: 1, lots: '0.2', tp: before.tp, sl: before.sl, split_from: null });
    for (const column of ['margin', 'fee', 'spread_open', 'swap'] as const)
      expect(Number(rest[column]) + Number(part[column])).toBe(Number(before[column]));
    expect(Number(rest.commission) + Number(part.commission) - 350_000).toBe(Number(before.commission));

    // The ledger: the part's profit and commission, against the part.
    expect(await logOf(Number(part.id))).toEqual([
      ['trade_profit', 7_000_000],
      ['commission', -350_000],
    ]);
    expect((await ledgerOf(t.services, userId)).balance - balanceBefore).toBe(7_000_000 - 350_000);
    const log = await api.get('/v1/api/main/accountLog/forexChange?page=1', { token });
    expect(
      log.data.data.filter((l: any) => l.OrderId === Number(part.id)).map((l: any) => [l.Type, l.Value]),
    ).toEqual(
      expect.arrayContaining([
        ['trade_profit', 7],
        ['commission', -0.35],
      ]),
    );
    // The night the position was charged is the part's too: a rollover catching up on that
    // day again charges neither.
    expect(await chargesOf(Number(part.id))).toEqual([['2026-11-25', 0, 0]]);
    await db()
      .updateTable('rollovers')
      .set({ finished_at: null })
      .where('trading_day', '=', '2026-11-25')
      .execute();
    expect(await t.services.trading.rollover.runDue()).toMatchObject({
      finished: ['2026-11-25'],
      charged: 0,
    });
    const day = await db()
      .selectFrom('rollovers')
      .select(['positions', 'total'])
      .where('trading_day', '=', '2026-11-25')
      .executeTakeFirstOrThrow();
    expect(Number(day.total)).toBe(-14_583_333);
    await consistent(userId);

    // The lists: 0.2 open, the part in history.
    const holding = await api.get('/v1/api/forex/my_deal?status=1', { token });
    expect(holding.data.data).toEqual([
      expect.objectContaining({ Id: id, Quantity: 0.2, CautionMoney: 1750.6, TargetProfitPrice: 88000 }),
    ]);
    const history = await api.get('/v1/api/forex/my_deal?status=3', { token });
    expect(history.data.data.map((o: any) => [o.Id, o.Quantity, o.CloseReason])).toEqual([
      [Number(part.id), 0.1, 'partial'],
    ]);

    // The take-profit fires on the 0.2 lot left: (88,010 − 87,530) × 0.2 = 96.
    quotes(8_801_000);
    await t.services.trading.engine.settle();
    const closed = await row(id);
    expect(closed).toMatchObject({ status: 3, close_reason: 'tp', lots: '0.2' });
    expect(Number(closed.profit)).toBe(96_000_000);
    expect(Number(closed.commission)).toBe(700_000 + 700_000);
    // Every lot closed once: 0.1 + 0.2.
    const rows = await rowsOf(userId);
    expect(rows.map((r) => [r.status, r.lots])).toEqual([
      [3, '0.2'],
      [3, '0.1'],
    ]);
    // Nothing left open, the balance above zero: nothing written off.
    expect((await logOf(id)).map(([type]) => type)).not.toContain('negative_balance_reset');
    await consistent(userId);
  });

  it('refuses lots that cannot close part of the position, with the reason, changing nothing', async () => {
    clock.value = AFTER_ROLLOVER;
    quotes();
    const { userId, token } = await trader();
    const id = await open(token, { cont: '0.30', forex_id: BTC });
    const snapshot = async () => ({ rows: await rowsOf(userId), ledger: await ledgerOf(t.services, userId) });
    const before = await snapshot();
    const refused = async (lots: unknown) => {
      const raw = `{"id":${id},"lots":${typeof lots === 'string' && lots.startsWith('RAW:') ? lots.slice(4) : JSON.stringify(lots)}}`;
      const res = await call('/v1/api/forex/close', token, raw);
      expect(res.code, `${JSON.stringify(lots)}: ${res.msg}`).not.toBe(1);
      return res.msg;
    };
    expect(await refused(0)).toBe('lots must be greater than 0');
    expect(await refused('0')).toBe('lots must be greater than 0');
    expect(await refused('0.3')).toBe(
      'Choose fewer lots than the position holds (0.3) to close part of it, or close all of it.',
    );
    expect(await refused('0.30')).toMatch(/^Choose fewer lots/);
    expect(await refused(0.5)).toMatch(/^Choose fewer lots/);
    expect(await refused('0.015')).toBe('Lots must be a multiple of 0.01');
    expect(await refused('0.00001')).toBe('Lots must be a multiple of 0.01');
    expect(await refused(true)).toBe('lots is not valid');
    expect(await refused([1])).toBe('lots is not valid');
    expect(await refused('0x1')).toBe('lots must be a plain number such as 1.25');
    expect(await refused('1e-2')).toBe('lots must be a plain number such as 1.25');
    expect(await refused('RAW:1e400')).toBe('lots is not valid');
    expect(await refused('-0.1')).toBe('lots must be a plain number such as 1.25');

    const position = (rows: typeof before.rows) => rows.filter((r) => Number(r.id) === id);
    const after = await snapshot();
    expect(after.ledger).toEqual(before.ledger);
    expect(after.rows).toEqual(before.rows);

    // A minimum of 0.05 lots: 0.28 would leave 0.02 open.
    await db().updateTable('instruments').set({ min_lots: '0.05' }).where('id', '=', BTC).execute();
    await t.services.market.service.reloadConfig();
    try {
      expect(await refused('0.28')).toBe(
        'At least 0.05 lots must stay open: close at most 0.25 lots, or close all of it.',
      );
      const small = await open(token, { cont: '0.05', forex_id: BTC });
      const res = await call('/v1/api/forex/close', token, { id: small, lots: '0.01' });
      expect(res.msg).toBe(
        'This position (0.05 lots) is too small to close in part: at least 0.05 lots must stay open. Close all of it instead.',
      );
      await call('/v1/api/forex/close', token, { id: small });
    } finally {
      await db().updateTable('instruments').set({ min_lots: '0.01' }).where('id', '=', BTC).execute();
      await t.services.market.service.reloadConfig();
    }

    // Not the caller's: not found, whatever the lots.
    const other = await fundedUser(t.services, 1_000);
    const notYours = await call('/v1/api/forex/close', other.token, { id, lots: '0.1' });
    expect(notYours.msg).toBe('Order not found');
    expect(notYours.code).not.toBe(1);

    expect(position(await rowsOf(userId))).toEqual(position(before.rows));
    await consistent(userId);
  });

  it('closes part once for two requests with one idempotency key, and refuses the key with other lots', async () => {
    clock.value = AFTER_ROLLOVER;
    quotes();
    const { userId, token } = await trader();
    const id = await open(token, { cont: '0.50', forex_id: BTC });
    const key = `double-tap-${dialect}`;
    const [a, b] = await Promise.all([
      call('/v1/api/forex/close', token, { id, lots: '0.2' }, key),
      call('/v1/api/forex/close', token, { id, lots: '0.2' }, key),
    ]);
    expect(a.code, a.msg).toBe(1);
    expect(b.data).toEqual(a.data);
    const again = await call('/v1/api/forex/close', token, { id, lots: '0.2' }, key);
    expect(again.data).toEqual(a.data);
    expect((await rowsOf(userId)).map((r) => [r.status, r.lots])).toEqual([
      [1, '0.3'],
      [3, '0.2'],
    ]);
    const mismatch = await call('/v1/api/forex/close', token, { id, lots: '0.1' }, key);
    expect(mismatch.msg).toBe('This request key was already used for a different request');
    await consistent(userId);
  });

  it('never books the same lots twice when a partial close races the take-profit', async () => {
    for (const first of ['trigger', 'close', 'together'] as const) {
      clock.value = AFTER_ROLLOVER;
      quotes();
      const { userId, token } = await trader();
      const id = await open(token, { cont: '0.30', forex_id: BTC, target_profit_price: 88_000 });
      const close = () => call('/v1/api/forex/close', token, { id, lots: '0.1' });
      const trigger = async () => {
        quotes(8_801_000);
        await t.services.trading.engine.settle();
      };
      let answer;
      if (first === 'trigger') {
        await trigger();
        answer = await close();
      } else if (first === 'close') {
        answer = await close();
        await trigger();
      } else {
        [answer] = await Promise.all([close(), trigger()]);
      }
      await t.services.trading.engine.settle();
      const rows = await rowsOf(userId);
      // Every row closed, the lots closed summing to the position's exactly once.
      expect(rows.every((r) => r.status === 3)).toBe(true);
      expect(rows.reduce((sum, r) => sum + Math.round(Number(r.lots) * 100), 0)).toBe(30);
      if (answer.code === 1) {
        expect(rows.map((r) => r.lots)).toEqual(['0.2', '0.1']);
        expect(rows.map((r) => r.close_reason)).toEqual(['tp', 'partial']);
      } else {
        expect(answer.msg).toBe('This position is no longer open');
        expect(rows.map((r) => [r.lots, r.close_reason])).toEqual([['0.3', 'tp']]);
      }
      // One trade_profit per closed row, each its own row's profit.
      for (const r of rows)
        expect((await logOf(Number(r.id))).filter(([type]) => type === 'trade_profit')).toEqual([
          ['trade_profit', Number(r.profit)],
        ]);
      await consistent(userId);
    }
  });

  it('closes all, or all of one instrument, leaving open what cannot be priced and saying why', async () => {
    clock.value = AFTER_ROLLOVER;
    quotes();
    const { userId, token } = await trader();
    const btc1 = await open(token, { cont: '0.10', forex_id: BTC });
    const btc2 = await open(token, { type: 2, cont: '0.20', forex_id: BTC });
    const eth = await open(token, { cont: '1', forex_id: ETH });
    const eur = await open(token, { cont: '0.1', forex_id: EURUSD, multiple: 100 });

    // Only ETH/USD: bought at the ask of 2,952.50, sold back at the bid of 2,951.50: −1.
    setQuote(t.services, 'ETHUSD', 295_150, 295_400);
    const one = await call('/v1/api/forex/close_all', token, { forex_id: ETH }, `eth-${dialect}`);
    expect(one.code, one.msg).toBe(1);
    expect(one.msg).toBe('Positions closed: 1');
    expect(one.data).toEqual({
      closed: [expect.objectContaining({ Id: eth, Status: 3, CloseReason: 'manual', FactProfits: -1 })],
      total_profit: '-1',
      kept: [],
    });

    // The weekend: currencies close, crypto trades. The whole book closes but EUR/USD.
    setQuote(t.services, 'EURUSD', 115_800, 115_810, SATURDAY);
    setQuote(t.services, 'BTCUSD', 8_760_000, 8_763_000, SATURDAY);
    const closedMarket = await call('/v1/api/forex/close_all', token, { forex_id: EURUSD });
    expect(closedMarket.msg).toBe('The market is closed');
    expect(closedMarket.code).not.toBe(1);
    const balanceBefore = (await ledgerOf(t.services, userId)).balance;
    const all = await call('/v1/api/forex/close_all', token, {}, `all-${dialect}`);
    expect(all.code, all.msg).toBe(1);
    // Buy 0.1 from 87,530 to 87,600: +7; sell 0.2 from 87,500 to 87,630: −26.
    expect(all.data.closed.map((o: any) => [o.Id, o.FactProfits])).toEqual([
      [btc1, 7],
      [btc2, -26],
    ]);
    expect(all.data.total_profit).toBe('-19');
    expect(all.data.kept).toEqual([
      { Id: eur, ForexId: EURUSD, ShowCode: 'EUR/USD', reason: 'market_closed', msg: 'The market is closed' },
    ]);
    // Booked: the profits and the close commissions (0.35 and 0.70).
    expect((await ledgerOf(t.services, userId)).balance - balanceBefore).toBe(-19_000_000 - 1_050_000);
    expect((await row(eur)).status).toBe(1);
    // The same key again: the same answer, nothing closed twice.
    const repeat = await call('/v1/api/forex/close_all', token, {}, `all-${dialect}`);
    expect(repeat.data).toEqual(all.data);
    await consistent(userId);

    // Back on a weekday: the rest closes; then nothing is left, which is no error.
    quotes();
    const rest = await call('/v1/api/forex/close_all', token, {});
    expect(rest.data.closed.map((o: any) => o.Id)).toEqual([eur]);
    const none = await call('/v1/api/forex/close_all', token, {});
    expect(none).toEqual({
      code: 1,
      msg: 'There were no open positions to close',
      data: { closed: [], total_profit: '0', kept: [] },
    });
    expect(await rowsOf(userId).then((rows) => rows.every((r) => r.status === 3))).toBe(true);
    await consistent(userId);
  });

  it('writes off a shortfall once, after the last position of a close-all', async () => {
    clock.value = AFTER_ROLLOVER;
    quotes();
    const { userId, token } = await trader();
    await open(token, { cont: '0.1', forex_id: BTC, multiple: 20 });
    await open(token, { cont: '0.1', forex_id: BTC, multiple: 20 });
    // The engine stands by, so no stop-out closes them before the trader does.
    const engine = t.services.trading.engine;
    engine.standBy();
    try {
      // A gap: the bid at 87,500 − 60,000: each loses 6,003; the balance of ~9,996 cannot carry 12,006.
      quotes(2_750_000);
      const res = await call('/v1/api/forex/close_all', token, {});
      expect(res.code, res.msg).toBe(1);
      expect(res.data.closed).toHaveLength(2);
      expect(res.data.total_profit).toBe('-12006');
      const resets = await db()
        .selectFrom('account_logs')
        .select(['amount', 'ref_id'])
        .where('user_id', '=', userId)
        .where('type', '=', 'negative_balance_reset')
        .execute();
      expect(resets).toHaveLength(1);
      expect(Number(resets[0]!.ref_id)).toBe(res.data.closed[1].Id);
      expect(await ledgerOf(t.services, userId)).toEqual({ balance: 0, logSum: 0 });
    } finally {
      (engine as unknown as { active: boolean }).active = true;
    }
    await consistent(userId);
  });

  it('answers close all and a partial close only to the signed-in owner', async () => {
    const res = await call('/v1/api/forex/close_all', '', {});
    expect(res.code).toBe(999);
    const bad = await call('/v1/api/forex/close_all', (await trader()).token, { forex_id: 'x' });
    expect(bad.code).not.toBe(1);
    const unknown = await call('/v1/api/forex/close_all', (await trader()).token, { forex_id: 99_999 });
    expect(unknown.msg).not.toBe('');
    expect(unknown.code).not.toBe(1);
  });
});
