import {
  MARKET_SESSIONS,
  PERIOD_SECONDS,
  PERIODS,
  points,
  pointsToPrice,
  type MarketSession,
  type Period,
  type Points,
} from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { isMarketOpen, nyClock } from '../market-hours.js';
import { PriceSimulator, type SimInstrument } from '../simulator.js';
import { CandleBuilder, type CandlePoints } from './candle-builder.js';
import { bucketOf } from './candle-time.js';
import { hasCandles, upsertCandles, type CandleRow } from './candle.repository.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** How much history the first start makes, so every chart is full at once. */
export interface BackfillOptions {
  /** Calendar days of stored candles per period. */
  days: Record<Period, number>;
  /** Simulation step for the last `fineDays`. */
  fineDays: number;
  fineStepMs: number;
  /** Step while candles of an hour or less are stored (the longest such window). */
  coarseStepMs: number;
  /** Step for older days, which only feed 4hour and 1day candles (and 1week). */
  dayOnlyStepMs: number;
  /** Step for the oldest days, which only feed 1week candles. */
  weekOnlyStepMs: number;
}

/**
 * Production windows. Each gives at least 300 candles (what `kline` returns) even when
 * the window spans a weekend: forex makes only five day candles a week (300 trading days
 * ≈ 420 calendar days, so 1day needs 440), thirty 4hour candles (10 weeks: 4hour needs 80
 * days) and one week candle (1week needs 300 weeks and the forming one: 2,120 days). The
 * last 4 days are simulated every 5 s so 1-minute candles have real intra-minute ranges,
 * the rest of the windows of an hour or less every 60 s. Older days step 5 minutes: 288
 * samples still give a day candle its range (48 a 4hour one), and a 60 s grid there would
 * triple the first start (the simulator dominates: ~0.3 µs per instrument step). The years
 * before that only make week candles and step an hour (168 samples a week): the six years
 * add about a quarter to the first start, where 5-minute steps would more than double it.
 */
export const DEFAULT_BACKFILL: BackfillOptions = {
  days: {
    '1min': 4,
    '5min': 4,
    '15min': 7,
    '30min': 14,
    '60min': 30,
    '4hour': 80,
    '1day': 440,
    '1week': 2_120,
  },
  fineDays: 4,
  fineStepMs: 5_000,
  coarseStepMs: 60_000,
  dayOnlyStepMs: 300_000,
  weekOnlyStepMs: 3_600_000,
};

/** The current trading day's candle, to seed the quote's day open/high/low. */
export type DayCandle = Pick<CandlePoints, 'time' | 'open' | 'high' | 'low'>;

export interface History {
  rows: CandleRow[];
  /** The simulator's mid at the end, by code: the live feed starts from here. */
  mids: Map<string, number>;
  /** The forming 1day candle by instrument id. */
  days: Map<number, DayCandle>;
}

/**
 * Simulates the past with the live feed's simulator (same seed, instruments and market
 * hours) and builds its candles. Pure and deterministic: the same inputs give the same
 * rows, which is what makes a history reproducible.
 */
export function generateHistory(
  instruments: readonly SimInstrument[],
  seed: number,
  now: number,
  options: BackfillOptions = DEFAULT_BACKFILL,
): History {
  const sim = new PriceSimulator([...instruments], seed);
  // Stored periods only: a period outside its window is not built at all (speed).
  const windowStart = new Map<Period, number>();
  for (const p of PERIODS) {
    // The first stored candle is the first whole one inside the window.
    if (options.days[p] > 0) windowStart.set(p, bucketOf(p, now - options.days[p] * DAY_MS).end);
  }
  // Periods in the order their windows open, so the active set only grows.
  const windows = [...windowStart].sort((a, b) => a[1] - b[1]);
  const builders = new Map<number, CandleBuilder[]>();
  for (const inst of instruments) {
    const perPeriod = windows.map(([period]) => new CandleBuilder(period));
    builders.set(inst.id, perPeriod);
  }
  const rows: CandleRow[] = [];
  const isOpen = sessionClock();
  const fineFrom = now - options.fineDays * DAY_MS;
  const intradayFrom = Math.min(
    fineFrom,
    ...windows.filter(([p]) => PERIOD_SECONDS[p] <= HOUR_MS / 1000).map(([, from]) => from),
  );
  // Before the longest window of a day or less begins, only week candles are made.
  const dayFrom = Math.min(
    intradayFrom,
    ...PERIODS.filter((p) => PERIOD_SECONDS[p] <= DAY_MS / 1000).map((p) => now - options.days[p] * DAY_MS),
  );
  let t = now - Math.max(...Object.values(options.days)) * DAY_MS;
  let active = 0;
  for (;;) {
    const step =
      t >= fineFrom
        ? options.fineStepMs
        : t >= intradayFrom
          ? options.coarseStepMs
          : t >= dayFrom
            ? options.dayOnlyStepMs
            : options.weekOnlyStepMs;
    const next = t + step;
    if (next > now) break;
    isOpen.at(next);
    const ticks = sim.step((next - t) / 1000, isOpen.check);
    t = next;
    while (active < windows.length && t >= windows[active]![1]) active++;
    for (const tick of ticks) {
      const perPeriod = builders.get(tick.id);
      if (!perPeriod) continue;
      for (let i = 0; i < active; i++) {
        const closed = perPeriod[i]!.apply(tick.bid, t);
        if (closed) rows.push(toRow(tick.id, windows[i]![0], closed));
      }
    }
  }

  const days = new Map<number, DayCandle>();
  for (const [id, perPeriod] of builders) {
    for (const builder of perPeriod) {
      const forming = builder.current;
      if (!forming) continue;
      rows.push(toRow(id, builder.period, forming));
      if (builder.period === '1day') days.set(id, { ...forming });
    }
  }
  return rescaleToToday(instruments, sim, rows, days);
}

