import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/create-db.js';
import type { Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedIfEmpty } from './db/seed/seed.js';
import { createTranslator, type Translator } from './http/i18n.js';
import { AccessService } from './modules/auth/access.service.js';
import { CaptchaService } from './modules/auth/captcha.service.js';
import { CodeDeliveryService } from './modules/auth/code-delivery.service.js';
import { CodeService } from './modules/auth/code.service.js';
import { PasswordChangeService } from './modules/auth/password-change.service.js';
import { RegistrationService } from './modules/auth/registration.service.js';
import { startHousekeeping } from './modules/auth/housekeeping.js';
import { SessionService } from './modules/auth/session.service.js';
import { Throttle } from './modules/auth/throttle.js';
import { SettingsService } from './modules/content/settings.service.js';
import { SimulatorFeed } from './modules/market/feed.js';
import { MarketService } from './modules/market/market.service.js';
import { backfillIfEmpty, type BackfillOptions } from './modules/market/candles/backfill.js';
import { CandleService, DEFAULT_CANDLE_OPTIONS } from './modules/market/candles/candle.service.js';
import { Notifier, type SmsProvider } from './modules/notify/notifier.js';
import { AccountFiguresService } from './modules/trading/account-figures.js';
import { TradingEngine } from './modules/trading/engine.js';
import { OrderService } from './modules/trading/order.service.js';
import { Valuation } from './modules/trading/valuation.js';
import { DEFAULT_HUB_OPTIONS, Hub, type HubOptions } from './realtime/hub.js';
import { wireTradingPushes } from './realtime/trading-pushes.js';

/** Everything the routes need, wired once. */
export interface Services {
  db: Db;
  dialect: DatabaseHandle['dialect'];
  t: Translator;
  settings: SettingsService;
  market: MarketService;
  feed: SimulatorFeed;
  candles: CandleService;
  sessions: SessionService;
  throttle: Throttle;
  codes: CodeService;
  captchas: CaptchaService;
  notifier: Notifier;
  access: AccessService;
  registration: RegistrationService;
  passwords: PasswordChangeService;
  delivery: CodeDeliveryService;
  hub: Hub;
  engine: TradingEngine;
  orders: OrderService;
  figures: AccountFiguresService;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Set while the hourly clean-up runs (see startServices). */
  stopHousekeeping?: () => void;
  /** What the public settings call reports beyond the settings table. */
  publicConfig: { demoBalance: number; pcSiteUrl: string };
}

export type ServiceConfig = Pick<Config, 'SIM_SEED' | 'SIM_TICK_MS'> &
  Partial<Pick<Config, 'SMTP_URL' | 'SMTP_FROM' | 'DEMO_START_BALANCE' | 'PC_SITE_URL'>>;

export interface ServiceOptions {
  hub?: Partial<HubOptions>;
  now?: () => number;
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>;
  sms?: SmsProvider;
  /** Candle history made on the first start (default: production windows); tests pass small ones. */
  backfill?: BackfillOptions;
}

const silentLog = { info: () => undefined, error: () => undefined };

/**
 * Brings the database up to date, seeds a new installation, loads the market and builds
 * the services. Nothing runs yet: `startServices` starts the feed and the socket flush.
 */
export async function createServices(
  handle: DatabaseHandle,
  config: ServiceConfig,
  options: ServiceOptions = {},
): Promise<Services> {
  const { db } = handle;
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const t = createTranslator();
  const now = options.now ?? Date.now;
  const demoBalance = config.DEMO_START_BALANCE ?? 10_000;

  const settings = new SettingsService(db);
  const market = new MarketService(db, now);
  await market.load();
  // Candle history first (empty table only), so the live feed starts where it ends.
  const history = await backfillIfEmpty(db, {
    instruments: market.listInstruments(),
    seed: config.SIM_SEED,
    now: now(),
    ...(options.backfill ? { options: options.backfill } : {}),
  });
  if (history.written > 0) {
    options.log?.info({ candles: history.written, ms: history.elapsedMs }, 'candle history backfilled');
  }
  const feed = new SimulatorFeed({
    instruments: market.listInstruments().map((i) => ({
      id: i.id,
      code: i.code,
      precision: i.precision,
      spreadPoints: i.spreadPoints,
      session: i.session,
      sim: i.sim,
    })),
    seed: config.SIM_SEED,
    tickMs: config.SIM_TICK_MS,
    // Saved quotes win: after a restart they are newer than the first start's history.
    startMids: new Map([...history.mids, ...market.savedMids()]),
    now,
  });
  market.initQuotes(feed.snapshot(), history.days);

  const sessions = new SessionService(db, now);
  const throttle = new Throttle(db, now);
  const codes = new CodeService(db, throttle, now);
  const captchas = new CaptchaService(db, now);
  const notifier = new Notifier(
    db,
    options.log ?? silentLog,
    {
      smtpUrl: config.SMTP_URL ?? '',
      from: config.SMTP_FROM ?? 'Pipwise <no-reply@pipwise.local>',
      ...(options.sms ? { sms: options.sms } : {}),
    },
    now,
  );
  const hub = new Hub(market, sessions, t, { ...DEFAULT_HUB_OPTIONS, ...options.hub, now });
  const candles = new CandleService(db, market, hub, {
    ...DEFAULT_CANDLE_OPTIONS,
    ...(options.log ? { log: options.log } : {}),
  });
  await candles.load();

  const valuation = new Valuation(market);
  const pushes = wireTradingPushes(hub);
  const engine = new TradingEngine({ db, market, valuation, settings, listener: pushes.listener, now });
  await engine.load();
  await engine.risk.loadLevels();
  // The engine sees every quote change, whether from the feed or pushed by a test.
  market.events.on('quotes', (ids) => engine.onQuotes(ids));
  const figures = new AccountFiguresService(engine, market, valuation);
  pushes.provide(figures);
  return {
    engine,
    orders: new OrderService(engine, valuation, settings, db, now),
    figures,
    now,
    log: options.log ?? silentLog,
    db,
    dialect: handle.dialect,
    t,
    settings,
    market,
    feed,
    candles,
    sessions,
    throttle,
    codes,
    captchas,
    notifier,
    hub,
    access: new AccessService(db, sessions, throttle, { demoBalance }, now),
    registration: new RegistrationService(db, codes, captchas, settings, throttle, now),
    passwords: new PasswordChangeService(db, codes, throttle, now),
    delivery: new CodeDeliveryService(db, codes, notifier, t),
    publicConfig: { demoBalance, pcSiteUrl: config.PC_SITE_URL ?? '' },
  };
}

export function startServices(services: Services): void {
  services.market.start(services.feed);
  services.candles.start();
  services.hub.start();
  services.stopHousekeeping = startHousekeeping(services.db, services.throttle, services.now, (err) =>
    services.log.error({ err }, 'housekeeping failed'),
  );
}

/** Stops producing, then saves state; the caller closes the database afterwards. */
export async function stopServices(services: Services): Promise<void> {
  services.stopHousekeeping?.();
  services.hub.stop();
  services.notifier.close();
  await services.market.stop();
  // After the feed stopped: the forming candles are final for this run.
  await services.candles.stop();
  await services.engine.settle();
}
