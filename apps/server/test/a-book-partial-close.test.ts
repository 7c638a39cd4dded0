import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { points } from '@pipwise/shared';
import {
  listExecutions,
  listOpenPositions,
  resetABookRig,
  startABookRig,
  stopABookRig,
  submitOrder,
  traderCall,
  type ABookRig,
  EURUSD,
  POINT,
} from './a-book-fixtures.js';
import type { LpSimulator } from '../src/modules/market/index.js';
import { DIALECTS, fundedUser, ledgerOf, type TestApp, waitFor } from './helper.js';

/**
 * Partial closes of positions the provider filled (docs/money.md "Partial close and close
 * all", docs/execution.md): the close goes to the provider for the lots asked (FOK), its
 * fill books the part as an order of its own at the provider's price plus the markup, the
 * rest stays open; a close-all sends each such position back there as its own close. When
 * the engine closes a position here while part of it is being closed there, the cover is
 * for the rest only. Against the LP simulator, on both databases.
 */

describe.each(DIALECTS)('A-book partial closes against the LP simulator (%s)', (dialect) => {
  let rig: ABookRig;
  let t: TestApp;
  let lp: LpSimulator;
  const db = () => t.services.core.db;
  const market = () => t.services.market.service;
  const aBook = () => t.services.trading.aBook;
  const submit = (token: string, body: Record<string, unknown>, key?: string) =>
    submitOrder(t, token, body, key);
  const executions = () => listExecutions(t);
  const openPositions = (userId: number) => listOpenPositions(t, userId);

  beforeAll(async () => {
    rig = await startABookRig(dialect);
    ({ t, lp } = rig);
  });
  afterAll(() => stopABookRig(rig));
  beforeEach(() => resetABookRig(rig));

  const close = (token: string, body: Record<string, unknown>, key?: string, url = '/v1/api/forex/close') =>
    traderCall(t, url, token, body, key);
  const order = (id: number) =>
    db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const executionsOf = async (orderId: number, purpose: string) =>
    (await executions()).filter((e) => Number(e.order_id) === orderId && e.purpose === purpose);
  /** The house's entries of an order's trade_profit, by account. */
  const houseLegs = async (orderId: number) =>
    Object.fromEntries(
      (
        await db()
          .selectFrom('ledger_entries as e')
          .innerJoin('account_logs as l', 'l.id', 'e.log_id')
          .select(['e.account', 'e.amount'])
          .where('l.ref_type', '=', 'order')
          .where('l.ref_id', '=', orderId)
          .where('l.type', '=', 'trade_profit')
          .execute()
      ).map((e) => [e.account, Number(e.amount)]),
    );

  it('closes part of a position at the provider: the lots asked, booked as a part of its own, once per key', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    const placed = await submit(token, { cont: '0.30', target_profit_price: 2, stop_loss_price: 0.5 });
    expect(placed.code, placed.msg).toBe(1);
    const before = await order(placed.data.Id);
    const fillsBefore = lp.fills.length;
    const key = `a-book-part-${dialect}-${Date.now()}`;
    const [a, b] = await Promise.all([
      close(token, { id: placed.data.Id, lots: '0.1' }, key),
      close(token, { id: placed.data.Id, lots: '0.1' }, key),
    ]);
    expect(a.code, a.msg).toBe(1);
    expect(b.data).toEqual(a.data);
    expect((await close(token, { id: placed.data.Id, lots: '0.1' }, key)).data).toEqual(a.data);
    // One order at the provider: the opposite side, 0.1 lot, filled whole.
    const fills = lp.fills.slice(fillsBefore);
    expect(fills).toEqual([expect.objectContaining({ side: 2, quantity: '10000' })]);
    expect(a.data).toMatchObject({
      Status: 3,
      Quantity: 0.1,
      CloseReason: 'partial',
      SplitFrom: placed.data.Id,
    });
    const part = await order(a.data.Id);
    const rest = await order(placed.data.Id);
    // The trader's price: the provider's bid less the other half of the 4-point markup.
    expect(Number(part.close_price)).toBe(Math.round(Number(fills[0]!.price) / POINT) - 2);
    expect(rest).toMatchObject({ status: 1, lots: '0.2', tp: before.tp, sl: before.sl });
    expect(Number(rest.margin) + Number(part.margin)).toBe(Number(before.margin));
    expect(Number(rest.spread_open) + Number(part.spread_open)).toBe(Number(before.spread_open));
    const [exec] = await executionsOf(placed.data.Id, 'close');
    expect(exec).toMatchObject({ state: 'booked', lots: '0.1', filled_lots: '0.1' });
    expect(Number(exec!.part_order_id)).toBe(Number(part.id));
    // Settled with the provider: the part's P&L at its prices, the two 2-point markups on 0.1
    // lot (4 × 0.1 × 100,000 × 0.00001 = 0.40) to spread revenue.
    expect(await houseLegs(Number(part.id))).toEqual({
      spread_revenue: 400_000,
      a_book_settlement: -(Number(part.profit) + 400_000),
    });

    // The rest closes there too, all of it.
    const all = await close(token, { id: placed.data.Id });
    expect(all.code, all.msg).toBe(1);
    expect(lp.fills.slice(fillsBefore + 1)).toEqual([
      expect.objectContaining({ side: 2, quantity: '20000' }),
    ]);
    expect(await order(placed.data.Id)).toMatchObject({ status: 3, lots: '0.2', close_reason: 'manual' });
    expect(await openPositions(userId)).toHaveLength(0);
    const { balance, logSum } = await ledgerOf(t.services, userId);
    expect(balance).toBe(logSum);
  });

  it('refuses a second close while one is at the provider, and covers only the rest of what the engine closes here', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    const placed = await submit(token, { cont: '0.30' });
    expect(placed.code, placed.msg).toBe(1);
    const fillsBefore = lp.fills.length;
    // The provider fills the part's close but answers too late ...
    lp.setExecution({ withholdReports: true });
    const slow = close(token, { id: placed.data.Id, lots: '0.1' });
    await waitFor('the part sent', async () => (await executionsOf(placed.data.Id, 'close')).length === 1);
    const second = await close(token, { id: placed.data.Id, lots: '0.1' });
    expect(second.msg).toBe('This position is already being closed.');
    expect((await slow).code).toBe(2000);
    lp.setExecution({ withholdReports: false });
    // ... and meanwhile the stop loss closes the whole 0.3 here: the house still holds 0.2
    // there beyond the part at the provider, which is what the cover closes.
    const quote = { ...market().liveQuote(EURUSD)! };
    await db()
      .updateTable('orders')
      .set({ sl: points(quote.bid + 1_000) })
      .where('id', '=', placed.data.Id)
      .execute();
    await t.services.core.transactions.run(userId, (tx) =>
      t.services.trading.desk.onTrigger(tx, { kind: 'sl', orderId: placed.data.Id }, quote),
    );
    await waitFor('the cover filled', async () =>
      (await executionsOf(placed.data.Id, 'cover')).some((c) => c.state === 'booked'),
    );
    await aBook().sweep();
    const [cover] = await executionsOf(placed.data.Id, 'cover');
    expect(cover).toMatchObject({ state: 'booked', lots: '0.2', side: 2 });
    const [part] = await executionsOf(placed.data.Id, 'close');
    expect(part).toMatchObject({ state: 'unbooked', outcome: 'late_fill', lots: '0.1' });
    // At the provider: 0.1 closed by the part, 0.2 by the cover — the 0.3 it held.
    expect(lp.fills.slice(fillsBefore).map((f) => f.quantity)).toEqual(['10000', '20000']);
    // The trader: the whole 0.3 closed here by the stop, once.
    expect(await order(placed.data.Id)).toMatchObject({ status: 3, lots: '0.30', close_reason: 'sl' });
    // The cover's settlement is priced on its own 0.2 lot.
    const [open] = await executionsOf(placed.data.Id, 'open');
    const atProvider = (Number(cover!.lp_price) - Number(open!.lp_price)) * 200_000;
    const settlement = await db()
      .selectFrom('ledger_entries as e')
      .innerJoin('account_logs as l', 'l.id', 'e.log_id')
      .select(['e.account', 'e.amount'])
      .where('l.ref_id', '=', placed.data.Id)
      .where('l.type', '=', 'house_settlement')
      .orderBy('e.account')
      .execute();
    expect(settlement.map((e) => [e.account, Number(e.amount)])).toEqual([
      ['a_book_settlement', -atProvider],
      ['client_pnl', atProvider],
    ]);
  });

  it('sends each provider-filled position of a close-all back there as its own close', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    const a = await submit(token, { cont: '0.10' });
    const b = await submit(token, { type: 2, cont: '0.20' });
    expect([a.code, b.code]).toEqual([1, 1]);
    const fillsBefore = lp.fills.length;
    const res = await close(token, {}, `a-book-all-${dialect}-${Date.now()}`, '/v1/api/forex/close_all');
    expect(res.code, res.msg).toBe(1);
    expect(res.data.closed.map((o: any) => o.Id).sort()).toEqual([a.data.Id, b.data.Id].sort());
    expect(res.data.kept).toEqual([]);
    expect(
      lp.fills
        .slice(fillsBefore)
        .map((f) => [f.side, f.quantity])
        .sort(),
    ).toEqual(
      [
        [2, '10000'],
        [1, '20000'],
      ].sort(),
    );
    const total = res.data.closed.reduce((sum: number, o: any) => sum + Math.round(o.FactProfits * 1e6), 0);
    expect(Math.round(Number(res.data.total_profit) * 1e6)).toBe(total);
    expect(await openPositions(userId)).toHaveLength(0);

    // The provider away: a close-all leaves them open and says why.
    const c = await submit(token, { cont: '0.10' });
    expect(c.code, c.msg).toBe(1);
    lp.setExecution({ reject: true });
    const refused = await close(token, {}, undefined, '/v1/api/forex/close_all');
    expect(refused.data.closed).toEqual([]);
    expect(refused.data.kept).toEqual([
      {
        Id: c.data.Id,
        ForexId: EURUSD,
        ShowCode: 'EUR/USD',
        reason: 'execution_rejected',
        msg: 'The liquidity provider declined this order. Nothing was traded.',
      },
    ]);
    expect(await openPositions(userId)).toHaveLength(1);
  });
});
