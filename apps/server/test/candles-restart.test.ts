import { points } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketStart } from '../src/modules/market/candles/candle-time.js';
import { createServer, stopServer } from '../src/app.js';
import { createTestDatabase, DIALECTS, TEST_BACKFILL, TestClock, type TestDatabase } from './helper.js';

const NOW = Date.parse('2026-11-25T15:00:00Z');
const BTC = 26;

describe.each(DIALECTS)('candles across a restart (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database.drop());

  it('keeps the forming candle, neither lost nor duplicated, and does not backfill again', async () => {
    const clock = new TestClock(NOW);
    const config = { SIM_SEED: 7, SIM_TICK_MS: 500 };
    const options = { now: clock.now, backfill: TEST_BACKFILL };
    const minute = bucketStart('1min', NOW) + 120_000;

    const first = await createServer(database.handle, config, options);
    const base = Math.round(first.market.service.quotePush(BTC)!.Bid * 100);
    first.market.service.onTicks(
      [{ id: BTC, bid: points(base + 10), ask: points(base + 3010) }],
      minute + 1_000,
    );
    first.market.service.onTicks(
      [{ id: BTC, bid: points(base + 40), ask: points(base + 3040) }],
      minute + 2_000,
    );
    clock.advance(minute + 3_000 - NOW);
    await stopServer(first);
    const count = async () =>
      Number(
        (
          await database.handle.db
            .selectFrom('candles')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rowsAfterFirst = await count();

    clock.advance(10_000);
    const second = await createServer(database.handle, config, options);
    expect(await count()).toBe(rowsAfterFirst);
    const before = await second.candles.kline(BTC, '1min', 1);
    expect(before).toEqual([
      {
        Time: minute / 1000,
        Open: (base + 10) / 100,
        High: (base + 40) / 100,
        Low: (base + 10) / 100,
        Close: (base + 40) / 100,
        Volume: 2,
      },
    ]);
    // The feed resumes from the saved quote, so the chart goes on without a jump.
    expect(
      Math.abs(second.market.feed.snapshot().find((q) => q.id === BTC)!.bid - (base + 40)),
    ).toBeLessThanOrEqual(1);

    second.market.service.onTicks(
      [{ id: BTC, bid: points(base - 5), ask: points(base + 2995) }],
      minute + 14_000,
    );
    expect(await second.candles.kline(BTC, '1min', 1)).toEqual([
      { ...before[0], Low: (base - 5) / 100, Close: (base - 5) / 100, Volume: 3 },
    ]);
    await stopServer(second);
    const stored = await database.handle.db
      .selectFrom('candles')
      .selectAll()
      .where('instrument_id', '=', BTC)
      .where('period', '=', '1min')
      .where('time', '=', minute)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      open: base + 10,
      high: base + 40,
      low: base - 5,
      close: base - 5,
      volume: 3,
    });
  });
});
