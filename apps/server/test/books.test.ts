import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import {
  adminBooksStatusEndpoint,
  LEDGER_ENTRY_KINDS,
  microUsd,
  ResultCode,
  type AdminBooksStatus,
} from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../src/core/money/ledger.js';
import { createAccount } from '../src/core/money/ledger.repository.js';
import { LEDGER_CHECKS } from '../src/core/money/books-checks.js';
import { silentLog } from '../src/core/index.js';
import { BooksMonitor } from '../src/ops/index.js';
import * as doubleEntry from '../src/core/db/migrations/0018-double-entry.js';
import { adminClient, createOperator } from './admin-fixtures.js';
import { boundMethod, fundsFixture, proofOf } from './funds-fixtures.js';
import {
  client,
  createTestApp,
  createUserWithSession,
  DIALECTS,
  fundedUser,
  setQuote,
  type TestApp,
} from './helper.js';

/**
 * Double-entry books (docs/money.md "Double-entry books"): every balance move is one
 * transaction of the trader's log row and the house's entry, summing to zero; the server
 * checks the books itself and raises an alert on the back office, /metrics and the log when
 * one of them does not hold; PostgreSQL refuses an unbalanced transaction at commit; the
 * migration gives existing history its contra entries.
 */
/** Σ of every trader's log and of every house entry: together, zero. */
async function grandTotalOf(db: TestApp['services']['core']['db']): Promise<number> {
  const sum = (table: 'account_logs' | 'ledger_entries') =>
    sql<{ s: number | string | null }>`SELECT SUM(amount) AS s FROM ${sql.table(table)}`.execute(db);
  const [logs, entries] = await Promise.all([sum('account_logs'), sum('ledger_entries')]);
  return Number(logs.rows[0]?.s ?? 0) + Number(entries.rows[0]?.s ?? 0);
}

