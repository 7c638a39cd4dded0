import type { Agent } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { DEFAULT_PUSH_SERVICE_HOSTS, type Config } from './config.js';
import type { DatabaseHandle } from './core/db/create-db.js';
import { migrateToLatest } from './core/db/migrate.js';
import { seedSettings } from './core/settings/seed-settings.js';
import { createCore, silentLog, type Core, type ServerLog } from './core/index.js';
import { registerAuthHook } from './http/auth-hook.js';
import { BODY_LIMIT, registerBodyLimits } from './http/body-limits.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerLang } from './http/lang.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/static.js';
import {
  adminPlugin,
  createOperatorDesk,
  seedOperatorIfNone,
  type DeskFeedOptions,
  type OperatorDesk,
} from './modules/admin/index.js';
import {
  activeTraderIdsAfter,
  countActiveTraders,
  createAuthModule,
  registerAuthRoutes,
  registerPasskeyRoutes,
  registerStepUpRoutes,
  startHousekeeping,
  type AuthModule,
} from './modules/auth/index.js';
import {
  createContentModule,
  registerContentModuleRoutes,
  seedContentIfEmpty,
  settingsCsp,
  type ContentModule,
} from './modules/content/index.js';
import { IdentityService, registerIdentityRoutes } from './modules/identity/index.js';
import {
  createCandles,
  createMarketModule,
  registerMarketModuleRoutes,
  type BackfillOptions,
  type CandleService,
  type MarketModule,
  seedMarketIfEmpty,
} from './modules/market/index.js';
import {
  AnnouncementBroadcasts,
  Inbox,
  MailQueue,
  NoticeBus,
  Notifier,
  PushKeys,
  PushSender,
  PushService,
  registerInboxRoutes,
  registerPushRoutes,
  type SmsProvider,
} from './modules/notify/index.js';
import { ReferralService, registerReferralRoutes } from './modules/referral/index.js';
import {
  createTradingModule,
  registerTradingModuleRoutes,
  startEngineUpkeep,
  type TradingModule,
} from './modules/trading/index.js';
import { registerUploadRoutes, UploadService } from './modules/uploads/index.js';
import {
  createStatementsModule,
  registerStatementRoutes,
  type StatementsModule,
} from './modules/statements/index.js';
import {
  createWalletModule,
  registerWalletRoutes,
  seedFundsIfEmpty,
  type WalletModule,
} from './modules/wallet/index.js';
import { BooksMonitor, DEFAULT_BOOKS_CHECK_MS, registerOps, type OpsOptions } from './ops/index.js';
import { DEFAULT_HUB_OPTIONS, Hub, type HubOptions } from './realtime/hub.js';
import { ProviderSessions } from './providers/index.js';
import { wireTradingPushes } from './realtime/trading-pushes.js';
import { wireNoticePushes } from './realtime/notice-pushes.js';
import { registerSocketRoute } from './realtime/ws.routes.js';
import { DEFAULT_DESK_SOCKET_OPTIONS, DeskSockets } from './realtime/desk-socket.js';
import { registerDeskSocketRoute } from './realtime/desk-socket.routes.js';

/**
 * The composition root (docs/architecture.md "Layers and modules"): every module is built
 * here from what it needs, top to bottom, and its routes registered in `buildApp`. Nothing
 * else hands one module to another.
 */
