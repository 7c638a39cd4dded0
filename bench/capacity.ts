import { microUsd, points } from '@pipwise/shared';
import { createServer, stopServer } from '../apps/server/src/app.js';
import type { Instrument } from '../apps/server/src/modules/market/index.js';
import type { AccountBook } from '../apps/server/src/modules/trading/account-book.js';
import { EngineIndex } from '../apps/server/src/modules/trading/engine-index.js';
import { RiskWatch } from '../apps/server/src/modules/trading/risk-watch.js';
import { warningMoves } from '../apps/server/src/modules/trading/warnings/warning-levels.js';
import { createTestDatabase } from '../apps/server/test/helper.js';
import { seededRandom, syntheticBook } from '../apps/server/test/risk-book-fixture.js';

/**
 * Capacity: how many traders one engine can watch (docs/benchmarks.md "Capacity"). Every
 * tick must find the accounts it moved to a stop-out, a margin call or a warning. With a
 * book of ACCOUNTS funded accounts holding POSITIONS positions over INSTRUMENTS instruments
 * and ticks arriving at TICKS_PER_SECOND in all, it measures the engine's risk watch (bands
 * in price-ordered books, risk-watch.ts) per tick — CPU, and the time from the tick to each
 * stop-out decision — beside, in the same process on the same book, the naive pass (every
 * account valued on every tick) and the engine's previous pass (every account holding the
 * ticked instrument valued).
 */

export interface CapacityShape {
  accounts: number;
  positions: number;
  instruments: number;
  ticks: number;
  ticksPerSecond: number;
}

export const FULL_SHAPE: CapacityShape = {
  accounts: 50_000,
  positions: 200_000,
  instruments: 50,
  ticks: Number(process.env.BENCH_CAPACITY_TICKS ?? 3_000),
  ticksPerSecond: 50,
};

export interface CapacityResult {
  shape: CapacityShape;
  /** The watch: mean CPU per tick and p99 of a tick's whole handling, µs. */
  watchCpuUs: number;
  watchP99Us: number;
  /** Time from the tick to each stop-out it decided, p99 and max, µs; how many. */
  stopOutP99Us: number;
  stopOutMaxUs: number;
  stopOuts: number;
  /** Per tick (mean): accounts whose band the tick left, and of those the ones valued exactly. */
  rebandedPerTick: number;
  valuedPerTick: number;
  /** The naive pass and the holders' pass, mean µs per tick, on sampled ticks. */
  naiveUs: number;
  holdersUs: number;
  /** Share of a core the watch needs at `ticksPerSecond`. */
  coreShare: number;
  /** The first valuation of every account after a load (all without a band), ms. */
  coldPassMs: number;
  heapMb: number;
}

/** Every how many ticks the two peers are timed too (they are slow: they set the pace). */
const PEER_EVERY = 150;

/**
 * A tick's step: most move the bid by up to a pip or two (±0.01 %), one in a hundred jumps
 * (news: up to ±0.5 %); the spread keeps its usual width and one tick in fifty widens it
 * threefold for that tick.
 */
function nextQuote(q: { bid: number; spread: number }, random: () => number): { bid: number; ask: number } {
  const jump = random() < 0.01;
  const relative = (random() - 0.5) * (jump ? 0.01 : 0.0002);
  // A feed sends changes: at least a point.
  const step = Math.round(q.bid * relative) || (random() < 0.5 ? -1 : 1);
  q.bid = Math.max(1, q.bid + step);
  const spread = random() < 0.02 ? q.spread * 3 : q.spread;
  return { bid: q.bid, ask: q.bid + spread };
}

