import { OrderStatus, swapNights, type MicroUsd } from '@pipwise/shared';
import type { AccountTransactions } from '../../../core/money/account-transactions.js';
import type { Db } from '../../../core/db/database.js';
import type { Instrument, MarketService } from '../../market/index.js';
import type { EngineLog } from '../engine.js';
import { findOrder, hasOpenPosition } from '../order.repository.js';
import type { Valuation } from '../valuation.js';
import { owedRollovers, type Rollover } from './rollover-calendar.js';
import {
  addSwap,
  beginRollover,
  finishRollover,
  heldOver,
  lastFinishedRollover,
  positionsOwed,
  recordCharge,
  type OwedPosition,
} from './swap.repository.js';

export interface RolloverDeps {
  db: Db;
  transactions: AccountTransactions;
  market: MarketService;
  valuation: Valuation;
  now: () => number;
  log: EngineLog;
}

/** What one run did. */
export interface RolloverRun {
  /** The trading days run to their end. */
  finished: string[];
  /** Positions charged or paid in this run. */
  charged: number;
  /** Positions left for the next run (no quote to price them): their day stays open. */
  deferred: number;
}

/** Positions read at a time: bounded memory however many are open. */
const PAGE = 500;
/**
 * Charges in flight at once: accounts are independent (each charge takes its own account's
 * lock), so a page is charged by a few workers, within the database pool.
 */
const WORKERS = 4;

/**
 * The daily rollover (docs/money.md "Overnight financing (swap)"): at each 17:00 New York it
 * charges or pays every position held over it its financing, one account transaction per
 * position with its ledger row, its `swap_charges` marker and the order's running `swap`.
 * The marker makes it exactly once per position and day whoever runs it and however often
 * (a restart, a takeover mid-run, two engines for a moment); a day is finished once every
 * position held over it is charged, and an engine that was down catches up on the days it
 * missed (at most CATCH_UP_DAYS). Only the engine's instance runs it.
 */
export class RolloverJob {
  constructor(private readonly deps: RolloverDeps) {}

  /** Runs every rollover owed now, oldest first. */
  async runDue(): Promise<RolloverRun> {
    const run: RolloverRun = { finished: [], charged: 0, deferred: 0 };
    const owed = owedRollovers(this.deps.now(), await lastFinishedRollover(this.deps.db));
    for (const r of owed) {
      await beginRollover(this.deps.db, r, this.deps.now());
      const { charged, deferred } = await this.runDay(r);
      run.charged += charged;
      run.deferred += deferred;
      // A day with a position it could not price stays open, and so do the days after it:
      // the catch-up goes on from there at the next run.
      if (deferred > 0) break;
      await finishRollover(this.deps.db, r, this.deps.now());
      run.finished.push(r.tradingDay);
    }
    return run;
  }

  private running = false;
  private holdsEngine: () => boolean = () => false;

  /**
   * Runs `runDue` now (an engine that was down catches up) and then every `everyMs` while
   * `holdsEngine()`; returns the function that stops it.
   */
  start(everyMs: number, holdsEngine: () => boolean = () => true): () => void {
    this.holdsEngine = holdsEngine;
    this.kick();
    const timer = setInterval(() => this.kick(), everyMs);
    timer.unref();
    return () => {
      clearInterval(timer);
      this.holdsEngine = () => false;
    };
  }

  /**
   * A run now, unless one is under way or this instance does not hold the engine: at start,
   * on schedule, and when an engine takes over (a rollover the last one died in is finished
   * at once, not a minute later).
   */
  kick(): void {
    if (this.running || !this.holdsEngine()) return;
    this.running = true;
    this.runDue()
      .then((run) => {
        if (run.charged > 0 || run.finished.length > 0)
          this.deps.log.info({ ...run }, 'rollover: overnight financing charged');
        if (run.deferred > 0) this.deps.log.error({ ...run }, 'rollover: positions left without a quote');
      })
      .catch((err: unknown) => this.deps.log.error({ err }, 'rollover failed; it goes on at the next run'))
      .finally(() => (this.running = false));
  }

  private async runDay(r: Rollover): Promise<{ charged: number; deferred: number }> {
    const nights = new Map<number, number>();
    for (const inst of this.deps.market.listInstruments()) {
      const n = swapNights(r.weekday, inst.swap.tripleDay, inst.session === 'crypto');
      if (n > 0) nights.set(inst.id, n);
    }
    let charged = 0;
    let deferred = 0;
    let afterId = 0;
    for (;;) {
      const page = await positionsOwed(this.deps.db, r, [...nights.keys()], afterId, PAGE);
      let next = 0;
      const worker = async () => {
        while (next < page.length) {
          const position = page[next++]!;
          const inst = this.deps.market.instrument(position.instrument_id);
          const n = nights.get(position.instrument_id)!;
          // Priced now to find what cannot be priced; charged on the lots read under the lock.
          const amount = inst && this.amountOf(inst, position, n);
          const outcome =
            !inst || amount === undefined ? 'deferred' : await this.charge(r, position, n, inst);
          if (outcome === 'deferred') deferred += 1;
          else if (outcome === 'charged') charged += 1;
        }
      };
      await Promise.all(Array.from({ length: WORKERS }, worker));
      if (page.length < PAGE) return { charged, deferred };
      afterId = page[page.length - 1]!.id;
    }
  }

  private amountOf(inst: Instrument, position: OwedPosition, nights: number): MicroUsd | undefined {
    return this.deps.valuation.swapCharge(
      inst,
      { side: position.side === 1 ? 1 : 2, lots: position.lots as Instrument['lotStep'] },
      nights,
    );
  }

  /**
   * One position's charge in its account's transaction: the marker first (a day already
   * charged changes nothing), then — unless the rate makes it zero — the order's running
   * swap, the ledger row against the house's `financing`, and the push. A closed position
   * charged late that leaves the balance below zero with nothing open gets negative balance
   * protection, as its close would have.
   */
  private charge(
    r: Rollover,
    position: OwedPosition,
    nights: number,
    inst: Instrument,
  ): Promise<'charged' | 'skipped' | 'deferred'> {
    return this.deps.transactions.run(position.user_id, async (tx) => {
      const order = await findOrder(tx.trx, position.id);
      if (!order || !heldOver(order, r)) return 'skipped';
      // The lots as they are now: a partial close since the page was read reduced them, and
      // its part is owed its own night (docs/money.md "Partial close and close all").
      const amount = this.amountOf(inst, { ...position, lots: order.lots }, nights);
      if (amount === undefined) return 'deferred';
      const marked = await recordCharge(tx.trx, {
        orderId: position.id,
        r,
        userId: position.user_id,
        nights,
        amount,
        now: tx.now,
      });
      if (!marked) return 'skipped';
      if (amount === 0) return 'charged';
      const updated = await addSwap(tx.trx, position.id, amount);
      const ref = { type: 'order' as const, id: position.id };
      await tx.post({ kind: 'swap', amount, ref });
      if (order.status === OrderStatus.Closed && !(await hasOpenPosition(tx.trx, position.user_id)))
        await tx.writeOffShortfall(ref);
      tx.publish({
        type: 'order',
        event: 'swap',
        userId: position.user_id,
        order: updated,
        account: tx.account,
      });
      return 'charged';
    });
  }
}
