import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTestApp, type TestApp } from './helper.js';

/**
 * A market that never repeats (docs/market-data.md): the simulator's randomness is fresh on
 * every start and every engine takeover — the finding was that buying XAUUSD on the first
 * quote after a restart and closing ten ticks later made the same +32 USD twice in a row.
 * A fixed SIM_SEED, for tests only, still replays.
 */
describe('the simulator’s randomness', () => {
  let unseeded: TestApp;
  let seeded: TestApp;

  beforeAll(async () => {
    unseeded = await createTestApp('sqlite', { config: { SIM_SEED: undefined } });
    seeded = await createTestApp('sqlite', { config: { SIM_SEED: 7 } });
  });
  afterAll(async () => {
    await unseeded.close();
    await seeded.close();
  });

  /** Ten steps of a new feed (as a start or a takeover makes one) from the same prices. */
  const path = (t: TestApp) => {
    const mids = new Map([
      ['XAUUSD', 4_000],
      ['BTCUSD', 90_000],
      ['EURUSD', 1.16],
    ]);
    const feed = t.services.market.makeFeed(mids);
    const time = t.services.core.now();
    return Array.from({ length: 10 }, (_, n) => feed.step(time + n * 500));
  };

  it('walks a new path from the same prices on every start and takeover', () => {
    const first = path(unseeded);
    const second = path(unseeded);
    expect(first.flat().length).toBeGreaterThan(0);
    expect(second).not.toEqual(first);
  });

  it('replays the same path with a fixed seed (tests only)', () => {
    expect(path(seeded)).toEqual(path(seeded));
  });

  it('reads SIM_SEED as an integer only, and leaves it unset by default', () => {
    expect(loadConfig({}).SIM_SEED).toBeUndefined();
    expect(loadConfig({ SIM_SEED: '' }).SIM_SEED).toBeUndefined();
    expect(loadConfig({ SIM_SEED: '42' }).SIM_SEED).toBe(42);
    for (const bad of ['0x1', '1e3', 'true', '4.5', ' 1'])
      expect(() => loadConfig({ SIM_SEED: bad }), bad).toThrow(/SIM_SEED/);
  });
});
