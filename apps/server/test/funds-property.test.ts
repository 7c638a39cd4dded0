import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/core/app-error.js';
import { sumAccountLog } from '../src/core/money/ledger.repository.js';
import { withdrawable } from '../src/modules/wallet/withdrawals/withdrawal.service.js';
import { sumPendingWithdrawals } from '../src/modules/wallet/withdrawals/withdrawal.repository.js';
import { createTestApp, DIALECTS, fundedUser, setQuote, type TestApp } from './helper.js';
import { boundMethod, fundsFixture, proofOf } from './funds-fixtures.js';

const BTC = { id: 26, code: 'BTCUSD', spread: 3000 };

/** One step of a trader, an operator or the market. */
const step = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), cents: fc.integer({ min: 1, max: 300_000 }) }),
  fc.record({
    kind: fc.constant('review_deposit' as const),
    pick: fc.nat(),
    verdict: fc.constantFrom('approve' as const, 'reject' as const, 'invalidate' as const),
  }),
  fc.record({ kind: fc.constant('withdraw' as const), cents: fc.integer({ min: 500, max: 300_000 }) }),
  fc.record({
    kind: fc.constant('review_withdrawal' as const),
    pick: fc.nat(),
    verdict: fc.constantFrom('approve' as const, 'reject' as const),
  }),
  fc.record({
    kind: fc.constant('open' as const),
    side: fc.constantFrom(1 as const, 2 as const),
    lots: fc.integer({ min: 1, max: 20 }),
  }),
  fc.record({ kind: fc.constant('close' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('tick' as const), permille: fc.integer({ min: -120, max: 120 }) }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

describe.each(DIALECTS)('money in and out under random deposits, withdrawals and trades (%s)', (dialect) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof fundsFixture>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    f = await fundsFixture(t.services);
  });
  afterAll(async () => t.close());

  async function apply(userId: number, method: number, s: Step, state: { bid: number }): Promise<void> {
    const { deposits, withdrawals } = t.services.wallet;
    const { orders } = t.services.trading;
    const { db } = t.services.core;
    const pendingOf = (table: 'deposits' | 'withdrawals') =>
      db
        .selectFrom(table)
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 0)
        .orderBy('id')
        .execute();
    switch (s.kind) {
      case 'deposit':
        await deposits.declare(userId, {
          type: 0,
          channelId: f.coin,
          number: (s.cents / 100).toFixed(2),
          proofUrl: await proofOf(t.services, userId),
        });
        return;
      case 'review_deposit': {
        const open = await pendingOf('deposits');
        const id = open.length ? Number(open[s.pick % open.length]!.id) : 0;
        if (!id) return;
        if (s.verdict === 'approve') await deposits.approve(id, null);
        else if (s.verdict === 'reject') await deposits.reject(id, null, 'no');
        else await deposits.invalidate(id, null, 'fake');
        return;
      }
      case 'withdraw':
        await withdrawals.request(userId, {
          currencyId: f.usdt,
          number: (s.cents / 100).toFixed(2),
          methodId: method,
        });
        return;
      case 'review_withdrawal': {
        const open = await pendingOf('withdrawals');
        const id = open.length ? Number(open[s.pick % open.length]!.id) : 0;
        if (!id) return;
        if (s.verdict === 'approve') await withdrawals.approve(id, null);
        else await withdrawals.reject(id, null, 'no');
        return;
      }
      case 'open':
        await orders.submit(userId, {
          type: s.side,
          cont: (s.lots / 100).toFixed(2),
          forex_id: BTC.id,
          status: 1,
          multiple: 20,
        });
        return;
      case 'close': {
        const open = await db
          .selectFrom('orders')
          .select('id')
          .where('user_id', '=', userId)
          .where('status', '=', 1)
          .execute();
        if (open.length) await orders.close(userId, Number(open[s.pick % open.length]!.id));
        return;
      }
      case 'tick':
        state.bid = Math.max(100_000, Math.round((state.bid * (1000 + s.permille)) / 1000));
        setQuote(t.services, BTC.code, state.bid, state.bid + BTC.spread);
        return;
    }
  }

  it('balance = Σ log, lock_balance = Σ open holds, nothing negative once flat, withdrawable ≤ free margin', async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        const { userId } = await fundedUser(t.services, 500);
        const method = await boundMethod(t.services, userId, f.usdt);
        const state = { bid: 8_750_000 };
        setQuote(t.services, BTC.code, state.bid, state.bid + BTC.spread);
        for (const s of steps) {
          try {
            await apply(userId, method, s, state);
            seen.set(s.kind, (seen.get(s.kind) ?? 0) + 1);
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            seen.set(`refused ${err.key}`, (seen.get(`refused ${err.key}`) ?? 0) + 1);
          }
          await t.services.trading.engine.settle();

          const row = await t.services.core.db
            .selectFrom('accounts')
            .select(['balance', 'lock_balance'])
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow();
          const log = await sumAccountLog(t.services.core.db, userId);
          expect(Number(row.balance)).toBe(log.amount);
          expect(Number(row.lock_balance)).toBe(log.lock);
          expect(Number(row.lock_balance)).toBe(await sumPendingWithdrawals(t.services.core.db, userId));
          const figures = await t.services.trading.accounts.figures(userId);
          if (figures.usedMargin.isZero()) expect(Number(row.balance)).toBeGreaterThanOrEqual(0);
          const can = withdrawable(figures);
          expect(can).toBeGreaterThanOrEqual(0);
          expect(can / 1e6).toBeLessThanOrEqual(Math.max(0, figures.freeMargin.toNumber()) + 1e-6);
          expect(await t.services.trading.engine.reconcile()).toEqual([]);
        }
      }),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? (dialect === 'sqlite' ? 30 : 15)),
        seed: Number(process.env.PROPERTY_SEED ?? 11),
      },
    );
    // The runs exercised every operation, accepted and refused.
    for (const kind of ['deposit', 'review_deposit', 'withdraw', 'review_withdrawal', 'open', 'close'])
      expect(seen.get(kind) ?? 0, kind).toBeGreaterThan(0);
    expect(seen.get('refused errors.withdraw_above_available') ?? 0).toBeGreaterThan(0);
  });
});
