import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Services } from './services.js';
import { registerAuthHook } from './http/auth-hook.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerLang } from './http/lang.js';
import { registerWebApp } from './http/static.js';
import { registerUserRoutes } from './modules/auth/user.routes.js';
import { registerMarketRoutes } from './modules/market/market.routes.js';
import { registerSocketRoute } from './realtime/ws.routes.js';

export interface AppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; empty serves the API only. */
  webDist?: string;
}

/** Builds the HTTP app apart from `listen()`, so tests drive it with `inject()` or a port. */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
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
  registerUserRoutes(app, services.db);
  registerSocketRoute(app, services.hub);

  await registerWebApp(app, options.webDist ?? '');
  return app;
}