describe.each(DIALECTS)('the books (%s)', (dialect) => {
  let t: TestApp;
  /** The trader of the first test: real deposits, payouts and trades, whose contras the migration must find again. */
  let realTrader = 0;
  const db = () => t.services.core.db;
  const books = () => t.services.books;
  const btc = () => t.services.market.service.instrumentByCode('BTCUSD')!;

  const grandTotal = () => grandTotalOf(db());

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('books each kind against its house account, and a deposit or a payout against its channel in transit', async () => {
    const api = client(t.app);
    const f = await fundsFixture(t.services);
    const { userId, token } = await fundedUser(t.services, 0);
    realTrader = userId;
    const declared = await api.post(
      '/api/quickCharge/submit',
      { number: '100', proofImg: await proofOf(t.services, userId), charge_id: f.coin, address: 'T-sender' },
      { token },
    );
    await t.services.wallet.deposits.approve(declared.data.id as number, null);
    const method = await boundMethod(t.services, userId, f.usdt);
    const drawn = await api.post(
      '/api/account/draw',
      { draw_currency_id: f.usdt, number: '30', draw_method_id: method },
      { token },
    );
    await t.services.wallet.withdrawals.approve(drawn.data.id as number, null);

    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
    const opened = await api.post(
      '/v1/api/forex/submit',
      { type: 1, cont: '0.01', forex_id: btc().id, status: 1, multiple: Math.max(...btc().leverages) },
      { token },
    );
    expect(opened.code, opened.msg).toBe(1);
    setQuote(t.services, 'BTCUSD', 8_760_000, 8_763_000);
    expect((await api.post('/v1/api/forex/close', { id: opened.data.Id }, { token })).code).toBe(1);

    const logs = await db()
      .selectFrom('account_logs')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    const entries = await db()
      .selectFrom('ledger_entries')
      .selectAll()
      .where(
        'log_id',
        'in',
        logs.map((l) => Number(l.id)),
      )
      .execute();
    const contraOf = (type: string) => {
      const log = logs.find((l) => l.type === type)!;
      const legs = entries.filter((e) => Number(e.log_id) === Number(log.id));
      expect(
        legs.reduce((s, e) => s + Number(e.amount), Number(log.amount)),
        type,
      ).toBe(0);
      return legs.map((e) => e.account);
    };
    expect(contraOf('deposit')).toEqual([`deposits:${f.coin}:USDT`]);
    expect(contraOf('withdraw_paid')).toEqual([`withdrawals:${method}:USDT`]);
    expect(contraOf('trade_fee')).toEqual(['fee_revenue']);
    expect(contraOf('trade_profit')).toEqual(['client_pnl']);
    // A move of held funds only is no balance move: no house entry.
    const hold = logs.find((l) => l.type === 'withdraw_hold')!;
    expect(entries.filter((e) => Number(e.log_id) === Number(hold.id))).toEqual([]);
    expect(await grandTotal()).toBe(0);
    expect((await books().check('schedule')).problems).toEqual([]);
  });

  it('raises an alert on the back office, /metrics and the check when an account leaves its log', async () => {
    const { userId } = await fundedUser(t.services, 50);
    await db()
      .updateTable('accounts')
      .set((eb) => ({ balance: eb('balance', '+', 1 as never) }))
      .where('user_id', '=', userId)
      .execute();
    const status = await books().check('schedule');
    expect(status.problems).toEqual([{ check: 'balance_not_log_sum', count: 1, sample: [userId] }]);

    const finance = await createOperator(t.services, 'finance');
    const answer = await adminClient(t.app).call(adminBooksStatusEndpoint, {}, { token: finance.token });
    expect(answer.code, answer.body).toBe(1);
    expect((answer.data as AdminBooksStatus).problems[0]).toMatchObject({
      check: 'balance_not_log_sum',
      sample: [userId],
    });
    const support = await createOperator(t.services, 'support');
    expect((await adminClient(t.app).call(adminBooksStatusEndpoint, {}, { token: support.token })).code).toBe(
      ResultCode.Forbidden,
    );
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toContain('pipwise_books_violations{check="balance_not_log_sum"} 1');
    expect(metrics.body).toContain('pipwise_books_violations{check="unbalanced_transactions"} 0');

    await db()
      .updateTable('accounts')
      .set((eb) => ({ balance: eb('balance', '-', 1 as never) }))
      .where('user_id', '=', userId)
      .execute();
    expect((await books().check('schedule')).problems).toEqual([]);
  });

  it('shows on an instance that does not hold the engine what the engine’s check found', async () => {
    const { userId } = await fundedUser(t.services, 50);
    await books().check('takeover');
    // Another instance of the scaled shape, standing by: it reads the finding, never checks.
    const standBy = new BooksMonitor({ db: db(), log: silentLog, now: () => Date.now() });
    const stop = standBy.start(60_000, () => false);
    try {
      expect(await standBy.follow()).toMatchObject({ reason: 'takeover', problems: [] });
      await db()
        .updateTable('accounts')
        .set((eb) => ({ balance: eb('balance', '+', 1 as never) }))
        .where('user_id', '=', userId)
        .execute();
      const found = await books().check('schedule');
      expect(await standBy.follow()).toEqual(found);
      expect(standBy.status().problems).toEqual([
        { check: 'balance_not_log_sum', count: 1, sample: [userId] },
      ]);
    } finally {
      stop();
      await db()
        .updateTable('accounts')
        .set((eb) => ({ balance: eb('balance', '-', 1 as never) }))
        .where('user_id', '=', userId)
        .execute();
    }
    expect((await books().check('schedule')).problems).toEqual([]);
  });

  it('finds held funds without a withdrawal, and a balance below zero with nothing open', async () => {
    const { userId } = await fundedUser(t.services, 50);
    await db()
      .transaction()
      .execute(async (trx) => {
        await post(trx, { userId, kind: 'withdraw_hold', amount: microUsd(10_000_000), now: 1 });
        await post(trx, { userId, kind: 'trade_profit', amount: microUsd(-80_000_000), now: 2 });
      });
    const { problems } = await books().check('schedule');
    expect(problems).toEqual([
      { check: 'held_not_pending_withdrawals', count: 1, sample: [userId] },
      { check: 'negative_without_positions', count: 1, sample: [userId] },
    ]);
    await db()
      .transaction()
      .execute(async (trx) => {
        await post(trx, { userId, kind: 'withdraw_release', amount: microUsd(10_000_000), now: 3 });
        await post(trx, { userId, kind: 'negative_balance_reset', amount: microUsd(30_000_000), now: 4 });
      });
    expect((await books().check('schedule')).problems).toEqual([]);
  });

  it('refuses an unbalanced transaction (PostgreSQL at commit; SQLite’s check finds it)', async () => {
    const { userId } = await fundedUser(t.services, 10);
    const log = await db()
      .selectFrom('account_logs')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const stray = () =>
      db()
        .insertInto('ledger_entries')
        .values({ log_id: Number(log.id), account: 'fee_revenue', amount: microUsd(1), created_at: 1 })
        .execute();
    if (dialect === 'postgres') {
      await expect(stray()).rejects.toThrow(/unbalanced ledger transaction/);
      await expect(
        sql`INSERT INTO account_logs (user_id, type, amount, balance_after, lock_amount, lock_after, created_at)
            VALUES (${userId}, 'adjustment', 5, 0, 0, 0, 1)`.execute(db()),
      ).rejects.toThrow(/unbalanced ledger transaction/);
      expect((await books().check('schedule')).problems).toEqual([]);
      return;
    }
    await stray();
    const { problems } = await books().check('schedule');
    expect(problems).toEqual([{ check: 'unbalanced_transactions', count: 1, sample: [Number(log.id)] }]);
    await db()
      .deleteFrom('ledger_entries')
      .where('log_id', '=', Number(log.id))
      .where('amount', '=', microUsd(1))
      .execute();
  });

  it('gives existing history its contra entries when migrating, so the books start balanced', async () => {
    const contras = () =>
      db()
        .selectFrom('ledger_entries')
        .innerJoin('account_logs', 'account_logs.id', 'ledger_entries.log_id')
        .select(['account_logs.type', 'ledger_entries.account', 'ledger_entries.amount'])
        .where('account_logs.user_id', '=', realTrader)
        .orderBy('ledger_entries.log_id')
        .execute();
    const before = await contras();
    expect(before.map((e) => e.type)).toEqual(['deposit', 'withdraw_paid', 'trade_fee', 'trade_profit']);
    // The migration again, on everything written above: the same entries for the real flows
    // (channel, payout method, fee, B-book P&L), and every transaction balanced.
    await doubleEntry.down(db() as unknown as Kysely<unknown>);
    await doubleEntry.up(db() as unknown as Kysely<unknown>);
    expect(await contras()).toEqual(before);
    expect(await grandTotal()).toBe(0);
    expect((await books().check('start')).problems).toEqual([]);
  });
});

