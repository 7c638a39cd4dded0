import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db/database.js';
import type { ServerLog } from '../../core/index.js';
import { backfillIfEmpty, type BackfillOptions } from './candles/backfill.js';
import { registerCandleRoutes } from './candles/candle.routes.js';
import { CandleService, DEFAULT_CANDLE_OPTIONS, type CandlePublisher } from './candles/candle.service.js';
import { SimulatorFeed } from './feed.js';
import { registerDrawingRoutes } from './drawings/drawing.routes.js';
import { DrawingService } from './drawings/drawing.service.js';
import { registerFavouriteRoutes } from './favourites/favourite.routes.js';
import { FavouriteService } from './favourites/favourite.service.js';
import { registerMarketRoutes } from './market.routes.js';
import { MarketService } from './market.service.js';
import { FixSourceService } from './sources/fix-source.service.js';

/** Instruments, quotes and the feed that moves them (docs/market-data.md). */
export interface MarketModule {
  service: MarketService;
  /** The simulator this process starts with. */
  feed: SimulatorFeed;
  /** A fresh simulator continuing from the given mid prices (a new engine makes its own). */
  makeFeed: (startMids: ReadonlyMap<string, number>) => SimulatorFeed;
  /** Reads instruments again (spreads, leverage, enabled) after another instance's edit. */
  reloadInstruments: () => Promise<void>;
  /** An operator edited instruments here: reload them and tell the other instances. */
  instrumentsChanged: () => Promise<void>;
  /** The provider sessions operators set (sources/); the process running them follows `changed`. */
  sources: FixSourceService;
}

export interface MarketDeps {
  db: Db;
  now: () => number;
  log: ServerLog;
  tickMs: number;
  /** Set only by tests: without it every simulator draws fresh randomness (config.ts SIM_SEED). */
  simSeed?: number | undefined;
  /** Candle history made on the first start (default: production windows); tests pass small ones. */
  backfill?: BackfillOptions | undefined;
}

/** A simulator seed nobody can predict: the market never replays itself. */
const freshSeed = () => randomInt(2 ** 31);

/** Loads the instruments and the last quotes, and makes the first start's candle history. */
export async function createMarketModule(deps: MarketDeps): Promise<MarketModule> {
  const { db, now } = deps;
  const service = new MarketService(db, now);
  await service.load();
  // Candle history first (empty table only), so the live feed starts where it ends.
  const history = await backfillIfEmpty(db, {
    instruments: service.listInstruments(),
    seed: deps.simSeed ?? freshSeed(),
    now: now(),
    ...(deps.backfill ? { options: deps.backfill } : {}),
  });
  if (history.written > 0) {
    deps.log.info({ candles: history.written, ms: history.elapsedMs }, 'candle history backfilled');
  }
  /** The simulator producing ticks in this process now (operators' spreads go to it). */
  let activeFeed: SimulatorFeed | undefined;
  const makeFeed = (startMids: ReadonlyMap<string, number>) => {
    activeFeed = new SimulatorFeed({
      instruments: service.listInstruments().map((i) => ({
        id: i.id,
        code: i.code,
        precision: i.precision,
        spreadPoints: i.spreadPoints,
        session: i.session,
        sim: i.sim,
      })),
      seed: deps.simSeed ?? freshSeed(),
      tickMs: deps.tickMs,
      startMids,
      now,
    });
    return activeFeed;
  };
  // Saved quotes win: after a restart they are newer than the first start's history.
  const feed = makeFeed(new Map([...history.mids, ...service.savedMids()]));
  service.initQuotes(feed.snapshot(), history.days);
  const reloadInstruments = async () => {
    await service.reloadConfig();
    activeFeed?.setSpreads(new Map(service.listInstruments().map((i) => [i.id, i.spreadPoints])));
  };
  return {
    service,
    feed,
    makeFeed,
    reloadInstruments,
    sources: new FixSourceService(db, now),
    async instrumentsChanged() {
      await reloadInstruments();
      service.events.emit('config');
    },
  };
}

/** The candles of every instrument and period, continued from the newest stored ones. */
export async function createCandles(
  db: Db,
  market: MarketService,
  publisher: CandlePublisher,
  log: ServerLog,
): Promise<CandleService> {
  const candles = new CandleService(db, market, publisher, { ...DEFAULT_CANDLE_OPTIONS, log });
  await candles.load();
  return candles;
}

/** The board, quotes, candles, the traders' favourites and their chart drawings. */
export function registerMarketModuleRoutes(
  app: FastifyInstance,
  deps: { db: Db; now: () => number; market: MarketService; candles: CandleService },
): void {
  registerMarketRoutes(app, deps.market);
  registerCandleRoutes(app, deps.candles);
  registerFavouriteRoutes(app, new FavouriteService(deps));
  registerDrawingRoutes(app, new DrawingService(deps));
}
