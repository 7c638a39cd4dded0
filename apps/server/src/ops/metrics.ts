import {
  BOOKS_CHECKS,
  cancelOrderEndpoint,
  closeAllEndpoint,
  closeOrderEndpoint,
  setPendingPriceEndpoint,
  setStopPriceEndpoint,
  submitOrderEndpoint,
  type AdminBooksStatus,
} from '@pipwise/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../core/db/create-db.js';
import { AppError } from '../core/app-error.js';
import type { MarketService } from '../modules/market/index.js';
import type { TradingEngine } from '../modules/trading/index.js';

export interface MetricsSources {
  market: Pick<MarketService, 'listInstruments' | 'quoteAgeMs' | 'feedAgeMs' | 'feedStatus'>;
  hub: { readonly size: number };
  engine: Pick<TradingEngine, 'isActive' | 'reconcileStats' | 'watch'>;
  /**
   * Scaled shape only: the epoch of the engine lease this instance holds (null when it
   * holds none). Absent in the embedded shape, where the one process is the engine.
   */
  leaseEpoch?: () => number | null;
  /** The database's connection pool, when it has one (PostgreSQL). */
  pool: () => PoolStats | undefined;
  /** The last check of the books (ops/books-monitor.ts). */
  books: { status(): AdminBooksStatus };
}

/** The trading routes whose latency and results are counted, by path. */
const ORDER_ACTIONS = new Map<string, string>([
  [submitOrderEndpoint.path, 'submit'],
  [closeOrderEndpoint.path, 'close'],
  [cancelOrderEndpoint.path, 'cancel'],
  [setStopPriceEndpoint.path, 'modify'],
  [setPendingPriceEndpoint.path, 'move_pending'],
  [closeAllEndpoint.path, 'close_all'],
]);

