import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimTick } from '../simulator.js';
import { FailoverFeed } from './failover-feed.js';
import { FixFeed } from './fix-feed.js';
import { startLpSimulator } from './lp.js';
import type { LpSimulator } from './lp-simulator.js';
import { fixInstrumentsOf } from './provider-symbol.js';

/**
 * Two real LP simulators, a primary and a backup, and one FailoverFeed over a FixFeed to
 * each: an instrument moves to the backup within a second of the primary going stale or
 * down, and back as soon as the primary is good again.
 */

const INSTRUMENTS = fixInstrumentsOf([
  { id: 1, code: 'EURUSD', baseCurrency: 'EUR', quoteCurrency: 'USD', session: 'forex', precision: 5 },
]);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

async function provider(name: string, start: number): Promise<LpSimulator> {
  const lp = await startLpSimulator({
    senderCompId: name,
    targetCompId: 'PW',
    instruments: [
      {
        id: 1,
        code: 'EURUSD',
        symbol: 'EUR/USD',
        precision: 5,
        spreadPoints: 10,
        session: 'forex',
        sim: { start, volatility: 0.01 },
      },
    ],
    tickMs: 40,
    heartbeatSecs: 1,
    alwaysOpen: true,
    seed: 3,
  });
  cleanups.push(() => lp.close());
  return lp;
}

async function waitFor(what: string, check: () => boolean, timeoutMs = 8_000): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}

describe('FailoverFeed', () => {
  it('prices from the backup within a second of the primary going stale or down, and back when it recovers', async () => {
    // Far apart prices, so every tick says which provider it came from.
    const primaryLp = await provider('LP-A', 1.1);
    const backupLp = await provider('LP-B', 1.3);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-failover-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const source = (lp: LpSimulator, store: string) =>
      new FixFeed({
        endpoint: {
          host: '127.0.0.1',
          port: lp.port,
          sender: 'PW',
          target: lp === primaryLp ? 'LP-A' : 'LP-B',
        },
        instruments: INSTRUMENTS,
        storeDir: path.join(dir, store),
        fixHeartbeatSecs: 1,
        heartbeatMs: 100,
        staleAfterMs: 600,
        flushMs: 20,
        // The primary's reconnect waits 2 s: long enough an outage to switch for.
        backoff: lp === primaryLp ? { initialMs: 2_000, maxMs: 2_000 } : { initialMs: 100, maxMs: 300 },
      });
    const switches: string[] = [];
    const feed = new FailoverFeed({
      primary: source(primaryLp, 'a'),
      backup: source(backupLp, 'b'),
      instruments: [{ id: 1, code: 'EURUSD' }],
      onSwitch: (s) => switches.push(`${s.from}->${s.to}:${s.reason}`),
    });
    cleanups.push(() => feed.close());
    let last: SimTick | undefined;
    feed.start((ticks) => {
      for (const t of ticks) last = t;
    });
    const fromPrimary = () => last !== undefined && last.bid < 120_000;
    const fromBackup = () => last !== undefined && last.bid > 120_000;
    await waitFor('a price from the primary', fromPrimary);
    await waitFor('both sources live', () => feed.describe().sources.every((s) => s.fix.session === 'live'));

    // Stale: the primary stays logged on but stops quoting.
    primaryLp.setQuoting(false);
    const staleAt = Date.now();
    await waitFor('the backup’s price', fromBackup);
    // Stale after 600 ms, checked every 250 ms: within a second of the staleness rule firing.
    expect(Date.now() - staleAt).toBeLessThan(600 + 1_000);
    expect(feed.sourceOf(1)).toBe('backup');
    expect(feed.vouchesFor(1)).toBe(true);
    primaryLp.setQuoting(true);
    await waitFor('back to the primary', () => feed.sourceOf(1) === 'primary' && fromPrimary());

    // Down: the primary's link drops; the backup takes over within a second.
    primaryLp.dropConnections();
    const took = await waitFor('the backup after the primary dropped', () => feed.sourceOf(1) === 'backup');
    expect(took).toBeLessThan(1_000);
    await waitFor('back to the primary after its reconnect', () => feed.sourceOf(1) === 'primary');

    expect(switches).toEqual([
      'primary->backup:primary_stale',
      'backup->primary:primary_back',
      'primary->backup:primary_down',
      'backup->primary:primary_back',
    ]);
    const status = feed.describe();
    expect(status.switchCounts).toEqual({ EURUSD: 4 });
    expect(status.switches[0]).toMatchObject({ code: 'EURUSD', from: 'backup', to: 'primary' });
    expect(status.sources.map((s) => s.role)).toEqual(['primary', 'backup']);
  });

  it('vouches for nothing when neither source is good', async () => {
    const primaryLp = await provider('LP-A', 1.1);
    const backupLp = await provider('LP-B', 1.3);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-failover-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const source = (lp: LpSimulator, target: string, store: string) =>
      new FixFeed({
        endpoint: { host: '127.0.0.1', port: lp.port, sender: 'PW', target },
        instruments: INSTRUMENTS,
        storeDir: path.join(dir, store),
        fixHeartbeatSecs: 1,
        heartbeatMs: 100,
        staleAfterMs: 600,
        backoff: { initialMs: 100, maxMs: 300 },
      });
    const feed = new FailoverFeed({
      primary: source(primaryLp, 'LP-A', 'a'),
      backup: source(backupLp, 'LP-B', 'b'),
      instruments: [{ id: 1, code: 'EURUSD' }],
    });
    cleanups.push(() => feed.close());
    feed.start(() => undefined);
    await waitFor('a vouched price', () => feed.vouchesFor(1));
    primaryLp.setQuoting(false);
    backupLp.setQuoting(false);
    await waitFor('no vouched price', () => !feed.vouchesFor(1), 3_000);
  });
});
