import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { points } from '@pipwise/shared';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimTick } from '../simulator.js';
import { FixFeed } from './fix-feed.js';
import type { FixFeedOptions } from './fix-feed-types.js';
import { startLpSimulator } from './lp.js';
import type { LpSimulator } from './lp-simulator.js';
import type { LpInstrument } from './lp-types.js';
import { fixInstrumentsOf } from './provider-symbol.js';

/**
 * A real jspurefix initiator (FixFeed) against the shipped LP simulator on a random
 * localhost port, with one-second FIX heartbeats so every case takes a few seconds.
 */

const LP = 'TEST-LP';
const CLIENT = 'TEST-PW';

const LP_INSTRUMENTS: LpInstrument[] = [
  {
    id: 1,
    code: 'EURUSD',
    symbol: 'EUR/USD',
    precision: 5,
    spreadPoints: 10,
    session: 'forex',
    sim: { start: 1.158, volatility: 0.07 },
  },
  {
    id: 15,
    code: 'XAUUSD',
    symbol: 'XAU/USD',
    precision: 2,
    spreadPoints: 30,
    session: 'metals',
    sim: { start: 4085, volatility: 0.16 },
  },
  {
    id: 17,
    code: 'US30',
    symbol: 'US30',
    precision: 1,
    spreadPoints: 20,
    session: 'indices',
    sim: { start: 47250, volatility: 0.15 },
  },
];

const FEED_INSTRUMENTS = fixInstrumentsOf([
  { id: 1, code: 'EURUSD', baseCurrency: 'EUR', quoteCurrency: 'USD', session: 'forex', precision: 5 },
  { id: 15, code: 'XAUUSD', baseCurrency: 'XAU', quoteCurrency: 'USD', session: 'metals', precision: 2 },
  { id: 17, code: 'US30', baseCurrency: 'US30', quoteCurrency: 'USD', session: 'indices', precision: 1 },
]);
/** Platinum: a symbol the simulated provider does not quote. */
const PLATINUM = fixInstrumentsOf([
  { id: 99, code: 'XPTUSD', baseCurrency: 'XPT', quoteCurrency: 'USD', session: 'metals', precision: 2 },
])[0]!;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

