import type { FastifyInstance } from 'fastify';
import { poolStats } from '../core/db/create-db.js';
import type { Db } from '../core/db/database.js';
import type { MarketService } from '../modules/market/index.js';
import type { TradingEngine } from '../modules/trading/index.js';
import type { Hub } from '../realtime/hub.js';
import { registerOpsRoutes } from './health.routes.js';
import type { BooksMonitor } from './books-monitor.js';
import { AppMetrics } from './metrics.js';
import { metricsAccess } from './metrics-access.js';
import { Readiness } from './readiness.js';

export { holdStartupLines, type StartupLog } from './startup-log.js';
export { BooksMonitor, DEFAULT_BOOKS_CHECK_MS } from './books-monitor.js';

/** What /ready and /metrics read of the scaled shape (cluster/cluster.ts `Cluster`). */
export interface ClusterView {
  bridge: { readonly connected: boolean };
  election: { readonly currentEpoch: number | null } | undefined;
}

export interface OpsOptions {
  /** METRICS_TOKEN: /metrics wants `Authorization: Bearer <token>`; empty: loopback only. */
  metricsToken?: string;
  /**
   * Set in the scaled shape: the cluster this instance has joined, or undefined before it
   * has (then /ready fails its `redis` check). Absent: the embedded shape, no Redis check.
   */
  cluster?: () => ClusterView | undefined;
}

/**
 * Health, readiness and metrics on every instance: the routes, and the two hooks that time
 * requests. Registered first in buildApp, so the hooks see every route, plugins included.
 */
/** What health and metrics read: the database, the prices, the sockets and the engine. */
export interface OpsDeps {
  db: Db;
  market: MarketService;
  hub: Hub;
  engine: TradingEngine;
  books: Pick<BooksMonitor, 'status'>;
}

export function registerOps(app: FastifyInstance, services: OpsDeps, options: OpsOptions = {}): void {
  const { cluster } = options;
  const readiness = new Readiness({
    db: services.db,
    market: services.market,
    ...(cluster ? { redisConnected: () => cluster()?.bridge.connected ?? false } : {}),
  });
  const metrics = new AppMetrics({
    market: services.market,
    hub: services.hub,
    engine: services.engine,
    books: services.books,
    pool: () => poolStats(services.db),
    ...(cluster ? { leaseEpoch: () => cluster()?.election?.currentEpoch ?? null } : {}),
  });
  app.addHook('onError', (request, reply, error, done) => {
    metrics.onError(request, reply, error);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.onResponse(request, reply);
    done();
  });
  registerOpsRoutes(app, { readiness, metrics, mayScrape: metricsAccess(options.metricsToken ?? '') });
}
