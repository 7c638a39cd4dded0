import type { Dec } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import type { DomainEvent } from '../../../core/domain-events.js';
import type { AccountTransactions, AccountTx } from '../../../core/money/account-transactions.js';
import type { MarketService } from '../../market/index.js';
import type { NoticeWriter } from '../../notify/index.js';
import { listOpenPositions } from '../order.repository.js';
import type { TradeDesk } from '../trade-desk.js';
import * as repo from './warning.repository.js';
import { warningEdges, warningMoves, warningNotice } from './warning-levels.js';

/** What the watcher knows of one trader: their levels and which have fired. */
interface WarningState {
  levels: number[];
  fired: Set<number>;
}

/** Runs work as an account transaction of `userId` on the engine (fenced, awaited at stop). */
export type Schedule = (userId: number, work: (tx: AccountTx) => Promise<unknown>) => Promise<unknown>;

/**
 * Margin warnings (docs/notifications.md "Margin warnings"). On each tick the engine hands
 * over the accounts it valued; this watcher nominates those whose margin level crosses a
 * level or is back above one, from a cache of each trader's levels read from the database
 * when first needed (again after a load, a takeover or a gap between instances, and kept
 * up to date by each change heard of).
 * Nominating decides nothing: the work runs as the trader's account transaction and decides
 * again from the database — the figures, the levels, the rows of fired levels (whose key
 * lets one firing through) — then writes the notice in the same transaction.
 */
export class MarginWarnings {
  private readonly cache = new Map<number, WarningState>();
  private readonly loading = new Set<number>();
  private readonly working = new Set<number>();
  /** Told when what it knows of a trader changes (null: of everyone); the engine's bands rest on it. */
  private readonly changeListeners = new Set<(userId: number | null) => void>();

  constructor(
    private readonly deps: {
      db: Db;
      transactions: AccountTransactions;
      desk: TradeDesk;
      market: MarketService;
      inbox: NoticeWriter;
    },
  ) {}

  /** After a tick valued the account: nominates a crossing or a re-arm. */
  check(userId: number, marginLevel: Dec | null, schedule: Schedule): void {
    const state = this.cache.get(userId);
    if (!state) return this.load(userId);
    const { crossed, rearmed } = warningMoves(marginLevel, state.levels, state.fired);
    if ((crossed.length === 0 && rearmed.length === 0) || this.working.has(userId)) return;
    this.working.add(userId);
    void schedule(userId, (tx) => this.decide(tx))
      .catch(() => undefined)
      .finally(() => this.working.delete(userId));
  }

  /**
   * The margin levels where a tick would move the trader's warnings (warningEdges), or
   * undefined while their levels are not known here (then they are read).
   */
  edges(userId: number): { down: number[]; up: number[] } | undefined {
    const state = this.cache.get(userId);
    if (!state) {
      this.load(userId);
      return undefined;
    }
    return warningEdges(state.levels, state.fired);
  }

  /** Hears every change of what it knows of a trader (null: of everyone). */
  onChange(listener: (userId: number | null) => void): void {
    this.changeListeners.add(listener);
  }

  /** Forgets what it read (a load or takeover, a gap between instances): read again when next needed. */
  clear(): void {
    this.cache.clear();
    this.changed(null);
  }

  /** Forgets one trader's levels (a change of theirs was missed): read again when next needed. */
  forget(userId: number): void {
    this.cache.delete(userId);
    this.changed(userId);
  }

  /** A committed change of someone's levels or fired set, here or on another instance. */
  hear(event: DomainEvent): void {
    if (event.type === 'warnings')
      this.remember(event.userId, { levels: event.levels, fired: new Set(event.fired) });
  }

  private remember(userId: number, state: WarningState): void {
    this.cache.set(userId, state);
    this.changed(userId);
  }

  private changed(userId: number | null): void {
    for (const listener of this.changeListeners) listener(userId);
  }

  async levels(userId: number): Promise<number[]> {
    return repo.readLevels(this.deps.db, userId);
  }

  /** The trader chooses their levels; fired rows of levels no longer chosen go. */
  setLevels(userId: number, levels: readonly number[]): Promise<number[]> {
    return this.deps.transactions.run(userId, async (tx) => {
      await repo.writeLevels(tx.trx, userId, levels);
      const fired = await repo.readFired(tx.trx, userId);
      await repo.rearm(
        tx.trx,
        userId,
        fired.filter((l) => !levels.includes(l)),
      );
      this.told(
        tx,
        [...levels],
        fired.filter((l) => levels.includes(l)),
      );
      return [...levels];
    });
  }

  /** The decision, from the database under the trader's lock. */
  private async decide(tx: AccountTx): Promise<void> {
    const rows = await listOpenPositions(tx.trx, tx.userId);
    const figures = await this.deps.desk.figures(tx);
    const levels = await repo.readLevels(tx.trx, tx.userId);
    const fired = new Set(await repo.readFired(tx.trx, tx.userId));
    const { crossed, rearmed } = warningMoves(figures.marginLevel, levels, fired);
    if (crossed.length === 0 && rearmed.length === 0) {
      // The cache was behind the database: it is now as the database says.
      this.remember(tx.userId, { levels, fired });
      return;
    }
    await repo.markFired(tx.trx, tx.userId, crossed, tx.now);
    await repo.rearm(tx.trx, tx.userId, rearmed);
    for (const l of crossed) fired.add(l);
    for (const l of rearmed) fired.delete(l);
    this.told(tx, levels, [...fired]);
    if (crossed.length === 0) return;
    const lowest = Math.min(...crossed);
    const written = await this.deps.inbox.write(
      tx.trx,
      tx.userId,
      'margin_warning',
      warningNotice(lowest, figures, rows, this.deps.market),
    );
    if (written) tx.afterCommit(() => this.deps.inbox.announce(tx.userId));
  }

  private told(tx: AccountTx, levels: number[], fired: number[]): void {
    tx.publish({ type: 'warnings', userId: tx.userId, levels, fired, account: tx.account });
  }

  private load(userId: number): void {
    if (this.loading.has(userId)) return;
    this.loading.add(userId);
    Promise.all([repo.readLevels(this.deps.db, userId), repo.readFired(this.deps.db, userId)])
      .then(([levels, fired]) => {
        // An event heard meanwhile is newer than this read.
        if (!this.cache.has(userId)) this.remember(userId, { levels, fired: new Set(fired) });
      })
      .catch(() => undefined)
      .finally(() => this.loading.delete(userId));
  }
}