/**
 * The walk starts a year ago from each instrument's seed price and drifts wherever its
 * volatility takes it; traders expect today's chart near today's levels. A geometric walk
 * is scale-free, so multiplying a whole path by one factor gives an equally likely path:
 * each instrument's history is scaled to end exactly at its seed price (crosses by the
 * product of their legs' factors, so they stay consistent with their legs).
 */
function rescaleToToday(
  instruments: readonly SimInstrument[],
  sim: PriceSimulator,
  rows: CandleRow[],
  days: Map<number, DayCandle>,
): History {
  const end = new Map(sim.snapshot().map((q) => [q.id, (q.bid + q.ask) / 2]));
  const byCode = new Map(instruments.map((i) => [i.code, i]));
  const target = (inst: SimInstrument): number =>
    'start' in inst.sim
      ? inst.sim.start * 10 ** inst.precision
      : inst.sim.legs.reduce((acc, leg) => {
          const legInst = byCode.get(leg.code);
          const legMid = legInst && 'start' in legInst.sim ? legInst.sim.start : 1;
          return leg.power === 1 ? acc * legMid : acc / legMid;
        }, 1) *
        10 ** inst.precision;
  const factor = new Map<number, number>();
  const mids = new Map<string, number>();
  for (const inst of instruments) {
    const endMid = end.get(inst.id);
    if (!endMid) continue;
    const goal = Math.round(target(inst));
    factor.set(inst.id, goal / endMid);
    mids.set(inst.code, pointsToPrice(goal, inst.precision));
  }
  const halfSpread = new Map(instruments.map((i) => [i.id, i.spreadPoints / 2]));
  // Candles are bids: scale the mid (bid + half the spread), then take the spread off again.
  const scale = (id: number, bid: Points): Points => {
    const half = halfSpread.get(id) ?? 0;
    return points(Math.max(1, Math.round((bid + half) * (factor.get(id) ?? 1) - half)));
  };
  for (const row of rows) {
    row.open = scale(row.instrument_id, row.open);
    row.high = scale(row.instrument_id, row.high);
    row.low = scale(row.instrument_id, row.low);
    row.close = scale(row.instrument_id, row.close);
  }
  for (const [id, day] of days) {
    days.set(id, { ...day, open: scale(id, day.open), high: scale(id, day.high), low: scale(id, day.low) });
  }
  return { rows, mids, days };
}

function toRow(instrumentId: number, period: Period, c: CandlePoints): CandleRow {
  return { instrument_id: instrumentId, period, ...c };
}

/**
 * isMarketOpen per session, recomputed only when the UTC hour changes: every session
 * boundary falls on a New York hour and New York's offset is whole hours, so the answer
 * cannot change inside a UTC hour. Saves a time-zone conversion per instrument per step.
 * The answers are kept per hour of the New York week too: the week-only years step an
 * hour at a time, and one conversion a step is then what they cost.
 */
function sessionClock(): { at(ms: number): void; check: (inst: SimInstrument) => boolean } {
  const byWeekHour = new Map<number, Record<MarketSession, boolean>>();
  let open = {} as Record<MarketSession, boolean>;
  let hour = Number.NaN;
  return {
    at(ms) {
      const h = Math.floor(ms / HOUR_MS);
      if (h === hour) return;
      hour = h;
      const ny = nyClock(ms);
      const weekHour = ny.weekday * 24 + ny.hour;
      let known = byWeekHour.get(weekHour);
      if (!known) {
        known = {} as Record<MarketSession, boolean>;
        for (const s of MARKET_SESSIONS) known[s] = isMarketOpen(s, ms);
        byWeekHour.set(weekHour, known);
      }
      open = known;
    },
    check: (inst) => open[inst.session],
  };
}

export interface BackfillResult extends Omit<History, 'rows'> {
  /** Candles written (0 when history already existed). */
  written: number;
  elapsedMs: number;
}

/**
 * First start: when the candles table is empty, generates and stores the history in one
 * transaction (one commit, large multi-row inserts). Later starts do nothing and return
 * empty maps, because the saved quotes already continue the stored history.
 */
export async function backfillIfEmpty(
  db: Db,
  input: { instruments: readonly SimInstrument[]; seed: number; now: number; options?: BackfillOptions },
): Promise<BackfillResult> {
  const started = performance.now();
  if (await hasCandles(db)) {
    return { mids: new Map(), days: new Map(), written: 0, elapsedMs: 0 };
  }
  const history = generateHistory(input.instruments, input.seed, input.now, input.options);
  await db.transaction().execute((trx) => upsertCandles(trx, history.rows));
  return {
    mids: history.mids,
    days: history.days,
    written: history.rows.length,
    elapsedMs: Math.round(performance.now() - started),
  };
}
