import { randomInt } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/create-db.js';
import type { Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedFundsIfEmpty } from './db/seed/funds.js';
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
import { ContentService } from './modules/content/content.service.js';
import { createContentModule, type ContentModule } from './modules/content/content-module.js';
import { seedContentIfEmpty } from './modules/content/seed/content-seed.js';
import { seedOperatorIfNone } from './modules/admin/operators/seed-operator.js';
import { SettingsService } from './modules/content/settings.service.js';
import { SimulatorFeed } from './modules/market/feed.js';
import { MarketService } from './modules/market/market.service.js';
import { backfillIfEmpty, type BackfillOptions } from './modules/market/candles/backfill.js';
import { CandleService, DEFAULT_CANDLE_OPTIONS } from './modules/market/candles/candle.service.js';
import { Notifier, type SmsProvider } from './modules/notify/notifier.js';
import { DomainEvents } from './events/domain-events.js';
import { AccountService } from './modules/trading/account.service.js';
import { TradingEngine } from './modules/trading/engine.js';
import { startEngineUpkeep } from './modules/trading/engine-upkeep.js';
import { OrderPreviewService } from './modules/trading/order-preview.js';
import { OrderService } from './modules/trading/order.service.js';
import { RiskMonitor } from './modules/trading/risk-monitor.js';
import { TradeDesk } from './modules/trading/trade-desk.js';
import { Valuation } from './modules/trading/valuation.js';
import { AccountTransactions } from './modules/wallet/account-transactions.js';
import { DepositService } from './modules/wallet/deposits/deposit.service.js';
import { WithdrawalService } from './modules/wallet/withdrawals/withdrawal.service.js';
import { IdentityService } from './modules/identity/identity.service.js';
import { ReferralService } from './modules/referral/referral.service.js';
import { UploadService } from './modules/uploads/upload.service.js';
import { ChannelService } from './modules/wallet/channels/channel.service.js';
import { DrawMethodService } from './modules/wallet/methods/draw-method.service.js';
import { DEFAULT_HUB_OPTIONS, Hub, type HubOptions } from './realtime/hub.js';
import { wireTradingPushes } from './realtime/trading-pushes.js';

/** Everything the routes need, wired once. */
export interface Services {
  db: Db;
  dialect: DatabaseHandle['dialect'];
  t: Translator;
  settings: SettingsService;
  content: ContentService;
  /** News, announcement, ranking, feedback and support (modules/content/content-module.ts). */
  cms: ContentModule;
  market: MarketService;
  feed: SimulatorFeed;
  /** A fresh simulator continuing from the given mid prices. */
  makeFeed: (startMids: ReadonlyMap<string, number>) => SimulatorFeed;
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
  events: DomainEvents;
  transactions: AccountTransactions;
  desk: TradeDesk;
  risk: RiskMonitor;
  engine: TradingEngine;
  /** Reads instruments again (spreads, leverage, enabled) after another instance's edit. */
  reloadInstruments: () => Promise<void>;
  /** An operator edited instruments here: reload them and tell the other instances. */
  instrumentsChanged: () => Promise<void>;
  orders: OrderService;
  accounts: AccountService;
  previews: OrderPreviewService;
  deposits: DepositService;
  withdrawals: WithdrawalService;
  uploads: UploadService;
  identity: IdentityService;
  referrals: ReferralService;
  channels: ChannelService;
  drawMethods: DrawMethodService;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Set while the hourly clean-up runs (see startServices). */
  stopHousekeeping?: () => void;
  /** Set while the engine's reconcile and key clean-up run (see startServices). */
  stopUpkeep?: () => void;
  /** What the public settings call reports beyond the settings table. */
  publicConfig: { demoBalance: number; pcSiteUrl: string };
}

export type ServiceConfig = Pick<Config, 'SIM_TICK_MS'> &
  /** Set only by tests: without it every simulator draws fresh randomness. */
  Partial<Pick<Config, 'SIM_SEED'>> &
  Partial<Pick<Config, 'SMTP_URL' | 'SMTP_FROM' | 'DEMO_START_BALANCE' | 'PC_SITE_URL'>> &
  /** Where uploads are stored (`DATA_DIR/uploads`); without it, a folder under the OS temp dir (tests). */
  Partial<Pick<Config, 'DATA_DIR'>> &
  /** The first operator, created when there is none (modules/admin/operators/seed-operator.ts). */
  Partial<Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>>;

export interface ServiceOptions {
  hub?: Partial<HubOptions>;
  now?: () => number;
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>;
  sms?: SmsProvider;
  /** Candle history made on the first start (default: production windows); tests pass small ones. */
  backfill?: BackfillOptions;
}

/** A simulator seed nobody can predict: the market never replays itself (config.ts SIM_SEED). */
const freshSeed = () => randomInt(2 ** 31);

const silentLog = { info: () => undefined, error: () => undefined };

