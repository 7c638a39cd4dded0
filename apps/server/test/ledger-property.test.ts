import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, fundedUser, ledgerOf, setQuote, type TestApp } from './helper.js';

const BTC = 26;

/** One step a trader or the market may take. */
const step = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const),
    side: fc.constantFrom(1 as const, 2 as const),
    lots: fc.integer({ min: 1, max: 40 }),
    leverage: fc.constantFrom(2, 5, 10, 20),
    pending: fc.boolean(),
    offset: fc.integer({ min: -3000, max: 3000 }),
    tp: fc.integer({ min: 0, max: 4000 }),
    sl: fc.integer({ min: 0, max: 4000 }),
  }),
  fc.record({ kind: fc.constant('tick' as const), move: fc.integer({ min: -400_000, max: 400_000 }) }),
  fc.record({ kind: fc.constant('close' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
);

describe.each(DIALECTS)('the ledger under random trading (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('keeps the balance equal to the sum of the account log, never negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30 }), async (steps) => {
        const { userId } = await fundedUser(t.services, 2_000);
        let bid = 8_750_000;
        setQuote(t.services, 'BTCUSD', bid, bid + 3000);
        for (const s of steps) {
          const account = await t.services.engine.state.account(userId);
          try {
            if (s.kind === 'tick') {
              bid = Math.max(1_000_000, bid + s.move);
              setQuote(t.services, 'BTCUSD', bid, bid + 3000);
              await t.services.engine.settle();
            } else if (s.kind === 'open') {
              const ref = s.side === 1 ? bid + 3000 : bid;
              const target = s.pending ? (ref + s.offset * 100) / 100 : undefined;
              const dir = s.side === 1 ? 1 : -1;
              await t.services.orders.submit(
                userId,
                {
                  type: s.side,
                  cont: (s.lots / 100).toFixed(2),
                  forex_id: BTC,
                  status: s.pending ? 0 : 1,
                  multiple: s.leverage,
                  target_price: target,
                  target_profit_price: s.tp ? (ref + dir * s.tp * 100) / 100 : undefined,
                  stop_loss_price: s.sl ? (ref - dir * s.sl * 100) / 100 : undefined,
                },
                undefined,
              );
            } else if (s.kind === 'close') {
              const ids = [...account.positions.keys()];
              if (ids.length) await t.services.orders.close(userId, ids[s.pick % ids.length]!);
            } else {
              const ids = [...account.pendings.keys()];
              if (ids.length) await t.services.orders.cancel(userId, ids[s.pick % ids.length]!);
            }
          } catch (err) {
            // Refusals (no margin, wrong side, market rules) are part of trading; faults are not.
            if (!(err instanceof Error && err.name === 'AppError')) throw err;
          }
        }
        await t.services.engine.settle();
        const { balance, logSum } = await ledgerOf(t.services, userId);
        expect(balance).toBe(logSum);
        expect(balance).toBeGreaterThanOrEqual(0);
        const account = await t.services.engine.state.account(userId);
        expect(account.balance).toBe(balance);
        const open = await t.services.db
          .selectFrom('orders')
          .select(['id', 'margin'])
          .where('user_id', '=', userId)
          .where('status', '=', 1)
          .execute();
        expect(new Set(open.map((o) => Number(o.id)))).toEqual(new Set(account.positions.keys()));
        expect(open.reduce((sum, o) => sum + Number(o.margin), 0)).toBe(account.usedMargin);
      }),
      { numRuns: dialect === 'sqlite' ? 60 : 25 },
    );
  });
});
