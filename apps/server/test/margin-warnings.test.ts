import type * as c from '@pipwise/shared';
import { ResultCode } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestApp,
  createUserWithSession,
  DIALECTS,
  fundedUser,
  ledgerOf,
  setQuote,
  type TestApp,
} from './helper.js';

const BTC = 26;
const SPREAD = 3000;

/**
 * Margin warnings and the stop-out receipt (docs/notifications.md): each of the trader's
 * levels fires once when the margin level falls to it and re-arms only 5 % above it; a
 * gap through several levels tells once; the stop-out's receipt lists what it closed with the
 * figures the ledger got.
 */
describe.each(DIALECTS)('margin warnings and the stop-out receipt (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
  });
  afterAll(async () => t.close());

  /** Ticks at `bid` twice: the first may only load the trader's levels into the watcher. */
  const at = async (bid: number) => {
    for (let i = 0; i < 2; i++) {
      setQuote(t.services, 'BTCUSD', Math.round(bid), Math.round(bid) + SPREAD);
      await t.services.trading.engine.settle();
      await new Promise((r) => setTimeout(r, 30));
    }
  };
  const level = async (userId: number) =>
    (await t.services.trading.accounts.figures(userId)).marginLevel!.toNumber();

  /** A buy of 1 lot, and the bid that puts its account at a margin level (linear in the bid). */
  async function position(usd: number) {
    const trader = await fundedUser(t.services, usd);
    await at(8_750_000);
    await t.services.trading.orders.submit(trader.userId, {
      type: 1,
      cont: '1',
      forex_id: BTC,
      status: 1,
      multiple: 10,
    });
    const [b1, b2] = [8_750_000, 8_760_000];
    await at(b1);
    const l1 = await level(trader.userId);
    await at(b2);
    const l2 = await level(trader.userId);
    const bidFor = (target: number) => b1 + ((target - l1) * (b2 - b1)) / (l2 - l1);
    return { ...trader, bidFor };
  }
  const warnings = async (token: string) =>
    (await api.get('/v1/api/inbox/list', { token })).data.data.filter(
      (n: c.Notice) => n.kind === 'margin_warning',
    );

  it('fires each level once, re-arms 5 % above it, and tells of a gap through two levels once', async () => {
    const { userId, token, bidFor } = await position(30_000);
    expect((await api.get('/v1/api/inbox/margin_levels', { token })).data).toEqual({
      levels: [200, 150, 100],
    });
    await at(bidFor(195));
    let told = await warnings(token);
    expect(told).toHaveLength(1);
    expect(told[0].data).toMatchObject({
      level: 200,
      positions: [{ code: 'BTCUSD', side: 1, lots: '1', level_after: '' }],
    });
    expect(Number(told[0].data.margin_level)).toBeCloseTo(195, 0);
    await at(bidFor(205)); // not 5 % above: still fired
    await at(bidFor(190));
    expect(await warnings(token)).toHaveLength(1);
    await at(bidFor(212)); // re-armed
    await at(bidFor(198));
    expect(await warnings(token)).toHaveLength(2);
    await at(bidFor(97)); // through 150 and 100 at once: one notice, the lowest level
    told = await warnings(token);
    expect(told).toHaveLength(3);
    expect(told[0].data.level).toBe(100);
    const fired = await t.services.core.db
      .selectFrom('margin_warnings')
      .select('level')
      .where('user_id', '=', userId)
      .orderBy('level')
      .execute();
    expect(fired.map((r) => Number(r.level))).toEqual([100, 150, 200]);
  });

  it('takes the trader’s own levels, checked; none means no warnings', async () => {
    const { token, bidFor } = await position(30_000);
    const set = (levels: string) => api.post('/v1/api/inbox/margin_levels', { levels }, { token });
    expect(await set('120,300,120')).toMatchObject({
      code: 1,
      msg: 'Warning levels saved',
      data: { levels: [300, 120] },
    });
    for (const bad of ['0', '1,2,3,4,5,6', '50.5', '-10', '10001', 'abc', '1e2', ' 100'])
      expect((await set(bad)).code, bad).not.toBe(1);
    await at(bidFor(250));
    expect((await warnings(token)).map((n: c.Notice) => n.data.level)).toEqual([300]);
    expect((await set('')).data).toEqual({ levels: [] });
    await at(bidFor(110));
    expect(await warnings(token)).toHaveLength(1);
  });

  it('a stop-out leaves a receipt: what closed, in order, at which price, levels and write-off as booked', async () => {
    const { userId, token, bidFor } = await position(10_000);
    await t.services.trading.orders.submit(userId, {
      type: 1,
      cont: '0.1',
      forex_id: BTC,
      status: 1,
      multiple: 10,
    });
    await t.services.core.settings.set('stop_out_level', '50');
    // A gap far below the stop-out: both positions close and the balance ends below zero.
    await at(bidFor(-300));
    const receipts = (await api.get('/v1/api/inbox/list', { token })).data.data.filter(
      (n: c.Notice) => n.kind === 'stop_out',
    );
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0].data;
    const rows = await t.services.core.db
      .selectFrom('orders')
      .select(['id', 'close_price', 'profit', 'close_reason', 'closed_at'])
      .where('user_id', '=', userId)
      .orderBy('closed_at')
      .orderBy('id')
      .execute();
    expect(rows.every((r) => r.close_reason === 'stop_out')).toBe(true);
    // Largest loss first: the 1-lot position, then the 0.1.
    expect(receipt.closed.map((p: { order_id: number }) => p.order_id)).toEqual([
      Number(rows[0]!.id),
      Number(rows[1]!.id),
    ]);
    expect(receipt.closed.map((p: { profit: string }) => p.profit)).toEqual(
      rows.map((r) => (Number(r.profit) / 1e6).toFixed(2)),
    );
    expect(receipt.level_after).toBe('');
    expect(Number(receipt.level_before)).toBeLessThan(50);
    const log = await t.services.core.db
      .selectFrom('account_logs')
      .select('amount')
      .where('user_id', '=', userId)
      .where('type', '=', 'negative_balance_reset')
      .execute();
    expect(log).toHaveLength(1);
    expect(receipt.written_off).toBe((Number(log[0]!.amount) / 1e6).toFixed(2));
    expect(Number(receipt.written_off)).toBeGreaterThan(0);
    const { balance, logSum } = await ledgerOf(t.services, userId);
    expect([balance, logSum]).toEqual([0, 0]);
    // The stop-out's closes are told in the receipt, not one by one.
    expect(
      (await api.get('/v1/api/inbox/list', { token })).data.data.filter(
        (n: c.Notice) => n.kind === 'position_closed',
      ),
    ).toEqual([]);
  });

  it("links the account log's entries of a stop-out to its receipt, opened only by its trader", async () => {
    const { token, bidFor } = await position(10_000);
    await t.services.core.settings.set('stop_out_level', '50');
    await at(bidFor(-300));
    const receipt = (await api.get('/v1/api/inbox/list', { token })).data.data.find(
      (n: c.Notice) => n.kind === 'stop_out',
    );
    const [order] = receipt.data.closed as { order_id: number }[];
    const entries = (await api.get('/v1/api/main/accountLog/forexChange', { token })).data.data as {
      OrderId: number;
      ReceiptId: number;
      Type: string;
    }[];
    // The close's profit and fee rows belong to the stopped-out order: they link to the receipt.
    const ofOrder = entries.filter((e) => e.OrderId === order!.order_id);
    expect(ofOrder.length).toBeGreaterThan(0);
    expect(ofOrder.every((e) => e.ReceiptId === receipt.id)).toBe(true);
    // Entries of no stopped-out order (the deposit, the write-off) link to nothing.
    expect(entries.filter((e) => e.OrderId !== order!.order_id).every((e) => e.ReceiptId === 0)).toBe(true);

    const opened = await api.get(`/v1/api/inbox/notice?id=${receipt.id}`, { token });
    expect(opened).toMatchObject({ code: 1, data: { id: receipt.id, kind: 'stop_out', data: receipt.data } });
    const other = await createUserWithSession(t.services);
    for (const id of [receipt.id, 999_999_999])
      expect(await api.get(`/v1/api/inbox/notice?id=${id}`, { token: other.token })).toMatchObject({
        code: ResultCode.BusinessRule,
        msg: 'This notice was not found',
      });
  });
});