// Its own database: the accounts it leaves behind (held funds without a withdrawal, balances
// below zero) are the ledger's to accept but would fail the other checks above.
describe.each(DIALECTS)('the books under any sequence of operations (%s)', (dialect) => {
  let t: TestApp;
  const db = () => t.services.core.db;
  const grandTotal = () => grandTotalOf(db());
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  // Any sequence of ledger operations keeps every transaction balanced and every account equal to its log.
  it('keeps Σ = 0 and every invariant through any sequence of ledger operations', async () => {
    const users = await Promise.all(
      [0, 1, 2].map(async () => {
        const { userId } = await createUserWithSession(t.services);
        await createAccount(db(), userId, 1, 'real');
        return userId;
      }),
    );
    const operation = fc.record({
      user: fc.constantFrom(...users),
      kind: fc.constantFrom(...LEDGER_ENTRY_KINDS),
      amount: fc.integer({ min: 1, max: 5_000_000_000 }),
      negative: fc.boolean(),
      contra: fc.option(fc.constantFrom('deposits:1:USDT', 'a_book_settlement'), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (ops) => {
        await db()
          .transaction()
          .execute(async (trx) => {
            for (const op of ops) {
              const either = ['demo_reset', 'trade_profit', 'adjustment'].includes(op.kind);
              const signed = microUsd(either && op.negative ? -op.amount : op.amount);
              // A house settlement moves money between house accounts only: a zero trader leg.
              const houseOnly = op.kind === 'house_settlement';
              // A refused post (funds short, nothing held) writes nothing: that is fine too.
              await post(trx, {
                userId: op.user,
                kind: op.kind,
                amount: houseOnly ? microUsd(0) : signed,
                ...(op.contra ? { contra: op.contra } : {}),
                ...(houseOnly
                  ? {
                      split: {
                        account: 'a_book_settlement',
                        amount: microUsd(op.negative ? -op.amount : op.amount),
                      },
                    }
                  : {}),
                now: 1_000,
              });
            }
          });
        expect(await grandTotal()).toBe(0);
        for (const check of Object.values(LEDGER_CHECKS)) expect((await check(db())).count).toBe(0);
      }),
      { numRuns: 25 },
    );
  });
});