export interface Server {
  core: Core;
  market: MarketModule;
  candles: CandleService;
  auth: AuthModule;
  notifier: Notifier;
  /** The trader's inbox (docs/notifications.md "The inbox"). */
  inbox: Inbox;
  /** Web push: the trader's browsers, and the outbox's sender (docs/notifications.md "Web push"). */
  push: PushService;
  pushSender: PushSender;
  /** The announcement sent to every trader's inbox, fanned out by any instance (docs/notifications.md "Announcements"). */
  broadcasts: AnnouncementBroadcasts;
  /** The live socket: quotes, candles and each trader's own pushes. */
  hub: Hub;
  trading: TradingModule;
  wallet: WalletModule;
  content: ContentModule;
  uploads: UploadService;
  identity: IdentityService;
  referrals: ReferralService;
  /** The liquidity provider's sessions as the back office sets them (embedded shape). */
  providers: ProviderSessions;
  /** The server's own check of the books' invariants (at start, takeover and on a schedule). */
  books: BooksMonitor;
  /** BOOKS_CHECK_MS. */
  booksCheckMs: number;
  /** ROLLOVER_CHECK_MS. */
  rolloverCheckMs: number;
  /** E-mails queued with the change that decided them, sent by any instance (docs/statements.md). */
  mailQueue: MailQueue;
  /** Trader statements and their e-mails. */
  statements: StatementsModule;
  /** The dealing desk's live feed and the operator sessions its socket checks (docs/dealing-desk.md). */
  desk: OperatorDesk;
  /** Set while the background jobs run (startServer); stopServer calls it. */
  stopJobs?: () => void;
}

export type ServerConfig = Pick<Config, 'SIM_TICK_MS'> &
  /** Set only by tests: without it every simulator draws fresh randomness. */
  Partial<Pick<Config, 'SIM_SEED'>> &
  Partial<Pick<Config, 'SMTP_URL' | 'SMTP_FROM' | 'DEMO_START_BALANCE' | 'PC_SITE_URL'>> &
  /** Web push: the push services allowed, and who sends (docs/notifications.md "Web push"). */
  Partial<Pick<Config, 'PUSH_SERVICE_HOSTS' | 'PUSH_SUBJECT'>> &
  /** Where uploads are stored (`DATA_DIR/uploads`); without it, a folder under the OS temp dir (tests). */
  Partial<Pick<Config, 'DATA_DIR' | 'BOOKS_CHECK_MS' | 'ROLLOVER_CHECK_MS'>> &
  /** Where the statements' Noto fonts are (docs/statements.md "Fonts"). */
  Partial<Pick<Config, 'STATEMENT_FONT_DIR'>> &
  /** The first operator, created when there is none (modules/admin/operators/seed-operator.ts). */
  Partial<Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>>;

export interface ServerOptions {
  hub?: Partial<HubOptions>;
  now?: () => number;
  log?: ServerLog;
  sms?: SmsProvider;
  /** Candle history made on the first start (default: production windows); tests pass small ones. */
  backfill?: BackfillOptions;
  /** The dealing desk's feed: tests pass a short tick (default DESK_TICK_MS). */
  desk?: DeskFeedOptions;
  /** The TLS agent web push posts with (tests trust their own push endpoint with it). */
  pushAgent?: Agent;
}

/** DATA_DIR, or a shared temporary folder when none is given (tests). */
function dataDir(config: ServerConfig): string {
  return config.DATA_DIR ?? path.join(os.tmpdir(), 'pipwise-data');
}

/** Brings the database up to date and seeds a new installation (every module's first rows). */
export async function prepareDatabase(
  handle: DatabaseHandle,
  config: ServerConfig,
  now: number,
  log: ServerLog,
): Promise<void> {
  const { db } = handle;
  await migrateToLatest(db);
  await seedSettings(db);
  await seedMarketIfEmpty(db);
  await seedFundsIfEmpty(db);
  await seedContentIfEmpty(db, now);
  // The back office's first admin: from ADMIN_EMAIL/ADMIN_PASSWORD, or a password logged once.
  await seedOperatorIfNone(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }, log, now);
}

/**
 * Prepares the database, then builds every module in dependency order. Nothing runs yet:
 * `startServer` starts the feed, the socket flush and the background jobs.
 */