async function startLp(port = 0, tickMs = 40, password?: string): Promise<LpSimulator> {
  const lp = await startLpSimulator({
    port,
    ...(password !== undefined ? { password } : {}),
    senderCompId: LP,
    targetCompId: CLIENT,
    instruments: LP_INSTRUMENTS,
    tickMs,
    heartbeatSecs: 1,
    alwaysOpen: true,
    seed: 7,
  });
  cleanups.push(() => lp.close());
  return lp;
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-fix-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface Started {
  feed: FixFeed;
  steps: { ticks: SimTick[]; time: number }[];
  linkDowns: number[];
}

function startFeed(lp: LpSimulator, storeDir: string, extra: Partial<FixFeedOptions> = {}): Started {
  const linkDowns: number[] = [];
  const feed = new FixFeed({
    endpoint: { host: '127.0.0.1', port: lp.port, sender: CLIENT, target: LP },
    instruments: FEED_INSTRUMENTS,
    storeDir,
    heartbeatMs: 100,
    fixHeartbeatSecs: 1,
    flushMs: 20,
    backoff: { initialMs: 100, maxMs: 400 },
    onLinkDown: () => linkDowns.push(Date.now()),
    ...extra,
  });
  const steps: Started['steps'] = [];
  feed.start((ticks, time) => steps.push({ ticks, time }));
  cleanups.push(() => feed.close());
  return { feed, steps, linkDowns };
}

async function waitFor(what: string, check: () => boolean, timeoutMs = 8_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const ticksOf = (steps: Started['steps'], id: number, after = 0) =>
  steps.filter((s) => s.time >= after).flatMap((s) => s.ticks.filter((t) => t.id === id));

const quotedAll = (steps: Started['steps'], ids: number[], after = 0) =>
  ids.every((id) => ticksOf(steps, id, after).length > 0);

const seqFile = (dir: string) => path.join(dir, `FIX.4.4-${CLIENT}-${LP}.seqnums`);

describe('FixFeed against the LP simulator', () => {
  it('logs on, subscribes every instrument and turns W and X into ticks, beating in between', async () => {
    const lp = await startLp();
    const { feed, steps } = startFeed(lp, tempDir());
    await waitFor(
      'quotes of every instrument',
      () => quotedAll(steps, [1, 15, 17]) && ticksOf(steps, 1).length > 3,
    );

    expect(lp.logons).toEqual([expect.objectContaining({ seqNum: 1, resetSeqNum: true })]);
    expect(lp.requests).toBe(3);
    const eurusd = ticksOf(steps, 1);
    for (const t of eurusd) {
      expect(t.bid).toBeLessThan(t.ask);
      expect(t.bid).toBeGreaterThan(110_000);
      expect(t.ask).toBeLessThan(120_000);
    }
    expect(ticksOf(steps, 15)[0]!.bid).toBeGreaterThan(390_000); // 4085.00 in points, give or take

    const status = feed.status();
    expect(status.session).toBe('live');
    expect(status.instruments.map((i) => [i.code, i.symbol, i.state])).toEqual([
      ['EURUSD', 'EUR/USD', 'live'],
      ['XAUUSD', 'XAU/USD', 'live'],
      ['US30', 'US30', 'live'],
    ]);
    expect(status.instruments[0]!.providerTime).toBeGreaterThan(Date.now() - 5_000);
    expect(Object.values(status.dropped).every((n) => n === 0)).toBe(true);
    expect(feed.vouchesFor(1)).toBe(true);
    expect(feed.snapshot().map((t) => t.id)).toEqual([1, 15, 17]);

    // Quiet or not, the feed speaks at least every heartbeatMs while the provider lives.
    lp.setQuoting(false);
    const from = Date.now();
    await new Promise((r) => setTimeout(r, 600));
    const beats = steps.filter((s) => s.time >= from + 50);
    expect(beats.length).toBeGreaterThanOrEqual(3);
    expect(beats.every((s) => s.ticks.length === 0)).toBe(true);
  });

  it('drops, counts and never passes on crossed, zero, negative, jumping, garbage and mistimed quotes', async () => {
    const lp = await startLp();
    const { feed, steps } = startFeed(lp, tempDir());
    await waitFor('quotes', () => quotedAll(steps, [1, 15, 17]));

    for (const kind of ['crossed', 'zero', 'negative', 'jump', 'garbage', 'out_of_order', 'late'] as const)
      expect(lp.sendBad('EUR/USD', kind)).toBe(1);
    await waitFor('seven drops', () => feed.status().instruments[0]!.dropped === 7);

    expect(feed.status().dropped).toMatchObject({
      crossed: 1,
      non_positive: 2,
      jump: 1,
      garbage: 1,
      out_of_order: 1,
      late: 1,
    });
    const after = Date.now();
    await waitFor('good quotes again', () => ticksOf(steps, 1, after).length > 2);
    for (const t of ticksOf(steps, 1)) {
      expect(t.bid).toBeLessThanOrEqual(t.ask);
      expect(t.bid).toBeGreaterThan(110_000);
      expect(t.ask).toBeLessThan(120_000);
    }
    expect(feed.status().instruments[0]!.state).toBe('live');
  });

  it('marks an instrument the provider refuses (35=Y) unavailable with its reason', async () => {
    const lp = await startLp();
    const { feed, steps } = startFeed(lp, tempDir(), { instruments: [...FEED_INSTRUMENTS, PLATINUM] });
    await waitFor('the reject', () => feed.status().instruments[3]!.state === 'unavailable');

    const platinum = feed.status().instruments[3]!;
    expect(platinum).toMatchObject({ code: 'XPTUSD', symbol: 'XPT/USD', state: 'unavailable' });
    expect(platinum.reason).toBe('market data request rejected: unknown symbol (0): Unknown symbol: XPT/USD');
    expect(feed.status().rejects).toBe(1);
    expect(feed.vouchesFor(99)).toBe(false);
    await waitFor('the others quoted', () => quotedAll(steps, [1, 15, 17]));
    expect(ticksOf(steps, 99)).toEqual([]);
    expect(feed.vouchesFor(1)).toBe(true);
  });

  it('marks an instrument unavailable when its request draws a session (35=3) or business (35=j) reject', async () => {
    const lp = await startLp();
    lp.refuse('XAU/USD', 'session');
    lp.refuse('US30', 'business');
    const { feed, steps } = startFeed(lp, tempDir());
    await waitFor('both rejects', () => feed.status().rejects === 2);

    const [eurusd, gold, dow] = feed.status().instruments;
    expect(gold).toMatchObject({ state: 'unavailable' });
    expect(gold!.reason).toBe(
      'request refused by the session (35=3): value is incorrect (out of range) for this tag (5): ' +
        'symbol refused: XAU/USD',
    );
    expect(dow!.reason).toBe('request refused (35=j): not authorized (6): not entitled to US30');
    await waitFor('EURUSD quoted', () => ticksOf(steps, 1).length > 0);
    expect(eurusd!.state).not.toBe('unavailable');
    expect(feed.status().session).toBe('live'); // a refused request does not end the session
    expect(ticksOf(steps, 15)).toEqual([]);
  });

  it('reconnects with backoff when the provider drops the connection, and quotes resume', async () => {
    const lp = await startLp();
    const { feed, steps, linkDowns } = startFeed(lp, tempDir());
    await waitFor('quotes', () => quotedAll(steps, [1, 15, 17]));
    const before = feed.status().sequence!;

    expect(lp.dropConnections()).toBe(1);
    const droppedAt = Date.now();
    await waitFor('the link down', () => linkDowns.length === 1);
    expect(feed.vouchesFor(1)).toBe(false);
    await waitFor('quotes after the drop', () => quotedAll(steps, [1, 15, 17], droppedAt + 50));

    const status = feed.status();
    expect(status).toMatchObject({ session: 'live', connects: 2, disconnects: 1 });
    // The same session goes on: no reset, the next number after the ones already used.
    expect(lp.logons).toHaveLength(2);
    expect(lp.logons[1]!.resetSeqNum).toBe(false);
    expect(lp.logons[1]!.seqNum).toBeGreaterThanOrEqual(before.nextOut);
    expect(feed.status().instruments.every((i) => i.state === 'live')).toBe(true);
  });

  it('resumes the sequence numbers after a restart, and resets only when the store is gone', async () => {
    const lp = await startLp();
    const dir = tempDir();
    const first = startFeed(lp, dir);
    await waitFor('quotes', () => quotedAll(first.steps, [1, 15, 17]));
    await first.feed.close();
    const [sender, target] = fs.readFileSync(seqFile(dir), 'utf8').split(':').map(Number);
    expect(sender).toBeGreaterThan(4); // logon, three requests, the logout

    const second = startFeed(lp, dir);
    await waitFor('quotes after the restart', () => quotedAll(second.steps, [1, 15, 17]));
    expect(lp.logons[1]).toMatchObject({ seqNum: sender, resetSeqNum: false });
    expect(second.feed.status().sequence!.nextIn).toBeGreaterThan(target!);
    await second.feed.close();

    fs.rmSync(seqFile(dir));
    const third = startFeed(lp, dir);
    await waitFor('quotes after the store went', () => quotedAll(third.steps, [1, 15, 17]));
    expect(lp.logons[2]).toMatchObject({ seqNum: 1, resetSeqNum: true });
  });

  it('starts again after a stop (a feed switched away and back)', async () => {
    const lp = await startLp();
    const { feed, steps } = startFeed(lp, tempDir());
    await waitFor('quotes', () => quotedAll(steps, [1, 15, 17]));
    feed.stop();
    expect(feed.status().session).toBe('stopped');
    const stoppedAt = Date.now();
    await new Promise((r) => setTimeout(r, 100));
    expect(steps.filter((s) => s.time > stoppedAt)).toEqual([]); // nothing after a stop
    const again: SimTick[] = [];
    feed.start((ticks) => again.push(...ticks));
    await waitFor('quotes after the restart', () => feed.status().connects === 2 && again.length > 3);
    expect(feed.status().session).toBe('live');
    expect(lp.logons.map((l) => l.resetSeqNum)).toEqual([true, false]);
  });

  it('keeps trying, and says why, when the provider’s numbers are lower than the stored ones', async () => {
    const lp = await startLp();
    const dir = tempDir();
    const first = startFeed(lp, dir);
    await waitFor('quotes', () => quotedAll(first.steps, [1, 15, 17]));
    await first.feed.close();
    const [sender] = fs.readFileSync(seqFile(dir), 'utf8').split(':').map(Number);
    fs.writeFileSync(seqFile(dir), `${String(sender).padStart(20)} : ${'1000'.padStart(20)}`);

    const second = startFeed(lp, dir);
    await waitFor('two failed logons', () => second.feed.status().disconnects >= 2);
    const status = second.feed.status();
    expect(status.session).not.toBe('live');
    expect(status.lastError).toMatch(/seqDelta|MsgSeqNum/);
    expect(second.steps).toEqual([]); // nothing from a session that never stood
  });

  it('logs on with its credentials, and stays off a provider that refuses them', async () => {
    const lp = await startLp(0, 40, 'open-sesame');
    const wrong = startFeed(lp, tempDir(), { username: 'pipwise', password: 'guess' });
    const right = startFeed(lp, tempDir(), { username: 'pipwise', password: 'open-sesame' });
    await waitFor('quotes with the right password', () => quotedAll(right.steps, [1, 15, 17]));
    await waitFor('two refused logons', () => wrong.feed.status().disconnects >= 2);
    expect(wrong.feed.status().session).not.toBe('live');
    expect(wrong.steps).toEqual([]);
  });

  it('marks instruments stale when the provider stops quoting but stays up, and live when it resumes', async () => {
    const lp = await startLp();
    const { feed, steps } = startFeed(lp, tempDir(), { staleAfterMs: 300 });
    await waitFor('quotes', () => quotedAll(steps, [1, 15, 17]));

    lp.setQuoting(false);
    await waitFor('stale instruments', () => feed.status().instruments.every((i) => i.state === 'stale'));
    expect(feed.vouchesFor(1)).toBe(false);
    expect(feed.status().session).toBe('live');

    lp.setQuoting(true);
    await waitFor('live again', () => feed.status().instruments.every((i) => i.state === 'live'));
    expect(feed.vouchesFor(1)).toBe(true);
  });

  it('starts the session over when the provider comes back without its sequence numbers', async () => {
    const lp = await startLp();
    const { feed, steps } = startFeed(lp, tempDir());
    await waitFor('quotes', () => quotedAll(steps, [1, 15, 17]));
    await lp.close();

    const restarted = await startLp(lp.port);
    // Quotes the old session still had on the wire may land after the restart: only those
    // after a logon at the restarted provider count.
    await waitFor('a logon at the restarted provider', () => restarted.logons.length > 0);
    const back = Date.now();
    await waitFor('quotes from the restarted provider', () => quotedAll(steps, [1, 15, 17], back));
    // The provider lost its numbers: it took ours as they came and answered with a reset.
    // (On a loaded machine a logon may time out and be retried: every one kept our numbers.)
    expect(restarted.logons.length).toBeGreaterThan(0);
    for (const logon of restarted.logons) {
      expect(logon.resetSeqNum).toBe(false);
      expect(logon.seqNum).toBeGreaterThan(1);
    }
    expect(feed.status()).toMatchObject({ session: 'live' });
    expect(feed.status().connects).toBeGreaterThanOrEqual(2);
    expect(feed.status().sequence!.nextIn).toBeLessThan(10);
  });

  it('streams the quotes of a given source (a replay) instead of the simulator', async () => {
    let emit: ((ticks: SimTick[], time: number) => void) | undefined;
    const quote = (bid: number, ask: number): SimTick => ({ id: 1, bid: points(bid), ask: points(ask) });
    const lp = await startLpSimulator({
      senderCompId: LP,
      targetCompId: CLIENT,
      instruments: LP_INSTRUMENTS,
      heartbeatSecs: 1,
      source: {
        heartbeatMs: 100,
        snapshot: () => [quote(110_000, 110_010)],
        start: (onTicks) => (emit = onTicks),
        stop: () => (emit = undefined),
      },
    });
    cleanups.push(() => lp.close());
    const { steps } = startFeed(lp, tempDir(), { instruments: [FEED_INSTRUMENTS[0]!] });
    await waitFor('the snapshot', () => ticksOf(steps, 1).length === 1);
    emit!([quote(110_020, 110_030)], Date.now());
    await waitFor('a recorded tick', () => ticksOf(steps, 1).length === 2);
    emit!([quote(110_040, 110_050)], Date.now());
    await waitFor('the next', () => ticksOf(steps, 1).length === 3);
    expect(ticksOf(steps, 1).map((t) => [t.bid, t.ask])).toEqual([
      [110_000, 110_010],
      [110_020, 110_030],
      [110_040, 110_050],
    ]);
  });

  it('bounds a provider that floods: reads a budget per second, passes quotes on in steps, then hangs up', async () => {
    const lp = await startLp(0, 2); // three instruments every 2 ms: over a thousand messages a second
    const { feed, steps } = startFeed(lp, tempDir(), {
      maxMessagesPerSecond: 100,
      floodSecondsToDisconnect: 2,
      flushMs: 50,
    });
    await waitFor('flood drops', () => feed.status().dropped.flood > 100);
    const from = Date.now();
    await new Promise((r) => setTimeout(r, 1_000));
    // At most a step per flushMs and one per heartbeat: the trading engine is not flooded.
    expect(steps.filter((s) => s.time >= from && s.time < from + 1_000).length).toBeLessThanOrEqual(32);
    await waitFor('the hang-up', () => feed.status().disconnects >= 1);
    expect(feed.status().lastError).toMatch(/floods/);
    expect(feed.status().messages).toBeGreaterThan(feed.status().dropped.flood);
  });
});
