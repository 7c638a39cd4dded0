import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FeedAdapter, FixFeed, SimTick } from '../apps/server/src/modules/market/index.js';

/**
 * The processes of the tick-to-socket benchmark (bench/fix-latency.ts), each forked with IPC:
 *
 * - `lp <tickMs>`: the shipped LP simulator (FIX 4.4 acceptor), quoting the seed instruments
 *   around the clock. Its quotes come from the price simulator it builds for itself without
 *   a `source`, given here as its `source` and stepped every ½–1½ × tickMs; each tick is
 *   stamped just before it is handed to the LP, which sends its 35=X at once: those stamps
 *   are the benchmark's start.
 * - `server <tickMs>`: the whole server, started as main.ts starts the embedded shape, its
 *   simulator stepping every tickMs. Told {sim: true}, it prices from that SimulatorFeed,
 *   each step stamped as the feed hands it to the market service; told {fix: {port,
 *   flushMs?}}, from a FixFeed to the LP at `port`: built by feed-config.ts's
 *   `configuredFeed` as main.ts builds it (FEED=fix, production defaults: flushMs 100, the
 *   heartbeat of the default SIM_TICK_MS, 500 ms), or with `flushMs` the same FixFeed with
 *   that flush. It answers {ready: true} once the feed's first quotes are in.
 *
 * Times are `performance.timeOrigin + performance.now()`: wall-clock ms with sub-ms
 * resolution, comparable across the processes of one machine. On start each sends {port}
 * (the LP's FIX port, the server's HTTP port). {clock: true} answers {clock: <its time>} (the
 * parent checks the clocks agree); {take: true} answers {stamps: [id, bid, ask, ms][]} (the
 * LP's sends, the simulator's steps) and forgets them; {stop: true} exits.
 */

type Stamp = [id: number, bid: number, ask: number, ms: number];
const wall = () => performance.timeOrigin + performance.now();
const send = (m: object) => process.send?.(m);

/** The FixFeed's heartbeat under production's default SIM_TICK_MS. */
const DEFAULT_SIM_TICK_MS = 500;

/** `feed`, each step it hands on stamped first. */
function stamped(feed: FeedAdapter, stamps: Stamp[]): FeedAdapter {
  return {
    heartbeatMs: feed.heartbeatMs,
    snapshot: () => feed.snapshot(),
    start(onTicks) {
      feed.start((ticks: SimTick[], time) => {
        const at = wall();
        for (const t of ticks) stamps.push([t.id, t.bid, t.ask, at]);
        onTicks(ticks, time);
      });
    },
    stop: () => feed.stop(),
  };
}

async function lp(tickMs: number) {
  const { seedLpInstruments, SimulatorFeed, startLpSimulator } =
    await import('../apps/server/src/modules/market/index.js');
  const instruments = seedLpInstruments();
  const stamps: Stamp[] = [];
  const sim = new SimulatorFeed({
    instruments: instruments.map((i) => ({ ...i })),
    seed: 11,
    tickMs,
    startMids: new Map(),
    isOpen: () => true,
  });
  // Steps at irregular intervals (½–1½ × tickMs), so the quotes meet the FixFeed's flush
  // and beat timers at every phase; each tick handed to the LP on its own, stamped first.
  let timer: NodeJS.Timeout | undefined;
  const source: FeedAdapter = {
    heartbeatMs: tickMs,
    snapshot: () => sim.snapshot(),
    start(onTicks) {
      const step = () => {
        const time = Date.now();
        for (const t of sim.step(time)) {
          stamps.push([t.id, t.bid, t.ask, wall()]);
          onTicks([t], time);
        }
        timer = setTimeout(step, tickMs * (0.5 + Math.random()));
      };
      timer = setTimeout(step, tickMs);
    },
    stop: () => clearTimeout(timer),
  };
  const simulator = await startLpSimulator({
    senderCompId: 'PIPWISE-LP',
    targetCompId: 'PIPWISE',
    instruments,
    source,
    alwaysOpen: true,
  });
  return {
    port: simulator.port,
    stamps,
    onMessage: () => undefined,
    stop: () => simulator.close(),
  };
}

