import { lots, microUsd, points } from '@pipwise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  client,
  createTestApp,
  DIALECTS,
  envelope,
  fundedUser,
  ledgerOf,
  setQuote,
  type TestApp,
} from './helper.js';

/** BTCUSD: precision 2, contract 1 coin, fee 20 USD per lot. */
const BTC = 26;

describe.each(DIALECTS)('the money core (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    api = client(t.app);
  });
  afterAll(async () => t.close());
  beforeEach(() => setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000)); // 87,500.00 / 87,530.00

  const submit = (token: string, form: object, key?: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/v1/api/forex/submit',
        headers: { lang: 'en', authorization: token, ...(key ? { 'idempotency-key': key } : {}) },
        payload: form,
      })
      .then(envelope);
  const figures = async (token: string) =>
    (await api.get('/v1/api/main/account/forexDetail', { token })).data;

  it('books a loss next to an open winner without forgiving it (negative balance protection is per account)', async () => {
    const { userId, token } = await fundedUser(t.services, 1_000);
    const buy = (await submit(token, { type: 1, cont: '0.1', forex_id: BTC, status: 1, multiple: 20 })).data;
    const sell = (await submit(token, { type: 2, cont: '0.1', forex_id: BTC, status: 1, multiple: 20 })).data;
    // Balance 1,000 − 2 − 2 = 996. BTC up 30,000: the sell loses (87,500 − 117,530) × 0.1
    // = −3,003, the buy wins (117,500 − 87,530) × 0.1 = +2,997. Equity 996 − 6 = 990.
    setQuote(t.services, 'BTCUSD', 11_750_000, 11_753_000);
    await t.services.trading.engine.settle();
    expect((await figures(token)).equity).toBe(990);

    expect((await api.post('/v1/api/forex/close', { id: sell.Id }, { token })).data.FactProfits).toBe(-3003);
    // The loss is booked in full: the balance is below zero while the winner is open, and
    // equity is unchanged — no reset, no free 2,007.
    expect(await figures(token)).toMatchObject({ balance: -2007, equity: 990, floating_profit: 2997 });
    const types = (await api.get('/v1/api/main/accountLog/forexChange', { token })).data.data.map(
      (l: any) => l.Type,
    );
    expect(types).not.toContain('negative_balance_reset');

    expect((await api.post('/v1/api/forex/close', { id: buy.Id }, { token })).data.FactProfits).toBe(2997);
    expect(await ledgerOf(t.services, userId)).toEqual({ balance: 990_000_000, logSum: 990_000_000 });
  });

  it('writes off a shortfall once the stop-out has closed the last position, as its own row', async () => {
    const { userId, token } = await fundedUser(t.services, 500);
    const a = (await submit(token, { type: 1, cont: '0.05', forex_id: BTC, status: 1, multiple: 20 })).data;
    const b = (await submit(token, { type: 1, cont: '0.05', forex_id: BTC, status: 1, multiple: 20 })).data;
    // A 10,000 USD gap down: each loses (77,500 − 87,530) × 0.05 = −501.5; balance 498.
    setQuote(t.services, 'BTCUSD', 7_750_000, 7_753_000);
    await t.services.trading.engine.settle();
    const history = (await api.get('/v1/api/forex/my_deal?status=3', { token })).data.data;
    expect(history.map((o: any) => [o.Id, o.CloseReason, o.FactProfits]).sort()).toEqual(
      [
        [a.Id, 'stop_out', -501.5],
        [b.Id, 'stop_out', -501.5],
      ].sort(),
    );
    const log = (await api.get('/v1/api/main/accountLog/forexChange', { token })).data.data;
    // 498 − 501.5 = −3.5 (one still open: no write-off), − 501.5 = −505, then +505 → 0.
    expect(log.slice(0, 3).map((l: any) => [l.Type, l.Value, l.BalanceAfter])).toEqual([
      ['negative_balance_reset', 505, 0],
      ['trade_profit', -501.5, -505],
      ['trade_profit', -501.5, -3.5],
    ]);
    expect(await ledgerOf(t.services, userId)).toEqual({ balance: 0, logSum: 0 });
  });

  it('keeps a TP whose close failed in its book, and closes it at the next tick', async () => {
    const { token } = await fundedUser(t.services, 10_000);
    const order = (
      await submit(token, {
        type: 1,
        cont: '0.1',
        forex_id: BTC,
        status: 1,
        multiple: 10,
        target_profit_price: '87700',
      })
    ).data;
    const close = vi
      .spyOn(t.services.trading.desk, 'close')
      .mockRejectedValueOnce(new Error('pricing failed'));
    setQuote(t.services, 'BTCUSD', 8_771_000, 8_774_000);
    await t.services.trading.engine.settle();
    expect(close).toHaveBeenCalledTimes(1);
    expect((await api.get('/v1/api/forex/my_deal?status=1', { token })).data.total).toBe(1);
    close.mockRestore();
    setQuote(t.services, 'BTCUSD', 8_772_000, 8_775_000);
    await t.services.trading.engine.settle();
    const history = (await api.get('/v1/api/forex/my_deal?status=3', { token })).data.data;
    expect(history[0]).toMatchObject({ Id: order.Id, CloseReason: 'tp', UpdatePrice: 87720 });
  });

  it('runs one order for a key however many times it is sent at once, and refuses it with another body', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    const form = { type: 1, cont: '0.10', forex_id: BTC, status: 1, multiple: 10 };
    const results = await Promise.all(Array.from({ length: 10 }, () => submit(token, form, 'tap-42')));
    expect(new Set(results.map((r) => r.data.Id)).size).toBe(1);
    // The same key later, and spelled with other zeros: still the first order.
    const again = await submit(token, { ...form, cont: '0.1' }, 'tap-42');
    expect(again.data.Id).toBe(results[0]!.data.Id);
    expect((await api.get('/v1/api/forex/my_deal?status=1', { token })).data.total).toBe(1);
    expect((await ledgerOf(t.services, userId)).balance).toBe(9_998_000_000);

    const other = await submit(token, { ...form, type: 2 }, 'tap-42');
    expect(other).toEqual({
      code: 2000,
      msg: 'This request key was already used for a different request',
      data: null,
    });
    // Another user's same key is theirs alone.
    const stranger = await fundedUser(t.services, 10_000);
    expect((await submit(stranger.token, form, 'tap-42')).data.Id).not.toBe(results[0]!.data.Id);
    expect((await submit(token, form, 'bad key with spaces')).code).toBe(2000);
  });

  it('finds no drift between the engine index and the database, and repairs a planted one', async () => {
    const { userId, token } = await fundedUser(t.services, 10_000);
    await submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: BTC,
      status: 1,
      multiple: 10,
      stop_loss_price: '80000',
    });
    await submit(token, {
      type: 2,
      cont: '0.1',
      forex_id: BTC,
      status: 0,
      target_price: '90000',
      multiple: 10,
    });
    expect(await t.services.trading.engine.reconcile()).toEqual([]);

    const account = t.services.trading.engine.index.accounts.get(userId)!;
    account.balance = microUsd(account.balance + 1);
    const pending = [...account.pendings.values()][0]!;
    account.pendings.delete(pending.id);
    const drift = await t.services.trading.engine.reconcile();
    expect(drift.map((d) => d.what.split(':')[0])).toEqual(
      expect.arrayContaining(['balance', `pending ${pending.id}`]),
    );
    expect(await t.services.trading.engine.reconcile()).toEqual([]);
    expect(t.services.trading.engine.index.accounts.get(userId)!.pendings.has(pending.id)).toBe(true);
  });

  it('starts even when a stored order row is odd or broken', async () => {
    const { userId } = await fundedUser(t.services, 10_000);
    const row = {
      user_id: userId,
      instrument_id: BTC,
      side: 1,
      status: 1,
      leverage: 10,
      margin_mode: 0,
      open_price: points(8_753_000),
      margin: microUsd(87_530_000),
      fee: microUsd(200_000),
      created_at: Date.now(),
      opened_at: Date.now(),
    };
    await t.services.core.db
      .insertInto('orders')
      .values({ ...row, lots: lots('0.01000') })
      .execute();
    await t.services.core.db
      .insertInto('orders')
      .values({ ...row, lots: lots('abc') })
      .execute();
    const errors: unknown[] = [];
    const spy = vi.spyOn(t.services.core.log, 'error').mockImplementation((obj) => void errors.push(obj));
    await t.services.trading.engine.load();
    spy.mockRestore();
    expect(errors).toHaveLength(1);
    const account = t.services.trading.engine.index.accounts.get(userId)!;
    expect([...account.positions.values()].map((p) => p.lots)).toEqual(['0.01000']);
  });
});