export async function benchCapacity(shape: CapacityShape = FULL_SHAPE): Promise<CapacityResult> {
  const database = await createTestDatabase('sqlite');
  const services = await createServer(database.handle, { SIM_SEED: 1, SIM_TICK_MS: 500 });
  try {
    const market = services.market.service;
    const { risk, warnings } = services.trading;
    const instruments = await enoughInstruments(services, shape.instruments);
    const random = seededRandom(7);
    const book = syntheticBook(services, {
      accounts: shape.accounts,
      positionsPerAccount: Math.round(shape.positions / shape.accounts),
      instruments,
      random,
      // Most accounts well funded, some close to their calls and stop-outs.
      marginLevels: [55, 3_000],
      openedAway: 0.004,
      firstUserId: 1,
    });
    const index = new EngineIndex(
      (id) => dependsOn(market, id),
      (_row, err) => {
        throw err;
      },
    );
    index.load(book.rows, book.accounts);
    const watch = new RiskWatch({ index, risk, warnings, market });
    // Each trader's warning levels as read: a third chose some. A level a valuation crosses
    // fires, and one it is back above re-arms, as the warnings' transaction would write.
    const chosen = new Map<number, { levels: number[]; fired: Set<number> }>();
    const tell = (userId: number, levels: number[], fired: Set<number>) => {
      chosen.set(userId, { levels, fired });
      warnings.hear({
        type: 'warnings',
        userId,
        levels,
        fired: [...fired],
        account: { balance: microUsd(0), lock: microUsd(0) },
        seq: 1,
        part: 0,
      });
      watch.loosen(userId);
    };
    for (const userId of book.accounts.keys()) tell(userId, random() < 0.33 ? [150, 120] : [], new Set());
    const warn = (account: AccountBook) => {
      const state = chosen.get(account.userId)!;
      const { crossed, rearmed } = warningMoves(account.marginLevel, state.levels, state.fired);
      if (crossed.length === 0 && rearmed.length === 0) return;
      const fired = new Set(state.fired);
      for (const level of crossed) fired.add(level);
      for (const level of rearmed) fired.delete(level);
      tell(account.userId, state.levels, fired);
    };

    const ids = instruments.map((i) => i.id);
    const stopOutLatencies: number[] = [];
    let tickStart = 0n;
    let stopOuts = 0;
    const closed: number[] = [];
    const onValued = (account: AccountBook, stopOutDue: boolean) => {
      if (!stopOutDue) return warn(account);
      stopOutLatencies.push(Number(process.hrtime.bigint() - tickStart) / 1_000);
      stopOuts += 1;
      closed.push(account.userId);
    };
    // A stop-out closes the account's positions: the index hears it, its band goes.
    const closeStoppedOut = () => {
      for (const userId of closed) {
        index.drop(userId);
        watch.loosen(userId);
      }
      closed.length = 0;
    };

    const cold = process.hrtime.bigint();
    watch.valueAfter(ids, onValued);
    const coldPassMs = Number(process.hrtime.bigint() - cold) / 1e6;
    closeStoppedOut();
    stopOutLatencies.length = 0;
    stopOuts = 0;

    const before = { ...watch.counts };
    const perTick: number[] = [];
    let cpu = 0;
    let naiveUs = 0;
    let holdersUs = 0;
    let peerSamples = 0;
    const quotes = new Map(
      ids.map((id) => {
        const q = market.liveQuote(id)!;
        return [id, { bid: Number(q.bid), spread: Math.max(1, q.ask - q.bid) }];
      }),
    );
    for (let n = 0; n < shape.ticks; n++) {
      const id = ids[Math.floor(random() * ids.length)]!;
      const q = nextQuote(quotes.get(id)!, random);
      market.onTicks([{ id, bid: points(q.bid), ask: points(q.ask) }], Date.now());
      const cpuStart = process.cpuUsage();
      tickStart = process.hrtime.bigint();
      watch.valueAfter([id], onValued);
      perTick.push(Number(process.hrtime.bigint() - tickStart) / 1_000);
      const used = process.cpuUsage(cpuStart);
      cpu += used.user + used.system;
      closeStoppedOut();

      if (n % PEER_EVERY === PEER_EVERY - 1) {
        peerSamples += 1;
        const holders = process.hrtime.bigint();
        for (const userId of index.usersExposedTo(id)) {
          const account = index.accounts.get(userId);
          if (account) risk.assess(account);
        }
        holdersUs += Number(process.hrtime.bigint() - holders) / 1_000;
        const naive = process.hrtime.bigint();
        for (const account of index.accounts.values()) risk.assess(account);
        naiveUs += Number(process.hrtime.bigint() - naive) / 1_000;
      }
    }
    const watchCpuUs = cpu / shape.ticks;
    return {
      shape,
      watchCpuUs,
      watchP99Us: percentile(perTick, 0.99),
      stopOutP99Us: percentile(stopOutLatencies, 0.99),
      stopOutMaxUs: Math.max(0, ...stopOutLatencies),
      stopOuts,
      rebandedPerTick: (watch.counts.rebanded - before.rebanded) / shape.ticks,
      valuedPerTick: (watch.counts.valued - before.valued) / shape.ticks,
      naiveUs: naiveUs / peerSamples,
      holdersUs: holdersUs / peerSamples,
      coreShare: (watchCpuUs * shape.ticksPerSecond) / 1e6,
      coldPassMs,
      heapMb: process.memoryUsage().heapUsed / 2 ** 20,
    };
  } finally {
    await stopServer(services);
    await database.drop();
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** The instruments whose price moves a position: its own and its quote currency's USD rate. */
function dependsOn(
  market: {
    instrument(id: number): Instrument | undefined;
    instrumentByCode(code: string): Instrument | undefined;
  },
  id: number,
): number[] {
  const inst = market.instrument(id);
  if (!inst || inst.quoteCurrency === 'USD') return [id];
  const rate =
    market.instrumentByCode(`${inst.quoteCurrency}USD`) ??
    market.instrumentByCode(`USD${inst.quoteCurrency}`);
  return rate && rate.id !== id ? [id, rate.id] : [id];
}

/**
 * `count` instruments with a live quote: the seeded ones, and copies of USD-quoted ones under
 * new codes when there are fewer (a broker lists 50 to 100).
 */
async function enoughInstruments(
  services: Awaited<ReturnType<typeof createServer>>,
  count: number,
): Promise<Instrument[]> {
  const market = services.market.service;
  const db = services.core.db;
  const seeded = await db.selectFrom('instruments').selectAll().where('enabled', '=', 1).execute();
  const usdQuoted = seeded.filter((row) => row.quote_currency === 'USD');
  let nextId = Math.max(...seeded.map((row) => row.id)) + 1;
  for (let i = 0; seeded.length + i < count; i++) {
    const source = usdQuoted[i % usdQuoted.length]!;
    const code = `Z${String(i).padStart(2, '0')}USD`;
    await db
      .insertInto('instruments')
      .values({ ...source, id: nextId++, code, show_code: `Z${i}/USD`, base_currency: `Z${i}`, sort: nextId })
      .execute();
  }
  await market.reloadConfig();
  const chosen = market.listInstruments().slice(0, count);
  // A quote for each new one, from its source's price (the seeded ones have theirs).
  market.initQuotes(
    chosen.map((inst) => {
      const q = market.liveQuote(inst.id);
      const bid = q?.bid ?? startPoints(inst);
      return { id: inst.id, bid: points(bid), ask: points(bid + Math.max(1, inst.spreadPoints)) };
    }),
  );
  return chosen;
}

function startPoints(inst: Instrument): number {
  const start = 'start' in inst.sim ? inst.sim.start : 1;
  return Math.round(start * 10 ** inst.precision);
}
