import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FixTradeClient, LpSimulator } from '../src/modules/market/index.js';
import {
  listExecutions,
  listOpenPositions,
  resetABookRig,
  setInstrument as setInstrumentOf,
  startABookRig,
  stopABookRig,
  submitOrder,
  type ABookRig,
  EURUSD,
  POINT,
} from './a-book-fixtures.js';
import {
  adminSaveGroupConditionEndpoint,
  adminSaveGroupEndpoint,
  adminSetUserGroupEndpoint,
  microUsd,
  points,
} from '@pipwise/shared';
import { adminClient, createOperator } from './admin-fixtures.js';
import { groupBody } from './group-fixtures.js';
import { post } from '../src/core/money/ledger.js';
import { createAccount } from '../src/core/money/ledger.repository.js';
import { client, createUserWithSession, DIALECTS, fundedUser, type TestApp, waitFor } from './helper.js';

/**
 * A-book execution end to end (docs/execution.md): the server on FEED=fix with the LP
 * simulator's prices, and its trading session to the simulator's order port. Every booked
 * price is held to the simulator's own fills; everything the provider did not fill books
 * nothing.
 */
describe.each(DIALECTS)('A-book execution against the LP simulator (%s)', (dialect) => {
  let rig: ABookRig;
  let t: TestApp;
  let lp: LpSimulator;
  let trade: FixTradeClient;
  let api: ReturnType<typeof client>;
  const db = () => t.services.core.db;
  const market = () => t.services.market.service;
  const aBook = () => t.services.trading.aBook;
  const submit = (token: string, body: Record<string, unknown>, key?: string) =>
    submitOrder(t, token, body, key);
  const executions = () => listExecutions(t);
  /** An execution as a process that died a minute ago left it. */
  const sentAWhileAgo = (id: number) =>
    db()
      .updateTable('executions')
      .set({ created_at: t.services.core.now() - 60_000 })
      .where('id', '=', id)
      .execute();
  const openPositions = (userId: number) => listOpenPositions(t, userId);
  const setInstrument = (change: Parameters<typeof setInstrumentOf>[1]) => setInstrumentOf(t, change);

  beforeAll(async () => {
    rig = await startABookRig(dialect);
    ({ t, lp, trade } = rig);
    api = client(t.app);
  });
  afterAll(() => stopABookRig(rig));
  beforeEach(() => resetABookRig(rig));

  it('fills a market order at the provider, books it at the fill plus the markup, and closes it there', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    const fillsBefore = lp.fills.length;
    const placed = await submit(token, {});
    expect(placed.code, placed.msg).toBe(1);
    const fill = lp.fills[fillsBefore]!;
    expect(fill).toMatchObject({ symbol: 'EUR/USD', side: 1, quantity: '10000' });
    // The trader's price is the provider's fill plus half the 4-point markup on the ask side.
    expect(placed.data.OriginPrice).toBeCloseTo(Number(fill.price) + 2 * POINT, 8);
    const [exec] = (await executions()).filter((e) => Number(e.order_id) === placed.data.Id);
    expect(exec).toMatchObject({ purpose: 'open', state: 'booked', markup_points: 2, filled_lots: '0.1' });
    expect(Number(exec!.lp_price)).toBe(Math.round(Number(fill.price) / POINT));

    const closed = await api.post('/v1/api/forex/close', { id: placed.data.Id }, { token });
    expect(closed.code, closed.msg).toBe(1);
    const closeFill = lp.fills[fillsBefore + 1]!;
    expect(closeFill).toMatchObject({ side: 2, quantity: '10000' });
    const row = (await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', placed.data.Id)
      .executeTakeFirst())!;
    expect(row.status).toBe(3);
    // A sell closes at the provider's bid less the other half of the markup.
    expect(Number(row.close_price)).toBe(Math.round(Number(closeFill.price) / POINT) - 2);
    expect(await openPositions(userId)).toHaveLength(0);

    // The close's transaction: the trader's P&L, the provider's P&L settled, and the two
    // 2-point markups (4 points × 0.1 lot × 100,000 × 0.00001 = $0.40) to spread revenue.
    const entries = await db()
      .selectFrom('ledger_entries as e')
      .innerJoin('account_logs as l', 'l.id', 'e.log_id')
      .select(['e.account', 'e.amount', 'l.amount as traderAmount'])
      .where('l.ref_type', '=', 'order')
      .where('l.ref_id', '=', placed.data.Id)
      .where('l.type', '=', 'trade_profit')
      .execute();
    const byAccount = Object.fromEntries(entries.map((e) => [e.account, Number(e.amount)]));
    const traderProfit = Number(row.profit);
    expect(Number(entries[0]!.traderAmount)).toBe(traderProfit);
    expect(byAccount).toEqual({
      spread_revenue: 400_000,
      a_book_settlement: -(traderProfit + 400_000),
    });
  });

  it('sends a group markup account’s order with both markups and keeps the group’s on the position', async () => {
    const admin = await createOperator(t.services, 'admin');
    const call = async (endpoint: Parameters<ReturnType<typeof adminClient>['call']>[0], body: unknown) => {
      const res = await adminClient(t.app).call(endpoint, body, { token: admin.token });
      expect(res.code, res.msg).toBe(1);
      return res.data;
    };
    const group = await call(adminSaveGroupEndpoint, groupBody('A-book wide'));
    await call(adminSaveGroupConditionEndpoint, {
      group_id: group.id,
      instrument_id: EURUSD,
      markup_points: 6,
    });
    const { userId, token } = await fundedUser(t.services, 10_000);
    await call(adminSetUserGroupEndpoint, { id: userId, group_id: group.id, reason: 'test' });
    const fillsBefore = lp.fills.length;
    const placed = await submit(token, {});
    expect(placed.code, placed.msg).toBe(1);
    const fill = lp.fills[fillsBefore]!;
    // The ask side: 2 of the instrument's 4 points and 3 of the group's 6.
    const [exec] = (await executions()).filter((e) => Number(e.order_id) === placed.data.Id);
    expect(exec).toMatchObject({ purpose: 'open', state: 'booked', markup_points: 5, group_markup: 6 });
    const lpOpen = Math.round(Number(fill.price) / POINT);
    const [position] = await openPositions(userId);
    expect(position).toMatchObject({ group_markup: 6 });
    expect(Number(position!.open_price)).toBe(lpOpen + 5);

    const closed = await api.post('/v1/api/forex/close', { id: placed.data.Id }, { token });
    expect(closed.code, closed.msg).toBe(1);
    const [closeExec] = (await executions()).filter(
      (e) => Number(e.order_id) === placed.data.Id && e.purpose === 'close',
    );
    expect(closeExec).toMatchObject({ state: 'booked', markup_points: 5 });
    const row = (await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', placed.data.Id)
      .executeTakeFirst())!;
    expect(Number(row.close_price)).toBe(Math.round(Number(lp.fills[fillsBefore + 1]!.price) / POINT) - 5);
    // Both sides' markups, 5 + 5 points × 0.1 lot × 100,000 × 0.00001 = $1.00, to spread revenue.
    const revenue = await db()
      .selectFrom('ledger_entries as e')
      .innerJoin('account_logs as l', 'l.id', 'e.log_id')
      .select('e.amount')
      .where('l.ref_type', '=', 'order')
      .where('l.ref_id', '=', placed.data.Id)
      .where('e.account', '=', 'spread_revenue')
      .execute();
    expect(revenue.map((r) => Number(r.amount))).toEqual([1_000_000]);
  });

  /** The engine's stop loss fires on `orderId` (set just beyond the bid, as a gap through it leaves it). */
  async function stopLossHere(userId: number, orderId: number) {
    const quote = { ...market().liveQuote(EURUSD)! }; // the feed updates the live one in place
    await db()
      .updateTable('orders')
      .set({ sl: points(quote.bid + 1_000) })
      .where('id', '=', orderId)
      .execute();
    const closed = await t.services.core.transactions.run(userId, (tx) =>
      t.services.trading.desk.onTrigger(tx, { kind: 'sl', orderId }, quote),
    );
    expect(closed).toMatchObject({ status: 3, close_reason: 'sl', close_price: quote.bid });
  }

  const executionsOf = async (orderId: number, purpose: string) =>
    (await executions()).filter((e) => Number(e.order_id) === orderId && e.purpose === purpose);

  it('covers at the provider a position its stop loss closed here, trying a refused cover again', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    const placed = await submit(token, {});
    expect(placed.code, placed.msg).toBe(1);
    const fillsBefore = lp.fills.length;
    lp.setExecution({ reject: true });
    await stopLossHere(userId, placed.data.Id);
    // The cover is sent once the close is committed; refused, it waits for the next sweep.
    await waitFor(
      'the refused cover queued again',
      async () =>
        (await executionsOf(placed.data.Id, 'cover')).map((c) => c.state).join() === 'rejected,queued',
    );
    expect(lp.fills.length).toBe(fillsBefore);
    lp.setExecution({ reject: false });
    await aBook().sweep();
    const covers = await executionsOf(placed.data.Id, 'cover');
    expect(covers[1]).toMatchObject({
      state: 'booked',
      side: 2,
      filled_lots: '0.1',
      markup_points: 0,
    });
    expect(lp.fills.slice(fillsBefore)).toEqual([expect.objectContaining({ side: 2, quantity: '10000' })]);
    expect(Number(covers[1]!.lp_price)).toBe(Math.round(Number(lp.fills.at(-1)!.price) / POINT));
    // The trader's close stands at the stop's price, against the house's own book.
    const [entry] = await db()
      .selectFrom('ledger_entries as e')
      .innerJoin('account_logs as l', 'l.id', 'e.log_id')
      .select(['e.account'])
      .where('l.ref_id', '=', placed.data.Id)
      .where('l.type', '=', 'trade_profit')
      .execute();
    expect(entry?.account).toBe('client_pnl');
    // The cover's fill settles the house with the provider: the position's P&L at the
    // provider's prices (0.1 lot: 0.10 USD a point) moves from client_pnl to a_book_settlement.
    const [open] = await executionsOf(placed.data.Id, 'open');
    const atProvider = (Number(covers[1]!.lp_price) - Number(open!.lp_price)) * 100_000;
    const settlement = await db()
      .selectFrom('ledger_entries as e')
      .innerJoin('account_logs as l', 'l.id', 'e.log_id')
      .select(['e.account', 'e.amount', 'l.amount as traderLeg'])
      .where('l.ref_id', '=', placed.data.Id)
      .where('l.type', '=', 'house_settlement')
      .orderBy('e.account')
      .execute();
    // Bought at the provider's ask, covered at its bid: at least its spread apart.
    expect(atProvider).not.toBe(0);
    expect(settlement.map((e) => [e.account, Number(e.amount), Number(e.traderLeg)])).toEqual([
      ['a_book_settlement', -atProvider, 0],
      ['client_pnl', atProvider, 0],
    ]);
    // The trader's own log never shows the house's settlement.
    const log = await api.get('/v1/api/main/accountLog/forexChange?page=1', { token });
    expect(log.data.data.map((r: { Type: string }) => r.Type)).not.toContain('house_settlement');
    await aBook().sweep();
    expect(await executionsOf(placed.data.Id, 'cover')).toHaveLength(2);
  });

  it('sends no cover for a position whose close is already at the provider', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    const placed = await submit(token, {});
    expect(placed.code, placed.msg).toBe(1);
    const fillsBefore = lp.fills.length;
    // The trader's close reaches the provider, which fills it but answers too late ...
    lp.setExecution({ withholdReports: true });
    const closing = await api.post('/v1/api/forex/close', { id: placed.data.Id }, { token });
    expect(closing.code).toBe(2000);
    // ... and meanwhile the stop loss closes the position here: that close is its cover.
    await stopLossHere(userId, placed.data.Id);
    lp.setExecution({ withholdReports: false });
    await aBook().sweep();
    expect(await executionsOf(placed.data.Id, 'cover')).toHaveLength(0);
    const [close] = await executionsOf(placed.data.Id, 'close');
    expect(close).toMatchObject({ state: 'unbooked', outcome: 'late_fill' });
    expect(lp.fills.slice(fillsBefore)).toHaveLength(1);
  });

  it('sends a request repeated with its idempotency key once: one ClOrdID, one trade, one position', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    const fillsBefore = lp.fills.length;
    const key = `a-book-${dialect}-${Date.now()}`;
    const [a, b] = await Promise.all([submit(token, {}, key), submit(token, {}, key)]);
    const again = await submit(token, {}, key);
    expect([a.code, b.code, again.code]).toEqual([1, 1, 1]);
    expect(new Set([a.data.Id, b.data.Id, again.data.Id]).size).toBe(1);
    expect(lp.fills.length - fillsBefore).toBe(1);
    expect(await openPositions(userId)).toHaveLength(1);
  });

  it('refuses, with its reason and no position, what the provider rejects or cannot fill within the slippage', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    lp.setExecution({ reject: true });
    const rejected = await submit(token, {});
    expect([rejected.code, rejected.msg]).toEqual([
      2000,
      'The liquidity provider declined this order. Nothing was traded.',
    ]);
    lp.setExecution({ reject: false, slippagePoints: 150 });
    const slipped = await submit(token, {});
    expect(slipped.msg).toBe(
      'The price moved beyond the allowed slippage before the order could be filled. Nothing was traded.',
    );
    // Within the 50-point limit it fills, worse than quoted (the quotes move meanwhile: a margin).
    lp.setExecution({ slippagePoints: 20 });
    expect((await submit(token, {})).code).toBe(1);
    expect(await openPositions(userId)).toHaveLength(1);
    const rows = (await executions()).filter((e) => Number(e.user_id) === userId);
    expect(rows.map((e) => [e.state, e.outcome])).toEqual([
      ['rejected', 'provider_rejected'],
      ['rejected', 'no_fill'],
      ['booked', null],
    ]);
  });

  it('books the filled part of a partly filled order, rounded down to the lot step', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    lp.setExecution({ fillRatio: 0.5 });
    const placed = await submit(token, { cont: '0.30' });
    expect(placed.code, placed.msg).toBe(1);
    expect(placed.data.Quantity).toBe(0.15);
    const [exec] = (await executions()).filter((e) => Number(e.user_id) === userId);
    expect(exec).toMatchObject({ lots: '0.3', filled_lots: '0.15', state: 'booked' });
  });

  it('refuses an order the provider does not confirm in time, and never books its late fill', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    lp.setExecution({ withholdReports: true });
    const fillsBefore = lp.fills.length;
    const timedOut = await submit(token, {});
    expect(timedOut.msg).toBe(
      'The liquidity provider did not confirm this order in time. Nothing was booked to your account.',
    );
    expect(lp.fills.length - fillsBefore).toBe(1); // the provider did fill it
    lp.setExecution({ withholdReports: false });
    expect(await aBook().sweep()).toBeGreaterThanOrEqual(1);
    const [exec] = (await executions()).filter((e) => Number(e.user_id) === userId);
    expect(exec).toMatchObject({ state: 'unbooked', outcome: 'late_fill', filled_lots: '0.1' });
    expect(await openPositions(userId)).toHaveLength(0);
  });

  it('resolves an order left in flight by a crash from the provider: booked once, never twice', async () => {
    const { userId } = await fundedUser(t.services, 10_000);
    // A process that sent the order and died before any answer: the row says `sent`.
    const ticket = await t.services.core.transactions.run(userId, async (tx) => {
      const quote = market().liveQuote(EURUSD)!;
      return aBook().prepareOpen(
        tx,
        { instrument_id: EURUSD, side: 1, lots: '0.20' as never, leverage: 100, margin_mode: 0 },
        quote.ask,
        0,
        undefined,
      );
    });
    const exec = (await db()
      .selectFrom('executions')
      .selectAll()
      .where('id', '=', ticket.aBookExecution)
      .executeTakeFirst())!;
    lp.setExecution({ withholdReports: true });
    await trade.execute(
      {
        clOrdId: exec.cl_ord_id,
        symbol: 'EUR/USD',
        side: 1,
        quantity: '20000',
        limitPrice: '9.99999',
        timeInForce: 'ioc',
      },
      200,
    );
    await waitFor('the provider’s fill', () => lp.fills.some((f) => f.clOrdId === exec.cl_ord_id));
    lp.setExecution({ withholdReports: false });
    // Just sent, it may still be on its way to the provider: not asked about yet ...
    expect(await aBook().sweep()).toBe(0);
    // ... but a while after the process that sent it died, it is.
    await sentAWhileAgo(exec.id);
    expect(await aBook().sweep()).toBeGreaterThanOrEqual(1);
    expect(await aBook().sweep()).toBe(0);
    const positions = await openPositions(userId);
    expect(positions).toHaveLength(1);
    const fill = lp.fills.find((f) => f.clOrdId === exec.cl_ord_id)!;
    expect(Number(positions[0]!.open_price)).toBe(Math.round(Number(fill.price) / POINT) + 2);

    // One the provider never received is rejected as unknown there.
    const lost = await t.services.core.transactions.run(userId, async (tx) =>
      aBook().prepareOpen(
        tx,
        { instrument_id: EURUSD, side: 2, lots: '0.10' as never, leverage: 100, margin_mode: 0 },
        market().liveQuote(EURUSD)!.bid,
        0,
        undefined,
      ),
    );
    await sentAWhileAgo(lost.aBookExecution);
    await aBook().sweep();
    const row = (await db()
      .selectFrom('executions')
      .selectAll()
      .where('id', '=', lost.aBookExecution)
      .executeTakeFirst())!;
    expect(row.state).toBe('rejected');
    expect(row.reason).toContain('unknown order');
  });

  it('finishes an order whose link dropped mid-way once the session is back', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    aBook().useVenue(trade, { timeoutMs: 6_000 });
    try {
      lp.setExecution({ latencyMs: 1_500 });
      const pending = submit(token, {});
      await new Promise((r) => setTimeout(r, 200));
      expect(lp.dropConnections()).toBeGreaterThan(0);
      const placed = await pending;
      expect(placed.code, placed.msg).toBe(1);
      expect(await openPositions(userId)).toHaveLength(1);
    } finally {
      aBook().useVenue(trade, { timeoutMs: 1_500 });
    }
  });

  it('never sends a demo account’s order to the provider, even on an A-book instrument', async () => {
    const demo = await createUserWithSession(t.services, { is_demo: 1 });
    await t.services.core.db.transaction().execute(async (trx) => {
      await createAccount(trx, demo.userId, Date.now(), 'demo');
      await post(trx, {
        userId: demo.userId,
        kind: 'deposit',
        amount: microUsd(10_000_000_000),
        now: Date.now(),
      });
    });
    await db().updateTable('accounts').set({ a_book: 1 }).where('user_id', '=', demo.userId).execute();
    const fillsBefore = lp.fills.length;
    const placed = await submit(demo.token, {});
    expect(placed.code, placed.msg).toBe(1);
    expect(lp.fills.length).toBe(fillsBefore);
    expect((await executions()).filter((e) => Number(e.user_id) === demo.userId)).toHaveLength(0);
  });

  it('routes a trader an operator marked A-book, and refuses A-book orders while the provider is away', async () => {
    await setInstrument({ execution_mode: 'b_book' });
    const { userId, token } = await fundedUser(t.services, 10_000);
    const fillsBefore = lp.fills.length;
    expect((await submit(token, {})).code).toBe(1);
    expect(lp.fills.length).toBe(fillsBefore); // B-book: filled here
    await db().updateTable('accounts').set({ a_book: 1 }).where('user_id', '=', userId).execute();
    expect((await submit(token, {})).code).toBe(1);
    expect(lp.fills.length).toBe(fillsBefore + 1);

    await trade.close();
    const away = await submit(token, {});
    expect(away.msg).toBe(
      'Orders on this market go to our liquidity provider, which is not connected right now. Please try again shortly.',
    );
    trade.start();
    await waitFor('the trading session back', () => trade.isLive());
  });
});