export async function createServer(
  handle: DatabaseHandle,
  config: ServerConfig,
  options: ServerOptions = {},
): Promise<Server> {
  const now = options.now ?? Date.now;
  const log = options.log ?? silentLog;
  await prepareDatabase(handle, config, now(), log);
  const core = createCore(handle, now, log);
  const { db, t, settings } = core;
  const publicConfig = {
    demoBalance: config.DEMO_START_BALANCE ?? 10_000,
    pcSiteUrl: config.PC_SITE_URL ?? '',
  };

  const market = await createMarketModule({
    db,
    now,
    log,
    tickMs: config.SIM_TICK_MS,
    simSeed: config.SIM_SEED,
    backfill: options.backfill,
  });
  const notifier = new Notifier(
    db,
    log,
    {
      smtpUrl: config.SMTP_URL ?? '',
      from: config.SMTP_FROM ?? 'Pipwise <no-reply@pipwise.local>',
      ...(options.sms ? { sms: options.sms } : {}),
    },
    now,
  );
  const auth = createAuthModule(core, notifier, { demoBalance: publicConfig.demoBalance });
  const hub = new Hub(market.service, auth.sessions, t, {
    ...DEFAULT_HUB_OPTIONS,
    onError: (err) => log.error({ err }, 'trader socket: a session check or a message failed'),
    ...options.hub,
    now,
  });
  const candles = await createCandles(db, market.service, hub, log);
  const inbox = new Inbox(db, new NoticeBus(), now);
  const pushKeys = new PushKeys(db, config.PUSH_SUBJECT ?? 'mailto:support@pipwise.example', now);
  const trading = await createTradingModule(core, market.service, {
    demoBalance: publicConfig.demoBalance,
    inbox,
    candles,
  });
  wireNoticePushes(hub, inbox, (err) => log.error({ err }, 'inbox push failed'));
  wireTradingPushes({
    hub,
    events: core.events,
    engine: trading.engine,
    market: market.service,
    valuation: trading.valuation,
  });
  const providers = new ProviderSessions({
    market,
    trading,
    log,
    now,
    dataDir: dataDir(config),
    tickMs: config.SIM_TICK_MS,
  });
  await providers.load();
  const mailQueue = new MailQueue({ db, notifier, log, now });
  const statements = createStatementsModule(core, {
    market: market.service,
    queue: mailQueue,
    fontDir: config.STATEMENT_FONT_DIR ?? DEFAULT_STATEMENT_FONT_DIR,
  });
  return {
    core,
    market,
    candles,
    auth,
    notifier,
    inbox,
    push: new PushService({
      db,
      inbox,
      keys: pushKeys,
      hosts: config.PUSH_SERVICE_HOSTS ?? DEFAULT_PUSH_SERVICE_HOSTS,
      now,
    }),
    pushSender: new PushSender({
      db,
      t,
      log,
      now,
      keys: pushKeys,
      ...(options.pushAgent ? { agent: options.pushAgent } : {}),
    }),
    broadcasts: new AnnouncementBroadcasts({
      db,
      inbox,
      traders: activeTraderIdsAfter,
      countTraders: countActiveTraders,
      log,
      now,
    }),
    hub,
    trading,
    wallet: createWalletModule(core, trading, inbox),
    content: createContentModule(db, settings, now, publicConfig),
    uploads: new UploadService(db, path.join(dataDir(config), 'uploads'), now),
    identity: new IdentityService(db, core.transactions, now, inbox),
    referrals: new ReferralService(db),
    providers,
    books: new BooksMonitor({ db, log, now }),
    booksCheckMs: config.BOOKS_CHECK_MS ?? DEFAULT_BOOKS_CHECK_MS,
    rolloverCheckMs: config.ROLLOVER_CHECK_MS ?? DEFAULT_ROLLOVER_CHECK_MS,
    mailQueue,
    statements,
    desk: createOperatorDesk(
      { core, market, trading },
      { onError: (err) => log.error({ err }, 'dealing desk snapshot failed'), ...options.desk },
    ),
  };
}

