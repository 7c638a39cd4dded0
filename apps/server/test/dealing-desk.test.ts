import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import {
  adminDeskEndpoint,
  microUsd,
  ResultCode,
  type DeskAccount,
  type DeskSnapshot,
} from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../src/core/money/ledger.js';
import { createAccount } from '../src/core/money/ledger.repository.js';
import { adminClient, createOperator } from './admin-fixtures.js';
import {
  client,
  createTestApp,
  createUserWithSession,
  DIALECTS,
  fundedUser,
  setQuote,
  type TestApp,
  waitFor,
} from './helper.js';
import { Probe } from './ws-probe.js';

/**
 * The dealing desk (docs/dealing-desk.md): the house's exposure on real accounts priced at
 * known quotes, the account lists, fills per minute and today's realised P&L from the
 * ledger, over HTTP and live on the operator socket, for the roles it is open to only.
 */
const BTC = 26;
const ETH = 27;

describe.each(DIALECTS)('the dealing desk (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let api: ReturnType<typeof client>;
  let admin: ReturnType<typeof adminClient>;
  let finance: { token: string };
  const traders: Record<'a' | 'b' | 'c', { userId: number; token: string }> = {} as never;
  const fees: Record<string, number> = {};
  let ethOrderId = 0;

  const open = async (who: 'a' | 'b' | 'c', form: Record<string, string | number>) => {
    const res = await api.post(
      '/v1/api/forex/submit',
      { status: 1, multiple: 20, ...form },
      { token: traders[who].token },
    );
    expect(res.code, res.msg).toBe(1);
    return res.data as { Id: number; TradeFee: number };
  };
  const desk = async (tz = 'UTC', token = finance.token): Promise<DeskSnapshot> => {
    const res = await admin.call(adminDeskEndpoint, { tz }, { token });
    expect(res.code, res.msg).toBe(1);
    return res.data as DeskSnapshot;
  };
  const row = (s: DeskSnapshot, code: string) => s.exposure.find((e) => e.code === code)!;
  const ids = (list: DeskAccount[]) => list.map((a) => a.user_id);

  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { desk: { tickMs: 40 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/admin/ws?lang=en`;
    api = client(t.app);
    admin = adminClient(t.app);
    finance = await createOperator(t.services, 'finance');

    // BTC 87,500.00 / 87,530.00 and ETH 2,950.00 / 2,952.50 (contract size 1 each).
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
    setQuote(t.services, 'ETHUSD', 295_000, 295_250);
    traders.a = await fundedUser(t.services, 10_000);
    traders.b = await fundedUser(t.services, 5_000);
    traders.c = await fundedUser(t.services, 300);
    // A: long 0.1 BTC at 87,530 and 1 ETH at 2,952.50; B: short 0.3 BTC at 87,500, opened
    // at the provider; C: long 0.05 BTC at 87,530 on a thin balance.
    fees.aBtc = (await open('a', { type: 1, cont: '0.10', forex_id: BTC })).TradeFee;
    const eth = await open('a', { type: 1, cont: '1.00', forex_id: ETH });
    fees.aEth = eth.TradeFee;
    ethOrderId = eth.Id;
    const short = await open('b', { type: 2, cont: '0.30', forex_id: BTC });
    fees.b = short.TradeFee;
    fees.c = (await open('c', { type: 1, cont: '0.05', forex_id: BTC })).TradeFee;
    await t.services.core.db
      .insertInto('executions')
      .values({
        cl_ord_id: `desk-test-${short.Id}`,
        user_id: traders.b.userId,
        instrument_id: BTC,
        purpose: 'open',
        order_id: short.Id,
        side: 2,
        lots: '0.3' as never,
        leverage: 20,
        tp: null,
        sl: null,
        quoted_price: 8_750_000 as never,
        limit_price: 8_749_000 as never,
        markup_points: 0,
        state: 'booked',
        filled_lots: '0.3' as never,
        lp_price: 8_750_000 as never,
        lp_order_id: 'LP-1',
        outcome: null,
        reason: null,
        idempotency_key: null,
        created_at: t.services.core.now(),
        resolved_at: t.services.core.now(),
      })
      .execute();

    // A demo trader's long BTC lot is no exposure of the house.
    const demo = await createUserWithSession(t.services, { is_demo: 1 });
    await t.services.core.db.transaction().execute(async (trx) => {
      await createAccount(trx, demo.userId, Date.now(), 'demo');
      await post(trx, {
        userId: demo.userId,
        kind: 'demo_credit',
        amount: microUsd(100_000_000_000),
        now: Date.now(),
      });
    });
    const res = await api.post(
      '/v1/api/forex/submit',
      { type: 1, cont: '1.00', forex_id: BTC, status: 1, multiple: 20 },
      { token: demo.token },
    );
    expect(res.code, res.msg).toBe(1);

    // BTC falls to 86,000.00 / 86,030.00 (mid 86,015).
    setQuote(t.services, 'BTCUSD', 8_600_000, 8_603_000);
    setQuote(t.services, 'ETHUSD', 295_000, 295_250);
    await t.services.trading.engine.settle();
  });
  afterAll(async () => t.close());

  it("nets the clients' lots per instrument, real accounts only, with the A-book part apart", async () => {
    const s = await desk();
    expect(row(s, 'BTCUSD')).toEqual({
      instrument_id: BTC,
      code: 'BTCUSD',
      positions: 3,
      long_lots: '0.15',
      short_lots: '0.3',
      net_lots: '-0.15',
      // notionalUsd at the mid: 0.15 × 86,015 and 0.3 × 86,015.
      long_usd: 12_902.25,
      short_usd: 25_804.5,
      net_usd: -12_902.25,
      a_book_long_lots: '0',
      a_book_short_lots: '0.3',
      // The house carries A's and C's longs itself: −0.15 net of the clients minus B's −0.3.
      b_book_net_lots: '0.15',
      // −(A: (86,000 − 87,530) × 0.1 + C: (86,000 − 87,530) × 0.05) = 153 + 76.5; B's
      // short sits at the provider and is not the house's.
      house_pnl_usd: 229.5,
      priced: true,
    });
    expect(row(s, 'ETHUSD')).toMatchObject({
      long_lots: '1',
      short_lots: '0',
      net_lots: '1',
      long_usd: 2_951.25,
      net_usd: 2_951.25,
      b_book_net_lots: '1',
      // −((2,950 − 2,952.50) × 1)
      house_pnl_usd: 2.5,
    });
    expect(s.exposure.map((e) => e.code)).toEqual(['BTCUSD', 'ETHUSD']);
    expect(s.totals).toEqual({ positions: 4, accounts: 3, house_pnl_usd: 232, net_usd: -9_951 });
  });

  it('counts what waits at the provider: covers not filled, fills not on the books nobody handled', async () => {
    expect((await desk()).provider).toEqual({ covers_waiting: 0, unbooked_open: 0 });
    const now = t.services.core.now();
    const execution = (n: number, change: Record<string, unknown>) => ({
      cl_ord_id: `desk-provider-${n}`,
      user_id: traders.b.userId,
      instrument_id: BTC,
      purpose: 'cover',
      order_id: null,
      side: 1,
      lots: '0.1' as never,
      leverage: 20,
      tp: null,
      sl: null,
      quoted_price: 8_750_000 as never,
      limit_price: 8_760_000 as never,
      markup_points: 0,
      state: 'queued',
      idempotency_key: null,
      created_at: now,
      ...change,
    });
    await t.services.core.db
      .insertInto('executions')
      .values([
        execution(1, {}),
        execution(2, { state: 'timed_out' }),
        execution(3, { state: 'booked' }),
        execution(4, { purpose: 'open', state: 'unbooked', outcome: 'late_fill' }),
        // However old: it waits until an operator marks it handled.
        execution(5, { purpose: 'open', state: 'unbooked', created_at: now - 25 * 3_600_000 }),
        execution(6, { purpose: 'open', state: 'sent' }),
        execution(7, {
          purpose: 'open',
          state: 'unbooked',
          handled_at: now,
          handled_by: 1,
          handled_note: 'offset',
        }),
      ])
      .execute();
    expect((await desk()).provider).toEqual({ covers_waiting: 2, unbooked_open: 2 });
    await t.services.core.db.deleteFrom('executions').where('cl_ord_id', 'like', 'desk-provider-%').execute();
  });

  it('lists the accounts nearest a stop-out, the top winners and the largest exposures', async () => {
    const s = await desk();
    const { a, b, c } = traders;
    expect(ids(s.nearest_stop_out)).toEqual([c.userId, b.userId, a.userId]);
    expect(ids(s.top_profit)).toEqual([b.userId, c.userId, a.userId]);
    expect(ids(s.top_exposure)).toEqual([b.userId, a.userId, c.userId]);
    const cRow = s.nearest_stop_out[0]!;
    // C: 300 − fee − 76.5 over 0.05 × 87,530 / 20 = 218.825 of margin.
    const cEquity = Math.round((300 - fees.c! - 76.5) * 1e6) / 1e6;
    expect(cRow).toMatchObject({
      positions: 1,
      balance: Math.round((300 - fees.c!) * 1e6) / 1e6,
      equity: cEquity,
      used_margin: 218.825,
      floating_pnl: -76.5,
      notional_usd: 4_300.75,
      margin_level: Math.round((cEquity / 218.825) * 10_000) / 100,
    });
    expect(cRow.uid).toMatch(/^U/);
    const aRow = s.top_exposure[1]!;
    // 0.1 × 86,015 + 1 × 2,951.25; floating −153 − 2.5.
    expect(aRow).toMatchObject({
      positions: 2,
      notional_usd: 11_552.75,
      floating_pnl: -155.5,
      used_margin: 585.275,
    });
    expect(s.top_exposure[0]).toMatchObject({
      notional_usd: 25_804.5,
      floating_pnl: 441,
      used_margin: 1_312.5,
    });
    expect([s.stop_out_level, s.margin_call_level]).toEqual([50, 100]);
  });

  it('counts fills per minute over the last hour, demo fills left out', async () => {
    const s = await desk();
    expect(s.fills).toHaveLength(60);
    const minute = Math.floor(t.services.core.now() / 60_000) * 60_000;
    expect(s.fills.at(-1)!.minute).toBe(minute);
    expect(s.fills[0]!.minute).toBe(minute - 59 * 60_000);
    expect(s.fills.reduce((n, f) => n + f.opened, 0)).toBe(4);
    expect(s.fills.reduce((n, f) => n + f.closed, 0)).toBe(0);
  });

  it("sums today's realised P&L of the house from the ledger, before and after a close", async () => {
    const fee = (x: number) => Math.round(x * 1e6);
    const allFees = fee(fees.aBtc!) + fee(fees.aEth!) + fee(fees.b!) + fee(fees.c!);
    let s = await desk('America/New_York');
    expect(s.realized.since).toBe(Date.parse('2026-11-25T05:00:00Z'));
    expect(s.realized.time_zone).toBe('America/New_York');
    expect(s.realized.accounts.find((a) => a.account === 'fee_revenue')!.amount_usd).toBe(allFees / 1e6);
    expect(s.realized.total_usd).toBe(allFees / 1e6);

    // A closes the ETH position at the bid 2,950.00: the client lost 2.50, the house won it.
    const closed = await api.post('/v1/api/forex/close', { id: ethOrderId }, { token: traders.a.token });
    expect(closed.code, closed.msg).toBe(1);
    s = await desk('UTC');
    expect(s.realized.since).toBe(Date.parse('2026-11-25T00:00:00Z'));
    expect(s.realized.accounts.find((a) => a.account === 'client_pnl')!.amount_usd).toBe(2.5);
    expect(s.realized.total_usd).toBe((allFees + 2_500_000) / 1e6);
    expect(s.fills.reduce((n, f) => n + f.closed, 0)).toBe(1);
    expect(row(s, 'ETHUSD')).toBeUndefined();
    expect(s.totals.house_pnl_usd).toBe(229.5);
  });

  it('is open to admin and finance only, never to a trader or an anonymous caller', async () => {
    const support = await createOperator(t.services, 'support');
    const adminOp = await createOperator(t.services, 'admin');
    expect((await admin.call(adminDeskEndpoint, { tz: 'UTC' }, { token: adminOp.token })).code).toBe(1);
    expect((await admin.call(adminDeskEndpoint, { tz: 'UTC' }, { token: support.token })).code).toBe(
      ResultCode.Forbidden,
    );
    expect((await admin.call(adminDeskEndpoint, { tz: 'UTC' }, { token: traders.a.token })).code).toBe(
      ResultCode.SessionExpired,
    );
    expect((await admin.call(adminDeskEndpoint, { tz: 'UTC' })).code).toBe(ResultCode.SessionExpired);
  });

  it('refuses a time zone the zone database does not spell so, naming the field', async () => {
    for (const tz of ['utc', '+08:00', 'Mars/Olympus', '[1]']) {
      const res = await admin.call(adminDeskEndpoint, { tz }, { token: finance.token });
      expect([res.code, res.data], tz).toEqual([ResultCode.InvalidParams, { field: 'tz' }]);
      expect(res.msg, tz).not.toMatch(/errors\./);
    }
    // No zone: UTC.
    expect((await admin.call(adminDeskEndpoint, {}, { token: finance.token })).data.realized.time_zone).toBe(
      'UTC',
    );
  });

  describe('the operator socket', () => {
    const login = async (token: string) => {
      const p = await Probe.open(url);
      p.send({ type: 'login', token });
      return { p, result: await p.next((m) => m.type === 'login_result') };
    };

    it('refuses an anonymous socket, a trader token and a role the desk is not open to', async () => {
      const anonymous = await Probe.open(url);
      anonymous.send({ type: 'sub', topic: 'DESK', tz: 'UTC' });
      expect((await anonymous.next((m) => m.type === 'error')).msg).toBe(
        'Please log in to subscribe to this topic',
      );
      anonymous.ws.close();

      const trader = await login(traders.a.token);
      expect(trader.result.code).toBe(ResultCode.SessionExpired);
      trader.p.send({ type: 'sub', topic: 'DESK' });
      await trader.p.next((m) => m.type === 'error');
      trader.p.ws.close();

      const support = await login((await createOperator(t.services, 'support')).token);
      expect(support.result).toEqual({
        type: 'login_result',
        code: ResultCode.Forbidden,
        msg: 'Your role does not allow this action',
      });
      support.p.ws.close();
      expect(t.services.desk.feed.active).toBe(false);
    });

    it('refuses a page of another site before the socket opens', async () => {
      const ws = new WebSocket(url, { headers: { origin: 'https://evil.example' } });
      const status = await new Promise<number>((resolve) => {
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => resolve(101));
      });
      expect(status).toBe(403);
    });

    it('pushes the snapshot while an operator watches, follows a new position, and stops with the last one', async () => {
      const { p, result } = await login(finance.token);
      expect(result.code).toBe(1);
      p.send({ type: 'sub', topic: 'DESK', tz: 'Bad/Zone' });
      expect((await p.next((m) => m.type === 'error')).msg).not.toMatch(/errors\./);
      p.send({ type: 'sub', topic: 'DESK', tz: 'Asia/Hong_Kong' });
      const first = await p.next((m) => m.type === 'push' && m.topic === 'DESK');
      expect(first.seq).toBeGreaterThanOrEqual(1);
      expect(first.data.realized.time_zone).toBe('Asia/Hong_Kong');
      expect(first.data.realized.since).toBe(Date.parse('2026-11-24T16:00:00Z'));
      expect(row(first.data, 'BTCUSD').long_lots).toBe('0.15');
      expect(t.services.desk.feed.active).toBe(true);

      // A second operator in the same zone shares the feed's one subscription.
      const second = await login(finance.token);
      second.p.send({ type: 'sub', topic: 'DESK', tz: 'Asia/Hong_Kong' });
      await second.p.next((m) => m.type === 'push');
      expect(t.services.desk.feed.size).toBe(1);

      await open('a', { type: 1, cont: '0.01', forex_id: BTC });
      const moved = await p.next(
        (m) => m.type === 'push' && row(m.data, 'BTCUSD').long_lots === '0.16',
        5_000,
      );
      expect(row(moved.data, 'BTCUSD').positions).toBe(4);

      second.p.ws.close();
      p.send({ type: 'unsub', topic: 'DESK' });
      await waitFor('the feed to stop', () => !t.services.desk.feed.active);
      const ticks = t.services.desk.feed.ticks;
      await new Promise((r) => setTimeout(r, 200));
      expect(t.services.desk.feed.ticks).toBe(ticks);
      p.send({ type: 'ping' });
      await p.next((m) => m.type === 'pong');
      expect(p.messages.filter((m) => m.type === 'push' && m.seq > moved.seq + 10)).toEqual([]);
      p.ws.close();
    });
  });
});
