import { microUsd } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, fundedUser, type TestApp } from '../../../test/helper.js';
import { post } from './ledger.js';
import { findAccount } from './ledger.repository.js';

// A posting is the account change and its log row together (one statement on PostgreSQL,
// two on SQLite, ledger.repository.ts applyChangeWithLog): both written, or neither.
describe.each(DIALECTS)('ledger posting (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const logsOf = (userId: number) =>
    t.services.core.db
      .selectFrom('account_logs')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('books a house settlement between house accounts only, and refuses one that moves the trader', async () => {
    const { userId } = await fundedUser(t.services, 100);
    const settlement = {
      userId,
      kind: 'house_settlement' as const,
      ref: { type: 'order' as const, id: 9 },
      contra: 'client_pnl',
      split: { account: 'a_book_settlement', amount: microUsd(-2_500_000) },
      now: 7,
    };
    const after = await t.services.core.db
      .transaction()
      .execute((trx) => post(trx, { ...settlement, amount: microUsd(0) }));
    expect(after?.balance).toBe(100_000_000);
    const [log] = (await logsOf(userId)).slice(1);
    const entries = await t.services.core.db
      .selectFrom('ledger_entries')
      .select(['account', 'amount'])
      .where('log_id', '=', Number(log!.id))
      .orderBy('account')
      .execute();
    expect([Number(log!.amount), entries.map((e) => [e.account, Number(e.amount)])]).toEqual([
      0,
      [
        ['a_book_settlement', -2_500_000],
        ['client_pnl', 2_500_000],
      ],
    ]);
    await expect(
      t.services.core.db.transaction().execute((trx) => post(trx, { ...settlement, amount: microUsd(1) })),
    ).rejects.toThrow(RangeError);
  });

  it('writes the change and a log row with the balances it left', async () => {
    const { userId } = await fundedUser(t.services, 100);
    const after = await t.services.core.db.transaction().execute(async (trx) => {
      await post(trx, {
        userId,
        kind: 'withdraw_hold',
        amount: microUsd(30_000_000),
        ref: { type: 'withdrawal', id: 7 },
        now: 5,
      });
      return post(trx, {
        userId,
        kind: 'adjustment',
        amount: microUsd(-1_250_000),
        memo: 'Goodwill',
        now: 6,
      });
    });
    // The deposit, the hold and the adjustment: the account's third change.
    expect(after).toEqual({ balance: 98_750_000, lock: 30_000_000, seq: 3 });
    const account = await findAccount(t.services.core.db, userId);
    expect([Number(account?.balance), Number(account?.lock_balance)]).toEqual([98_750_000, 30_000_000]);
    const logs = (await logsOf(userId)).slice(1).map((l) => ({
      type: l.type,
      amount: Number(l.amount),
      balance_after: Number(l.balance_after),
      lock_amount: Number(l.lock_amount),
      lock_after: Number(l.lock_after),
      ref_type: l.ref_type,
      ref_id: l.ref_id === null ? null : Number(l.ref_id),
      memo: l.memo,
      created_at: Number(l.created_at),
    }));
    expect(logs).toEqual([
      {
        type: 'withdraw_hold',
        amount: 0,
        balance_after: 100_000_000,
        lock_amount: microUsd(30_000_000),
        lock_after: 30_000_000,
        ref_type: 'withdrawal',
        ref_id: 7,
        memo: null,
        created_at: 5,
      },
      {
        type: 'adjustment',
        amount: microUsd(-1_250_000),
        balance_after: 98_750_000,
        lock_amount: 0,
        lock_after: 30_000_000,
        ref_type: null,
        ref_id: null,
        memo: 'Goodwill',
        created_at: 6,
      },
    ]);
  });

  it('splits the house side between two accounts, also when the trader’s leg is zero', async () => {
    const { userId } = await fundedUser(t.services, 100);
    const split = (amount: number, revenue: number) =>
      t.services.core.db.transaction().execute((trx) =>
        post(trx, {
          userId,
          kind: 'trade_profit',
          amount: microUsd(amount),
          contra: 'a_book_settlement',
          split: { account: 'spread_revenue', amount: microUsd(revenue) },
          now: 8,
        }),
      );
    await split(-1_400_000, 400_000);
    await split(0, 250_000);
    const logs = (await logsOf(userId)).slice(1);
    expect(logs.map((l) => Number(l.amount))).toEqual([-1_400_000, 0]);
    const entries = await t.services.core.db
      .selectFrom('ledger_entries')
      .select(['log_id', 'account', 'amount'])
      .where(
        'log_id',
        'in',
        logs.map((l) => l.id),
      )
      .orderBy('log_id')
      .orderBy('account')
      .execute();
    expect(entries.map((e) => [Number(e.log_id), e.account, Number(e.amount)])).toEqual([
      [Number(logs[0]!.id), 'a_book_settlement', 1_000_000],
      [Number(logs[0]!.id), 'spread_revenue', 400_000],
      [Number(logs[1]!.id), 'a_book_settlement', -250_000],
      [Number(logs[1]!.id), 'spread_revenue', 250_000],
    ]);
  });

  it('writes neither when the guard refuses', async () => {
    const { userId } = await fundedUser(t.services, 10);
    const before = await logsOf(userId);
    const after = await t.services.core.db
      .transaction()
      .execute((trx) => post(trx, { userId, kind: 'withdraw_hold', amount: microUsd(10_000_001), now: 7 }));
    expect(after).toBeNull();
    expect(await logsOf(userId)).toHaveLength(before.length);
    const account = await findAccount(t.services.core.db, userId);
    expect([Number(account?.balance), Number(account?.lock_balance)]).toEqual([10_000_000, 0]);
  });
});