/** The folder of private uploads: DATA_DIR/uploads, or a shared temporary one when no DATA_DIR is given. */
function uploadsDir(config: ServiceConfig): string {
  return path.join(config.DATA_DIR ?? path.join(os.tmpdir(), 'pipwise-data'), 'uploads');
}

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
  await seedFundsIfEmpty(db);
  const t = createTranslator();
  const now = options.now ?? Date.now;
  await seedContentIfEmpty(db, now());
  // The back office's first admin: from ADMIN_EMAIL/ADMIN_PASSWORD, or a password logged once.
  await seedOperatorIfNone(
    db,
    { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
    options.log ?? silentLog,
    now(),
  );
  const demoBalance = config.DEMO_START_BALANCE ?? 10_000;

  const settings = new SettingsService(db);
  const market = new MarketService(db, now);
  await market.load();
  // Candle history first (empty table only), so the live feed starts where it ends.
  const history = await backfillIfEmpty(db, {
    instruments: market.listInstruments(),
    seed: config.SIM_SEED ?? freshSeed(),
    now: now(),
    ...(options.backfill ? { options: options.backfill } : {}),
  });
  if (history.written > 0) {
    options.log?.info({ candles: history.written, ms: history.elapsedMs }, 'candle history backfilled');
  }
  /** The simulator producing ticks in this process now (operators' spreads go to it). */
  let activeFeed: SimulatorFeed | undefined;
  /** A simulator continuing from `startMids` (the scaled shape's new engine makes its own). */
  const makeFeed = (startMids: ReadonlyMap<string, number>) => {
    activeFeed = new SimulatorFeed({
      instruments: market.listInstruments().map((i) => ({
        id: i.id,
        code: i.code,
        precision: i.precision,
        spreadPoints: i.spreadPoints,
        session: i.session,
        sim: i.sim,
      })),
      seed: config.SIM_SEED ?? freshSeed(),
      tickMs: config.SIM_TICK_MS,
      startMids,
      now,
    });
    return activeFeed;
  };
  // Saved quotes win: after a restart they are newer than the first start's history.
  const feed = makeFeed(new Map([...history.mids, ...market.savedMids()]));
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
  const hub = new Hub(market, sessions, t, {
    ...DEFAULT_HUB_OPTIONS,
    onError: (err) => options.log?.error({ err }, 'socket session check failed'),
    ...options.hub,
    now,
  });
  const candles = new CandleService(db, market, hub, {
    ...DEFAULT_CANDLE_OPTIONS,
    ...(options.log ? { log: options.log } : {}),
  });
  await candles.load();

  const log = options.log ?? silentLog;
  const events = new DomainEvents((err, event) =>
    log.error({ err, event: event.type, userId: event.userId }, 'event listener failed'),
  );
  const valuation = new Valuation(market);
  const transactions = new AccountTransactions(db, events, now);
  const desk = new TradeDesk({ valuation, market, settings });
  const risk = new RiskMonitor(valuation, market, settings);
  await risk.loadLevels();
  // A settings change here reaches the risk levels at the next tick (other instances: cluster/).
  settings.events.on('changed', () => void risk.loadLevels());
  const engine = new TradingEngine({ db, market, desk, risk, transactions, events, log });
  await engine.load();
  // The engine sees every quote change, whether from the feed or pushed by a test.
  market.events.on('quotes', (ids) => engine.onQuotes(ids));
  wireTradingPushes({ hub, events, engine, market, valuation });
  const accounts = new AccountService({ db, transactions, desk, valuation, market, demoBalance });
  const reloadInstruments = async () => {
    await market.reloadConfig();
    activeFeed?.setSpreads(new Map(market.listInstruments().map((i) => [i.id, i.spreadPoints])));
  };
  return {
    events,
    transactions,
    desk,
    risk,
    engine,
    reloadInstruments,
    async instrumentsChanged() {
      await reloadInstruments();
      market.events.emit('config');
    },
    orders: new OrderService(transactions, desk),
    accounts,
    previews: new OrderPreviewService({ db, desk, accounts, market, settings }),
    deposits: new DepositService(db, transactions),
    uploads: new UploadService(db, uploadsDir(config), now),
    identity: new IdentityService(db, transactions, now),
    referrals: new ReferralService(db),
    channels: new ChannelService(db),
    drawMethods: new DrawMethodService(db, transactions, now),
    withdrawals: new WithdrawalService({
      db,
      transactions,
      figures: (tx) => desk.figures(tx),
      readFigures: (userId) => accounts.figures(userId),
    }),
    now,
    log,
    db,
    dialect: handle.dialect,
    t,
    settings,
    content: new ContentService(db, settings, { demoBalance, pcSiteUrl: config.PC_SITE_URL ?? '' }),
    cms: createContentModule(db, settings, now),
    market,
    feed,
    makeFeed,
    candles,
    sessions,
    throttle,
    codes,
    captchas,
    notifier,
    hub,
    access: new AccessService(db, sessions, captchas, throttle, { demoBalance }, now),
    registration: new RegistrationService(db, codes, captchas, settings, throttle, now),
    passwords: new PasswordChangeService(db, codes, sessions, throttle),
    delivery: new CodeDeliveryService(db, codes, notifier, t),
    publicConfig: { demoBalance, pcSiteUrl: config.PC_SITE_URL ?? '' },
  };
}

export function startServices(services: Services): void {
  services.market.start(services.feed);
  services.candles.start();
  services.hub.start();
  services.stopUpkeep = startEngineUpkeep(services);
  services.stopHousekeeping = startHousekeeping(services.db, services.throttle, services.now, (err) =>
    services.log.error({ err }, 'housekeeping failed'),
  );
}

/** Stops producing, then saves state; the caller closes the database afterwards. */
export async function stopServices(services: Services): Promise<void> {
  services.stopHousekeeping?.();
  services.stopUpkeep?.();
  services.hub.stop();
  services.notifier.close();
  await services.market.stop();
  // After the feed stopped: the forming candles are final for this run.
  await services.candles.stop();
  await services.engine.settle();
}
