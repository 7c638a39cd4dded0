import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/core/app-error.js';
import { createTestApp, DIALECTS, fundedUser, ledgerOf, setQuote, type TestApp } from './helper.js';

/** Two instruments, so stop-outs choose between them and gaps hit both. */
const PAIRS = [
  { id: 26, code: 'BTCUSD', start: 8_750_000, spread: 3000, step: 100 },
  { id: 27, code: 'ETHUSD', start: 295_000, spread: 250, step: 1 },
] as const;

/** One step a trader or the market may take. */
const step = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      pair: fc.constantFrom(0, 1),
      side: fc.constantFrom(1 as const, 2 as const),
      lots: fc.integer({ min: 1, max: 60 }),
      leverage: fc.constantFrom(2, 5, 10, 20),
      pending: fc.boolean(),
      offset: fc.integer({ min: -300, max: 300 }),
      // Often none, so stop-outs (not only stop-losses) decide.
      tp: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 400 })),
      sl: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 400 })),
    }),
  },
  {
    weight: 4,
    // Ordinary moves and gaps of up to 20 % (a weekend open, a crash).
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      pair: fc.constantFrom(0, 1),
      permille: fc.oneof(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -200, max: 200 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('stops' as const),
      pick: fc.nat(),
      tp: fc.nat(300),
      sl: fc.nat(300),
    }),
  },
);

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

describe.each(DIALECTS)('engine and ledger under random trading, gaps and stop-outs (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** Live orders of the user as the database holds them. */
  const live = (userId: number) =>
    t.services.core.db
      .selectFrom('orders')
      .select(['id', 'status', 'side', 'instrument_id', 'open_price', 'target_price'])
      .where('user_id', '=', userId)
      .where('status', 'in', [0, 1])
      .orderBy('id')
      .execute();

  async function apply(userId: number, s: Step, bids: number[]): Promise<void> {
    if (s.kind === 'tick') {
      const pair = PAIRS[s.pair];
      const bid = Math.max(
        pair.step * 10,
        Math.round((bids[s.pair]! * (1000 + s.permille)) / 1000 / pair.step) * pair.step,
      );
      bids[s.pair] = bid;
      setQuote(t.services, pair.code, bid, bid + pair.spread);
      return;
    }
    const rows = await live(userId);
    const positions = rows.filter((r) => r.status === 1);
    const pendings = rows.filter((r) => r.status === 0);
    if (s.kind === 'open') {
      const pair = PAIRS[s.pair];
      const bid = bids[s.pair]!;
      const ref = s.side === 1 ? bid + pair.spread : bid;
      const price = (points: number) => String(points / 100);
      const dir = s.side === 1 ? 1 : -1;
      const target = ref + s.offset * pair.step * 10;
      const entry = s.pending ? target : ref;
      await t.services.trading.orders.submit(userId, {
        type: s.side,
        cont: (s.lots / 100).toFixed(2),
        forex_id: pair.id,
        status: s.pending ? 0 : 1,
        multiple: s.leverage,
        target_price: s.pending && target > 0 ? price(target) : undefined,
        target_profit_price: s.tp ? price(entry + dir * s.tp * pair.step * 10) : undefined,
        stop_loss_price:
          s.sl && entry - dir * s.sl * pair.step * 10 > 0
            ? price(entry - dir * s.sl * pair.step * 10)
            : undefined,
      });
    } else if (s.kind === 'close' && positions.length) {
      await t.services.trading.orders.close(userId, Number(positions[s.pick % positions.length]!.id));
    } else if (s.kind === 'cancel' && pendings.length) {
      await t.services.trading.orders.cancel(userId, Number(pendings[s.pick % pendings.length]!.id));
    } else if (s.kind === 'stops' && rows.length) {
      const row = rows[s.pick % rows.length]!;
      const pair = PAIRS.find((p) => p.id === row.instrument_id)!;
      const ref = row.status === 1 ? bids[PAIRS.indexOf(pair)]! : row.target_price!;
      const dir = row.side === 1 ? 1 : -1;
      await t.services.trading.orders.setStops(userId, Number(row.id), {
        tp: s.tp ? String((ref + dir * (s.tp + 50) * pair.step * 10) / 100) : undefined,
        sl:
          s.sl && ref - dir * (s.sl + 50) * pair.step * 10 > 0
            ? String((ref - dir * (s.sl + 50) * pair.step * 10) / 100)
            : undefined,
      });
    }
  }

  it('balance = Σ log, no shortfall left once flat, no position left below stop-out, index = database', async () => {
    const refusals = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30 }), async (steps) => {
        const { userId } = await fundedUser(t.services, 2_000);
        const bids = PAIRS.map((p) => p.start);
        PAIRS.forEach((p, i) => setQuote(t.services, p.code, bids[i]!, bids[i]! + p.spread));
        await t.services.trading.engine.settle();
        for (const s of steps) {
          try {
            await apply(userId, s, bids);
          } catch (err) {
            // Refusals (no margin, wrong side, …) are part of trading; faults are not.
            if (!(err instanceof AppError)) throw err;
            refusals.set(err.key, (refusals.get(err.key) ?? 0) + 1);
          }
          await t.services.trading.engine.settle();

          const { balance, logSum } = await ledgerOf(t.services, userId);
          expect(balance).toBe(logSum);
          const figures = await t.services.trading.accounts.figures(userId);
          if (figures.usedMargin.isZero()) expect(balance).toBeGreaterThanOrEqual(0);
          // After a tick every open market has been stopped out down to the level.
          else expect(figures.marginLevel!.toNumber()).toBeGreaterThan(50);
          expect(await t.services.trading.engine.reconcile()).toEqual([]);
        }
      }),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? (dialect === 'sqlite' ? 40 : 20)),
        seed: Number(process.env.PROPERTY_SEED ?? 7),
      },
    );
    // The runs must have exercised what they claim: fills, TP/SL, stop-outs and write-offs.
    const reasons = await t.services.core.db
      .selectFrom('orders')
      .select(['close_reason', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('close_reason')
      .execute();
    const count = Object.fromEntries(reasons.map((r) => [r.close_reason ?? 'live', Number(r.n)]));
    const writeOffs = await t.services.core.db
      .selectFrom('account_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'negative_balance_reset')
      .executeTakeFirstOrThrow();
    for (const reason of ['manual', 'tp', 'sl', 'stop_out', 'cancelled'])
      expect(count[reason] ?? 0).toBeGreaterThan(0);
    expect(Number(writeOffs.n)).toBeGreaterThan(0);
    // …and orders the account could not afford were refused, not booked.
    expect(refusals.get('errors.insufficient_margin') ?? 0).toBeGreaterThan(0);
  });
});
