import { EventEmitter } from 'node:events';
import type { FixSourceSlot } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import type { TradeSessionStatus } from '../fix/fix-feed-types.js';
import { toFixSource, toFixSourceRow, type FixSource } from './fix-source.js';
import * as repo from './fix-source.repository.js';

/** Whether the stored slots run in this process (set by whoever runs the sessions). */
export interface FixSourceReach {
  /** FEED=replay: the market-data slots are stored, the replay prices the board. */
  feedEnv: 'replay' | null;
  /** Whether the slots are connected by this server: by this process, or scaled by the engine's instance. */
  canConnect: boolean;
}

/**
 * The provider sessions operators set (docs/market-data.md "Connecting a provider"): read by
 * whatever runs them, written by the back office and, at start, from the environment.
 * `changed` follows every committed write here.
 */
export class FixSourceService {
  readonly events = new EventEmitter<{ changed: [] }>();
  reach: FixSourceReach = { feedEnv: null, canConnect: false };
  /** The trading session this process holds now, for the feeds page (set by whoever runs it). */
  tradeSession: () => TradeSessionStatus | undefined = () => undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async list(db: Db = this.db): Promise<FixSource[]> {
    return (await repo.listFixSources(db)).map(toFixSource);
  }

  async get(slot: FixSourceSlot, db: Db = this.db): Promise<FixSource | undefined> {
    const row = await repo.findFixSource(db, slot);
    return row ? toFixSource(row) : undefined;
  }

  /** Runs `work` in one transaction (a change and its audit row commit together). */
  runInTransaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Writes a slot inside the caller's transaction; call `announce` once it committed. */
  async put(trx: Db, source: FixSource): Promise<void> {
    await repo.putFixSource(trx, toFixSourceRow(source));
  }

  async remove(trx: Db, slot: FixSourceSlot): Promise<boolean> {
    return repo.deleteFixSource(trx, slot);
  }

  announce(): void {
    this.events.emit('changed');
  }

  /**
   * At start: the slots the environment names (FIX_MD_URL, FIX_MD_BACKUP_URL, FIX_TRADE_URL)
   * are written as it says, marked `from_env`; a slot it no longer names keeps its settings
   * and becomes the back office's to change.
   */
  async writeFromEnvironment(
    given: ReadonlyMap<FixSourceSlot, Omit<FixSource, 'fromEnv' | 'updatedAt'>>,
  ): Promise<void> {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      for (const stored of await this.list(trx))
        if (stored.fromEnv && !given.has(stored.slot))
          await this.put(trx, { ...stored, fromEnv: false, updatedAt: now });
      for (const source of given.values()) await this.put(trx, { ...source, fromEnv: true, updatedAt: now });
    });
  }
}
