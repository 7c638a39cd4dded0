import { sql } from 'kysely';
import type { Db } from '../core/db/database.js';
import { hasMigrated } from '../core/db/migrate.js';
import type { MarketService } from '../modules/market/index.js';

/** What /ready checks; `redis` only in the scaled shape. */
export type ReadinessCheck = 'database' | 'migrations' | 'redis' | 'prices';

/** /ready's answer: booleans and counts only (it is public: balancers read it). */
export interface ReadinessReport {
  ready: boolean;
  checks: Partial<Record<ReadinessCheck, boolean>>;
  /** The checks that did not pass, in the order above. */
  failed: ReadinessCheck[];
  /** Open instruments whose own quote is too old to price from (reported, not a check). */
  stale_instruments: number;
}

export interface ReadinessDeps {
  db: Db;
  market: Pick<MarketService, 'feedAgeMs' | 'isFeedLive' | 'listInstruments' | 'staleOpenInstruments'>;
  /** Scaled shape only: whether this instance's Redis connections are up. */
  redisConnected?: () => boolean;
  /** How long `SELECT 1` may take before the database counts as unreachable. */
  databaseTimeoutMs?: number;
}

/** A `SELECT 1` slower than this is a database the instance cannot serve from. */
export const DATABASE_TIMEOUT_MS = 1_000;

/**
 * Whether this instance can serve traders now (docs/architecture.md "Health, readiness and
 * metrics"): the database answers, its schema is up to date, Redis is connected (scaled
 * shape) and prices are live — the feed spoke within the shortest quote age any instrument
 * allows and within its own heartbeats — so an API instance cut off from the engine's ticks
 * drops out of its balancer. Single instruments out of date are counted, not a failure.
 */
export class Readiness {
  /** The `SELECT 1` under way: a flood of /ready never queues more than one query. */
  private probe: Promise<boolean> | undefined;

  constructor(private readonly deps: ReadinessDeps) {}

  async check(): Promise<ReadinessReport> {
    const { market } = this.deps;
    const checks: Partial<Record<ReadinessCheck, boolean>> = {
      database: await this.databaseAnswers(),
      migrations: hasMigrated(this.deps.db),
    };
    if (this.deps.redisConnected) checks.redis = this.deps.redisConnected();
    // Within the strictest instrument's limit, and not silent for the running feed's few
    // heartbeats either (docs/market-data.md "Fresh prices"): then no price is trusted.
    checks.prices = market.feedAgeMs() <= this.priceLimitMs() && market.isFeedLive();
    const failed = (Object.keys(checks) as ReadinessCheck[]).filter((name) => !checks[name]);
    return {
      ready: failed.length === 0,
      checks,
      failed,
      stale_instruments: market.staleOpenInstruments().length,
    };
  }

  /**
   * The strictest quote age of the instruments: a feed silent for longer leaves at least
   * one of them unpriceable. Without instruments, a feed that ever spoke is enough.
   */
  private priceLimitMs(): number {
    let limit = Number.MAX_VALUE;
    for (const inst of this.deps.market.listInstruments()) limit = Math.min(limit, inst.maxQuoteAgeMs);
    return limit;
  }

  private databaseAnswers(): Promise<boolean> {
    this.probe ??= sql`SELECT 1`
      .execute(this.deps.db)
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        this.probe = undefined;
      });
    const probe = this.probe;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), this.deps.databaseTimeoutMs ?? DATABASE_TIMEOUT_MS);
      timer.unref();
      void probe.then((answered) => {
        clearTimeout(timer);
        resolve(answered);
      });
    });
  }
}