/** Requests no route matched (web app pages, unknown paths): one label, never the raw URL. */
const UNMATCHED = 'unmatched';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The instance's Prometheus metrics (docs/architecture.md "Health, readiness and metrics"),
 * in a registry of its own: tests build several apps in one process. On the request path
 * only two histogram observations and a counter; everything else is read at scrape time.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly orderLatency: Histogram<'action'>;
  private readonly orders: Counter<'action' | 'result'>;
  /** Why a request failed, as its route knows it (an AppError's key), kept until onResponse. */
  private readonly failures = new WeakMap<FastifyRequest, string>();
  private defaultsOn = false;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    this.requests = new Histogram({
      name: 'pipwise_http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.orderLatency = new Histogram({
      name: 'pipwise_order_duration_seconds',
      help: 'Order requests (submit, close, close all, cancel, modify, move pending) from arrival to answer',
      labelNames: ['action'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.orders = new Counter({
      name: 'pipwise_orders_total',
      help: 'Order requests by action and result: ok (code 1) or the error key',
      labelNames: ['action', 'result'],
      registers,
    });
    new Gauge({
      name: 'pipwise_sockets_open',
      help: 'Live sockets open on this instance',
      registers,
      collect() {
        this.set(sources.hub.size);
      },
    });
    new Gauge({
      name: 'pipwise_quote_age_seconds',
      help: "Age of each instrument's quote (since its last tick or the feed's last word)",
      labelNames: ['instrument'],
      registers,
      collect() {
        this.reset();
        for (const inst of sources.market.listInstruments()) {
          const age = sources.market.quoteAgeMs(inst.id);
          if (age !== undefined) this.set({ instrument: inst.code }, age / 1000);
        }
      },
    });
    new Gauge({
      name: 'pipwise_feed_age_seconds',
      help: 'Since the price feed last spoke (+Inf before it ever has)',
      registers,
      collect() {
        this.set(sources.market.feedAgeMs() / 1000);
      },
    });
    new Counter({
      name: 'pipwise_feed_switches_total',
      help: "Switches of an instrument's price between its primary and backup source",
      labelNames: ['instrument'],
      registers,
      collect() {
        this.reset();
        for (const [code, n] of Object.entries(sources.market.feedStatus().switchCounts))
          this.inc({ instrument: code }, n);
      },
    });
    new Gauge({
      name: 'pipwise_feed_source',
      help: 'Which source each instrument is priced from now: 0 primary, 1 backup (FIX feeds)',
      labelNames: ['instrument'],
      registers,
      collect() {
        this.reset();
        const status = sources.market.feedStatus();
        for (const inst of sources.market.listInstruments()) {
          const role = status.active[inst.id];
          if (role) this.set({ instrument: inst.code }, role === 'backup' ? 1 : 0);
        }
      },
    });
    new Gauge({
      name: 'pipwise_books_violations',
      help: "Accounts or transactions failing each of the books' invariants at the last check (0: they hold)",
      labelNames: ['check'],
      registers,
      collect() {
        this.reset();
        const status = sources.books.status();
        if (status.checked_at === null) return;
        for (const check of BOOKS_CHECKS)
          this.set({ check }, status.problems.find((p) => p.check === check)?.count ?? 0);
      },
    });
    new Gauge({
      name: 'pipwise_books_checked_timestamp_seconds',
      help: "When the books' invariants were last checked (0: not yet)",
      registers,
      collect() {
        this.set((sources.books.status().checked_at ?? 0) / 1000);
      },
    });
    new Gauge({
      name: 'pipwise_engine_leader',
      help: 'Whether this instance is the active trading engine (1) or stands by (0)',
      registers,
      collect() {
        const leads = sources.engine.isActive && (sources.leaseEpoch ? sources.leaseEpoch() !== null : true);
        this.set(leads ? 1 : 0);
      },
    });
    const reconcile = (key: keyof TradingEngine['reconcileStats'], name: string, help: string) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(sources.engine.reconcileStats[key]);
        },
      });
    reconcile('passes', 'pipwise_engine_reconcile_passes_total', 'Reconcile passes of the engine index');
    reconcile(
      'drifted',
      'pipwise_engine_reconcile_drifted_total',
      'Reconcile passes that found the engine index out of step with the database (repaired)',
    );
    reconcile(
      'caughtUp',
      'pipwise_engine_reconcile_caught_up_total',
      'Users the reconcile caught up with (changes that had not reached the index yet)',
    );
    // The margin watch (docs/benchmarks.md "Capacity"): how much of the book each tick touches.
    new Counter({
      name: 'pipwise_engine_margin_rebanded_total',
      help: 'Accounts a tick moved out of their margin band (or that had none), banded again',
      registers,
      collect() {
        this.reset();
        this.inc(sources.engine.watch.counts.rebanded);
      },
    });
    new Counter({
      name: 'pipwise_engine_margin_valued_total',
      help: 'Accounts valued exactly after a tick (near a stop-out, a margin call or a warning)',
      registers,
      collect() {
        this.reset();
        this.inc(sources.engine.watch.counts.valued);
      },
    });
    new Gauge({
      name: 'pipwise_engine_margin_banded_accounts',
      help: 'Accounts the engine watches through price bands (the rest are valued on every tick)',
      registers,
      collect() {
        this.set(sources.engine.watch.bandedCount);
      },
    });
    new Gauge({
      name: 'pipwise_db_pool_connections',
      help: 'Database pool connections by state (PostgreSQL; none on SQLite)',
      labelNames: ['state'],
      registers,
      collect() {
        this.reset();
        const pool = sources.pool();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
  }

  /** onError: remembers why the request failed (runs before the error handler answers). */
  readonly onError = (request: FastifyRequest, _reply: FastifyReply, error: Error): void => {
    this.failures.set(request, failureLabel(error));
  };

  /** onResponse: the request's latency, and the order's result on the order routes. */
  readonly onResponse = (request: FastifyRequest, reply: FastifyReply): void => {
    const seconds = reply.elapsedTime / 1000;
    const route = request.routeOptions.url ?? UNMATCHED;
    this.requests.observe({ method: request.method, route, status: reply.statusCode }, seconds);
    const action = request.method === 'POST' ? ORDER_ACTIONS.get(route) : undefined;
    if (!action) return;
    this.orderLatency.observe({ action }, seconds);
    const failure = this.failures.get(request);
    const result = failure ?? (reply.statusCode < 400 ? 'ok' : 'invalid_request');
    this.orders.inc({ action, result });
  };

  /** The text Prometheus scrapes. */
  async scrape(): Promise<string> {
    // Process metrics start with the first scrape: they watch GC and the event loop for
    // good, so the many apps a test run builds never start them unless they are scraped.
    if (!this.defaultsOn) {
      this.defaultsOn = true;
      collectDefaultMetrics({ register: this.registry });
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** A bounded label: the route's own error key, or the kind of refusal. */
function failureLabel(error: Error): string {
  if (error instanceof AppError) return error.key;
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status < 500 ? 'invalid_request' : 'internal';
}