/** Debian's font root (fonts-noto-core, fonts-noto-cjk): STATEMENT_FONT_DIR's default. */
export const DEFAULT_STATEMENT_FONT_DIR = '/usr/share/fonts';
/**
 * How often the engine looks for a rollover it owes (17:00 New York, or days missed while
 * down), ms: ROLLOVER_CHECK_MS's default.
 */
export const DEFAULT_ROLLOVER_CHECK_MS = 60_000;
/** How often each instance looks for queued e-mails that are due, ms. */
const MAIL_QUEUE_MS = 5_000;
/** How often each instance looks for pushes that are due, ms: an alert is told within seconds. */
const PUSH_OUTBOX_MS = 1_000;
/** How often each instance looks for an announcement broadcast to fan out, ms. */
const BROADCAST_MS = 2_000;
/** How often each instance queues the monthly statements still unqueued (hourly: the 1st comes in every zone). */
const MONTHLY_STATEMENTS_MS = 3_600_000;

/** The embedded shape: this process runs the feed, the engine and every background job. */
export function startServer(server: Server): void {
  // The provider's feed when the back office set one: never a simulated tick before it.
  server.market.service.start(server.providers.firstFeed() ?? server.market.feed);
  void server.providers.start();
  server.candles.start();
  server.hub.start();
  server.stopJobs = startJobs(server);
}

/** The background jobs every engine runs: reconcile, key and session clean-up. */
export function startJobs(server: Server): () => void {
  const { core, trading, auth } = server;
  const stopUpkeep = startEngineUpkeep({ engine: trading.engine, db: core.db, now: core.now, log: core.log });
  // The engine's instance checks the books; the others show what it found.
  const stopBooks = server.books.start(server.booksCheckMs, () => trading.engine.isActive);
  // Only the engine's instance charges the rollover; the markers make it once per day anyway.
  const stopRollover = trading.rollover.start(server.rolloverCheckMs, () => trading.engine.isActive);
  const stopHousekeeping = startHousekeeping(core.db, auth.throttle, core.now, (err) =>
    core.log.error({ err }, 'housekeeping failed'),
  );
  // Every instance runs both: the queue's claims and the monthly key keep each mail to one send.
  const stopMail = server.mailQueue.start(MAIL_QUEUE_MS);
  const stopPush = server.pushSender.start(PUSH_OUTBOX_MS);
  // Every instance too: a broadcast's lease keeps each batch to one instance.
  const stopBroadcasts = server.broadcasts.start(BROADCAST_MS);
  const stopMonthly = server.statements.mail.start(MONTHLY_STATEMENTS_MS);
  return () => {
    stopMail();
    stopPush();
    stopBroadcasts();
    stopMonthly();
    stopHousekeeping();
    stopUpkeep();
    stopBooks();
    stopRollover();
  };
}

/** Stops producing, then saves state; the caller closes the database afterwards. */
export async function stopServer(server: Server): Promise<void> {
  server.stopJobs?.();
  server.hub.stop();
  server.notifier.close();
  await server.providers.stop();
  await server.market.service.stop();
  // After the feed stopped: the forming candles are final for this run.
  await server.candles.stop();
  await server.trading.engine.settle();
}

export interface AppOptions {
  /** A logger shared with the services (main), or false for none (tests). */
  logger?: FastifyBaseLogger | false;
  /** Folder of the built web app; empty serves the API only. */
  webDist?: string;
  /** Folder of the built back office (apps/admin), served under /admin; empty serves none. */
  adminDist?: string;
  /** Which proxies name the client (config TRUST_PROXY); default none: the socket address. */
  trustProxy?: false | string[];
  /** Origins besides the app's own whose pages may open the live socket (ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** The domain passkeys belong to (PASSKEY_RP_ID); empty: each page's own host name. */
  passkeyRpId?: string;
  /** Scaled shape: HTTP rate-limit counters shared by every instance in this Redis. */
  rateLimitRedis?: Redis;
  /** `/health`, `/ready`, `/metrics` (ops/): the metrics token and, scaled, the cluster. */
  ops?: OpsOptions;
}

