import { points } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, stopServer } from '../src/app.js';
import { createTestDatabase, DIALECTS, TEST_BACKFILL, type TestDatabase } from './helper.js';

describe.each(DIALECTS)('restart (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database.drop());

  it('seeds once, saves quotes at stop and resumes from them', async () => {
    const config = { SIM_SEED: 9, SIM_TICK_MS: 500 };
    // Small candle history: this test is about quotes (candles-restart.test.ts covers candles).
    const first = await createServer(database.handle, config, { backfill: TEST_BACKFILL });
    const btc = first.market.service.quotePush(26)!;
    const bid = Math.round(btc.Bid * 100) + 77_700;
    first.market.service.onTicks([{ id: 26, bid: points(bid), ask: points(bid + 3000) }], Date.now());
    await stopServer(first);

    const second = await createServer(database.handle, config);
    expect(second.market.service.quotePush(26)!.Bid).toBe(bid / 100);
    const count = await database.handle.db
      .selectFrom('instruments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(second.market.service.listInstruments().length);
    // The simulator resumes from the saved mid, not from the seed price.
    const resumed = second.market.feed.snapshot().find((t) => t.id === 26)!;
    expect(Math.abs(resumed.bid - bid)).toBeLessThan(10);
    await stopServer(second);
  });
});