async function server(tickMs: number) {
  const { buildApp, createServer, startServer, stopServer } = await import('../apps/server/src/app.js');
  const { silentLog } = await import('../apps/server/src/core/index.js');
  const { configuredFeed, loadFeedConfig } = await import('../apps/server/src/feed-config.js');
  const { FixFeed, fixInstrumentsOf } = await import('../apps/server/src/modules/market/index.js');
  const { createTestDatabase, TEST_BACKFILL } = await import('../apps/server/test/helper.js');

  const database = await createTestDatabase('sqlite');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-bench-fix-'));
  const services = await createServer(
    database.handle,
    { SIM_SEED: 1, SIM_TICK_MS: tickMs, DATA_DIR: dataDir },
    { backfill: TEST_BACKFILL },
  );
  const app = await buildApp(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  startServer(services);
  const market = services.market.service;
  const stamps: Stamp[] = [];
  let fixFeeds = 0;

  /** A FixFeed to the LP on `port`, as FEED=fix builds it (or with another `flushMs`). */
  async function fixFeed(port: number, flushMs: number | undefined): Promise<FixFeed> {
    // Each feed its own sequence store: it logs on afresh (ResetSeqNumFlag=Y).
    const storeDir = path.join(dataDir, `feed-${++fixFeeds}`);
    const endpoint = `fix://127.0.0.1:${port}?sender=PIPWISE&target=PIPWISE-LP`;
    if (flushMs === undefined) {
      const feed = await configuredFeed(services, loadFeedConfig({ FEED: 'fix', FIX_MD_URL: endpoint }), {
        scaled: false,
        tickMs: DEFAULT_SIM_TICK_MS,
        log: silentLog,
        dataDir: storeDir,
      });
      if (!(feed instanceof FixFeed)) throw new Error('FEED=fix did not make a FixFeed');
      return feed;
    }
    // As feed-config.ts builds it, with another flush.
    const instruments = market.listInstruments();
    const lastQuotes = new Map(
      instruments.flatMap((i) => {
        const q = market.liveQuote(i.id);
        return q ? [[i.id, { bid: q.bid, ask: q.ask }] as const] : [];
      }),
    );
    return new FixFeed({
      endpoint: { host: '127.0.0.1', port, sender: 'PIPWISE', target: 'PIPWISE-LP' },
      instruments: fixInstrumentsOf(instruments),
      storeDir: path.join(storeDir, 'fix'),
      heartbeatMs: DEFAULT_SIM_TICK_MS,
      lastQuotes,
      now: services.core.now,
      log: silentLog,
      flushMs,
    });
  }

  let current: FixFeed | undefined;
  async function use(m: { sim?: boolean; fix?: { port: number; flushMs?: number } }): Promise<void> {
    // A FIX session is ended (logged out) before the next starts.
    await current?.close();
    current = undefined;
    if (m.sim) market.switchFeed(stamped(services.market.feed, stamps));
    if (m.fix) {
      const feed = (current = await fixFeed(m.fix.port, m.fix.flushMs));
      market.switchFeed(feed);
      const until = Date.now() + 20_000;
      while (feed.status().quotes === 0) {
        if (Date.now() > until) throw new Error(`no FIX quotes: ${feed.status().lastError ?? 'no error'}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    }
    send({ ready: true });
  }

  return {
    port: (app.server.address() as AddressInfo).port,
    stamps,
    onMessage: (m: object) => void use(m),
    async stop() {
      await app.close();
      await stopServer(services); // stops the feed too
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const [role, tickMs] = process.argv.slice(2);
const peer = role === 'lp' ? await lp(Number(tickMs)) : await server(Number(tickMs));
process.on('message', (m: { clock?: boolean; take?: boolean; stop?: boolean }) => {
  if (m.clock) return send({ clock: wall() });
  if (m.take) return send({ stamps: peer.stamps.splice(0) });
  if (m.stop) return void peer.stop().then(() => process.exit(0));
  peer.onMessage(m);
});
// The benchmark is gone (it failed): so is this.
process.on('disconnect', () => process.exit(1));
send({ port: peer.port });