/** Builds the HTTP app apart from `listen()`, so tests drive it with `inject()` or a port. */
export async function buildApp(server: Server, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT,
    // The client address (rate limits, login lockouts) is the socket's, unless configured
    // proxies are trusted to name it in X-Forwarded-For: anyone can write that header.
    trustProxy: options.trustProxy ?? false,
    // Requests are logged by the hook below, at debug: the log a person reads at info is
    // what happened to the server, not one line per call (LOG_LEVEL=debug shows them).
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', (request, reply, done) => {
    const api = request.url.startsWith('/api/') || request.url.startsWith('/v1/');
    const entry = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    request.log.debug(entry, api ? 'request' : 'file');
    done();
  });
  app.decorate('t', server.core.t);

  // The Content-Security-Policy follows the operators' settings (modules/content/content-security.ts).
  const csp = settingsCsp(server.content.support);
  app.addHook('onSend', csp.onSend.bind(csp));
  registerSecurityHeaders(app);
  await app.register(rateLimit, {
    global: false,
    // One count across instances; with Redis away, requests pass rather than fail (the
    // business limits — logins, codes — live in the database and still hold).
    ...(options.rateLimitRedis
      ? { redis: options.rateLimitRedis, nameSpace: 'pipwise-rl:', skipOnError: true }
      : {}),
  });
  // API answers above 1 KiB go out compressed (br or gzip, by Accept-Encoding); the web
  // app's files are already compressed at build time and skip this.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(formbody);

  registerLang(app);
  registerErrorHandler(app, server.core.t);
  // After the language hook: a refused body is answered in the caller's language.
  await registerBodyLimits(app);
  registerAuthHook(app, server.auth.sessions);
  // Before every route, so its timing hooks see them all (the back office's included).
  registerOps(
    app,
    {
      db: server.core.db,
      market: server.market.service,
      hub: server.hub,
      engine: server.trading.engine,
      books: server.books,
    },
    options.ops,
  );

  registerMarketModuleRoutes(app, {
    db: server.core.db,
    now: server.core.now,
    market: server.market.service,
    candles: server.candles,
  });
  registerAuthRoutes(app, server.auth);
  const relyingParty = { rpId: options.passkeyRpId ?? '', allowedOrigins: options.allowedOrigins ?? [] };
  registerPasskeyRoutes(app, server.auth.passkeys, relyingParty);
  registerStepUpRoutes(app, server.auth.stepUp, relyingParty);
  registerContentModuleRoutes(app, server.content);
  registerTradingModuleRoutes(app, server.trading, server.market.service, server.inbox);
  registerWalletRoutes(app, server.wallet, server.trading, server.auth.stepUp);
  registerUploadRoutes(app, { uploads: server.uploads, sessions: server.auth.sessions });
  registerIdentityRoutes(app, server.identity);
  registerInboxRoutes(app, server.inbox);
  registerPushRoutes(app, server.push);
  registerReferralRoutes(app, server.referrals);
  registerStatementRoutes(app, server.statements.service);
  registerSocketRoute(app, server.hub, { allowedOrigins: options.allowedOrigins ?? [] });
  // The operator socket: the dealing desk, live (docs/api.md "Operator socket").
  const deskSockets = new DeskSockets(server.desk, server.core.t, {
    ...DEFAULT_DESK_SOCKET_OPTIONS,
    now: server.core.now,
    onError: (err) => server.core.log.error({ err }, 'operator socket session check failed'),
  });
  deskSockets.start();
  registerDeskSocketRoute(app, deskSockets, { allowedOrigins: options.allowedOrigins ?? [] });
  // The back office's API: one encapsulated plugin with its own operator hook.
  await app.register(adminPlugin, server);

  await registerWebApp(app, options.webDist ?? '', options.adminDist ?? '');
  return app;
}
