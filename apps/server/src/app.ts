import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Services } from './services.js';
import { registerAuthHook } from './http/auth-hook.js';
import { BODY_LIMIT, registerBodyLimits } from './http/body-limits.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerLang } from './http/lang.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/static.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerContentRoutes } from './modules/content/content.routes.js';
import { registerContentModuleRoutes } from './modules/content/content-module.routes.js';
import { settingsCsp } from './modules/content/content-security.js';
import { registerMarketRoutes } from './modules/market/market.routes.js';
import { registerCandleRoutes } from './modules/market/candles/candle.routes.js';
import { registerAccountRoutes } from './modules/trading/account.routes.js';
import { registerTradingRoutes } from './modules/trading/trading.routes.js';
import { registerDepositRoutes } from './modules/wallet/deposits/deposit.routes.js';
import { registerWithdrawalRoutes } from './modules/wallet/withdrawals/withdrawal.routes.js';
import { registerIdentityRoutes } from './modules/identity/identity.routes.js';
import { registerReferralRoutes } from './modules/referral/referral.routes.js';
import { adminPlugin } from './modules/admin/admin.plugin.js';
import { registerUploadRoutes } from './modules/uploads/upload.routes.js';
import { registerChannelRoutes } from './modules/wallet/channels/channel.routes.js';
import { registerDrawMethodRoutes } from './modules/wallet/methods/draw-method.routes.js';
import { registerSocketRoute } from './realtime/ws.routes.js';
import { registerOps, type OpsOptions } from './ops/index.js';

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
  /** Scaled shape: HTTP rate-limit counters shared by every instance in this Redis. */
  rateLimitRedis?: Redis;
  /** `/health`, `/ready`, `/metrics` (ops/): the metrics token and, scaled, the cluster. */
  ops?: OpsOptions;
}

/** Builds the HTTP app apart from `listen()`, so tests drive it with `inject()` or a port. */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
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
  app.decorate('t', services.t);

  // The Content-Security-Policy follows the operators' settings (modules/content/content-security.ts).
  const csp = settingsCsp(services.cms.support);
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
  registerErrorHandler(app, services.t);
  // After the language hook: a refused body is answered in the caller's language.
  await registerBodyLimits(app);
  registerAuthHook(app, services.sessions);
  // Before every route, so its timing hooks see them all (the back office's included).
  registerOps(app, services, options.ops);

  registerMarketRoutes(app, services.market);
  registerCandleRoutes(app, services.candles);
  registerAuthRoutes(app, {
    access: services.access,
    registration: services.registration,
    passwords: services.passwords,
    delivery: services.delivery,
    captchas: services.captchas,
    sessions: services.sessions,
  });
  registerContentRoutes(app, services.content);
  registerContentModuleRoutes(app, services.cms);
  registerTradingRoutes(app, {
    orders: services.orders,
    accounts: services.accounts,
    previews: services.previews,
    market: services.market,
  });
  registerAccountRoutes(app, services.accounts);
  registerDepositRoutes(app, services.deposits);
  registerWithdrawalRoutes(app, { withdrawals: services.withdrawals, accounts: services.accounts });
  registerChannelRoutes(app, services.channels);
  registerDrawMethodRoutes(app, services.drawMethods);
  registerUploadRoutes(app, { uploads: services.uploads, sessions: services.sessions });
  registerIdentityRoutes(app, services.identity);
  registerReferralRoutes(app, services.referrals);
  registerSocketRoute(app, services.hub, { allowedOrigins: options.allowedOrigins ?? [] });
  // The back office's API: one encapsulated plugin with its own operator hook.
  await app.register(adminPlugin, { services });

  await registerWebApp(app, options.webDist ?? '', options.adminDist ?? '');
  return app;
}
