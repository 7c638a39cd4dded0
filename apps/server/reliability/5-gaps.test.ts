import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/core/app-error.js';
import { createTestApp, fundedUser, SATURDAY, setQuote, type TestApp } from '../test/helper.js';
import { record, SEED } from './figures.js';
import { checkAccounts, prng } from './support.js';

const ACCOUNTS_PER_PATH = 3;
const PATHS = Number(process.env.RELIABILITY_PATHS ?? 30);
const STEPS = 12;

/** EURUSD closes at the weekend (a Monday open can gap); BTCUSD trades on. */
const PAIRS = [
  { id: 1, code: 'EURUSD', mid: 115_800, spread: 10, lots: [0.1, 2], leverage: [100, 200, 500] },
  { id: 26, code: 'BTCUSD', mid: 8_750_000, spread: 3000, lots: [0.01, 0.3], leverage: [5, 10, 20] },
] as const;

/**
 * Item 5, gaps and stop-out: adversarial price paths — moves of 1–20 % in one tick, and a
 * weekend during which the forex market is closed and reopens elsewhere — over many
 * leveraged accounts. After every settled tick: no account is left below zero with nothing
 * open, and no position of an open market is left open below the stop-out level.
 */
describe('5. gaps and stop-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(async () => t.close());

  it('leaves no shortfall and no position below the stop-out level after any tick', async () => {
    const random = prng(SEED + 5);
    const between = (lo: number, hi: number) => lo + random() * (hi - lo);
    let ticks = 0;
    let belowAfterTick = 0;
    let maxGapPct = 0;
    const users: { userId: number; token: string }[] = [];

    for (let path = 0; path < PATHS; path++) {
      const mids: number[] = PAIRS.map((p) => p.mid);
      const quote = (i: number, time: number) => {
        const p = PAIRS[i]!;
        setQuote(t.services, p.code, Math.round(mids[i]!), Math.round(mids[i]!) + p.spread, time);
      };
      PAIRS.forEach((_, i) => quote(i, t.services.core.now()));
      await t.services.trading.engine.settle();
      // Fresh accounts for each path, loaded up to their margin with both pairs.
      const accounts = await Promise.all(
        Array.from({ length: ACCOUNTS_PER_PATH }, () =>
          fundedUser(t.services, Math.round(between(200, 2_000))),
        ),
      );
      users.push(...accounts);
      for (const { userId } of accounts) {
        for (let n = 0; n < 6; n++) {
          const i = Math.floor(random() * PAIRS.length);
          const p = PAIRS[i]!;
          const lots = (Math.round(between(p.lots[0], p.lots[1]) * 100) / 100).toFixed(2);
          try {
            await t.services.trading.orders.submit(userId, {
              type: random() < 0.5 ? 1 : 2,
              cont: lots === '0.00' ? '0.01' : lots,
              forex_id: p.id,
              status: 1,
              multiple: p.leverage[Math.floor(random() * p.leverage.length)]!,
            });
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
          }
        }
      }
      for (let step = 0; step < STEPS; step++) {
        // A weekend now and then: forex moves while closed, then opens with the gap.
        const weekend = random() < 0.15;
        for (let i = 0; i < PAIRS.length; i++) {
          const gap = random() < 0.3 ? between(0.01, 0.2) : between(0, 0.005);
          maxGapPct = Math.max(maxGapPct, gap * 100);
          mids[i] = Math.max(1, mids[i]! * (1 + (random() < 0.5 ? -gap : gap)));
          quote(i, weekend && PAIRS[i]!.code === 'EURUSD' ? SATURDAY : t.services.core.now());
        }
        if (weekend) PAIRS.forEach((_, i) => quote(i, t.services.core.now())); // Monday: reopens at the moved price
        ticks += 1;
        await t.services.trading.engine.settle();
        for (const { userId } of accounts) {
          const f = await t.services.trading.accounts.figures(userId);
          if (f.marginLevel !== null && f.marginLevel.lte(50)) belowAfterTick += 1;
        }
      }
    }
    const check = await checkAccounts(t.services);
    const stopOuts = await t.services.core.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('close_reason', '=', 'stop_out')
      .executeTakeFirstOrThrow();
    const writeOffs = await t.services.core.db
      .selectFrom('account_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'negative_balance_reset')
      .executeTakeFirstOrThrow();
    record('5-gaps', {
      order: 5,
      title: 'Gaps and stop-out: adversarial price paths (1–20 % gaps, weekend opens)',
      rows: [
        { figure: 'price paths × ticks', value: `${PATHS} × ${STEPS} = ${ticks}` },
        { figure: 'accounts', value: users.length },
        { figure: 'largest gap in one tick, %', value: maxGapPct.toFixed(1) },
        { figure: 'positions stopped out', value: Number(stopOuts.n) },
        { figure: 'shortfalls written off (own ledger row)', value: Number(writeOffs.n) },
        { figure: 'accounts below zero with nothing open', value: check.negativeFlat, goal: '0' },
        {
          figure: 'positions left open at or below the stop-out level after a tick',
          value: belowAfterTick,
          goal: '0',
        },
        { figure: 'balance ≠ Σ log', value: check.balanceMismatch, goal: '0' },
      ],
    });
    expect(check.negativeFlat).toBe(0);
    expect(belowAfterTick).toBe(0);
    expect(check.balanceMismatch).toBe(0);
    expect(Number(stopOuts.n)).toBeGreaterThan(0);
    expect(Number(writeOffs.n)).toBeGreaterThan(0);
  });
});
