import type { Config } from './config.js';
import type { DatabaseHandle } from './db/create-db.js';
import type { Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedIfEmpty } from './db/seed/seed.js';
import { createTranslator, type Translator } from './http/i18n.js';
import { SessionService } from './modules/auth/session.service.js';
import { SimulatorFeed } from './modules/market/feed.js';
import { MarketService } from './modules/market/market.service.js';
import { DEFAULT_HUB_OPTIONS, Hub, type HubOptions } from './realtime/hub.js';

/** Everything the routes need, wired once. */
export interface Services {
  db: Db;
  dialect: DatabaseHandle['dialect'];
  t: Translator;
  market: MarketService;
  sessions: SessionService;
  hub: Hub;
  feed: SimulatorFeed;
}

export interface ServiceOptions {
  hub?: Partial<HubOptions>;
  now?: () => number;
}

/**
 * Brings the database up to date, seeds a new installation, loads the market and builds
 * the services. Nothing runs yet: `startServices` starts the feed and the socket flush.
 */
export async function createServices(
  handle: DatabaseHandle,
  config: Pick<Config, 'SIM_SEED' | 'SIM_TICK_MS'>,
  options: ServiceOptions = {},
): Promise<Services> {
  const { db } = handle;
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const t = createTranslator();
  const now = options.now ?? Date.now;
  const market = new MarketService(db, now);
  await market.load();
  const feed = new SimulatorFeed({
    instruments: market.listInstruments().map((i) => ({
      id: i.id, code: i.code, precision: i.precision, spreadPoints: i.spreadPoints, session: i.session, sim: i.sim,
    })),
    seed: config.SIM_SEED,
    tickMs: config.SIM_TICK_MS,
    startMids: market.savedMids(),
    now,
  });
  market.initQuotes(feed.snapshot());
  const sessions = new SessionService(db, now);
  const hub = new Hub(market, sessions, t, { ...DEFAULT_HUB_OPTIONS, ...options.hub, now });
  return { db, dialect: handle.dialect, t, market, sessions, hub, feed };
}

export function startServices(services: Services): void {
  services.market.start(services.feed);
  services.hub.start();
}

/** Stops producing, then saves state; the caller closes the database afterwards. */
export async function stopServices(services: Services): Promise<void> {
  services.hub.stop();
  await services.market.stop();
}
