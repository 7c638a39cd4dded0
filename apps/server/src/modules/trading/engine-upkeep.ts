import type { Db } from '../../core/db/database.js';
import { deleteExpiredKeys } from '../idempotency/index.js';
import type { EngineLog, TradingEngine } from './engine.js';

export interface UpkeepOptions {
  /** How often the engine's index is compared with the database. */
  reconcileMs: number;
  /** How often expired idempotency keys are deleted. */
  keysMs: number;
}

export const DEFAULT_UPKEEP: UpkeepOptions = { reconcileMs: 60_000, keysMs: 3_600_000 };

/**
 * The money core's background upkeep: a reconcile pass that repairs (and logs) any drift
 * of the engine's index from the database — a change another instance made, an event that
 * never arrived — and the clean-up of idempotency keys past their retry window.
 * Returns the function that stops it.
 */
export function startEngineUpkeep(
  deps: { engine: TradingEngine; db: Db; now: () => number; log: EngineLog },
  options: UpkeepOptions = DEFAULT_UPKEEP,
): () => void {
  const reconcile = setInterval(() => {
    deps.engine.reconcile().catch((err: unknown) => deps.log.error({ err }, 'engine reconcile failed'));
  }, options.reconcileMs);
  const keys = setInterval(() => {
    deleteExpiredKeys(deps.db, deps.now()).catch((err: unknown) =>
      deps.log.error({ err }, 'idempotency key clean-up failed'),
    );
  }, options.keysMs);
  reconcile.unref();
  keys.unref();
  return () => {
    clearInterval(reconcile);
    clearInterval(keys);
  };
}
