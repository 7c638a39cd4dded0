import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Services } from './services.js';
import { registerAuthHook } from './http/auth-hook.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerLang } from './http/lang.js';
import { registerWebApp } from './http/static.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerContentRoutes } from './modules/content/content.routes.js';
import { registerMarketRoutes } from './modules/market/market.routes.js';
import { registerCandleRoutes } from './modules/market/candles/candle.routes.js';
import { registerAccountRoutes } from './modules/trading/account.routes.js';
import { registerTradingRoutes } from './modules/trading/trading.routes.js';
import { registerSocketRoute } from './realtime/ws.routes.js';

export interface AppOptions {
  /** A logger shared with the services (main), or false for none (tests). */
  logger?: FastifyBaseLogger | false;
  /** Folder of the built web app; empty serves the API only. */
  webDist?: string;
}

/** Builds the HTTP app apart from `listen()`, so tests drive it with `inject()` or a port. */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: 1024 * 1024,
    // Behind a proxy the client address comes from X-Forwarded-For (rate limits use it).
    trustProxy: true,
  });
  app.decorate('t', services.t);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd-mobile sets inline styles on its components.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", 'https:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(formbody);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 8 * 1024 * 1024, files: 1, fields: 50 },
  });
  await app.register(websocket, { options: { maxPayload: 4096 } });

  registerLang(app);
  registerErrorHandler(app, services.t);
  registerAuthHook(app, services.sessions);

  registerMarketRoutes(app, services.market);
  registerCandleRoutes(app, services.candles);
  registerAuthRoutes(app, services);
  registerContentRoutes(app, {
    db: services.db,
    settings: services.settings,
    demoBalance: services.publicConfig.demoBalance,
    pcSiteUrl: services.publicConfig.pcSiteUrl,
  });
  registerTradingRoutes(app, services);
  registerAccountRoutes(app, { ...services, demoBalance: services.publicConfig.demoBalance });
  registerSocketRoute(app, services.hub);

  await registerWebApp(app, options.webDist ?? '');
  return app;
}
