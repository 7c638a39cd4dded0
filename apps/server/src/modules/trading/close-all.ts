import { closingPoints, type CloseAllKeptReason, CLOSE_ALL_KEPT_REASONS } from '@pipwise/shared';
import { AppError } from '../../core/app-error.js';
import type { AccountTx } from '../../core/money/account-transactions.js';
import * as orders from './order.repository.js';
import type { OrderRow } from './order.repository.js';
import type { Quote, TradeDesk } from './trade-desk.js';
import type { ABookDesk, ABookTicket } from './a-book/a-book-desk.js';

/** A position a close-all left open, and why (the error closing it alone would give). */
export interface KeptOpen {
  row: OrderRow;
  reason: CloseAllKeptReason;
}

/**
 * What a close-all's transaction did: the positions it closed here, those it sent to the
 * provider (closed once their fills are booked), and those it left open. Kept with an
 * idempotency key as it is, so a repeat settles the same tickets.
 */
export interface CloseAllPlan {
  closed: OrderRow[];
  atProvider: { ticket: ABookTicket; row: OrderRow }[];
  kept: KeptOpen[];
}

/** The reason a refusal names, when it is one a close-all reports rather than fails on. */
export function keptReason(err: unknown): CloseAllKeptReason | null {
  if (!(err instanceof AppError)) return null;
  const reason = err.key.replace(/^errors\./, '');
  return (CLOSE_ALL_KEPT_REASONS as readonly string[]).includes(reason)
    ? (reason as CloseAllKeptReason)
    : null;
}

/**
 * Closes every open position of the account, or of one instrument, in this one account
 * transaction (docs/money.md "Partial close and close all"): each at its instrument's quote
 * of now (one quote per instrument, so positions on it close at the same price), with its
 * own rows and ledger posts, as a single close books it; a position the provider filled goes
 * back there as its own close (step 1 here, sent after the commit). A position whose market
 * is closed, whose prices are not live, or whose provider close cannot be sent stays open
 * and is reported; every check that can leave one open runs before anything of it is
 * written, so nothing is half-written. Negative balance protection runs once, at the end.
 */
export async function closeAllIn(
  tx: AccountTx,
  desk: TradeDesk,
  aBook: ABookDesk,
  instrumentId: number | undefined,
): Promise<CloseAllPlan> {
  // One instrument named: its market must be open now (the usual refusal otherwise).
  if (instrumentId !== undefined) desk.openQuote(desk.instrument(instrumentId));
  const plan: CloseAllPlan = { closed: [], atProvider: [], kept: [] };
  const quotes = new Map<number, Quote | CloseAllKeptReason>();
  const quoteOf = (id: number): Quote | CloseAllKeptReason => {
    let known = quotes.get(id);
    if (known === undefined) {
      try {
        known = desk.openQuote(desk.instrument(id));
      } catch (err) {
        const reason = keptReason(err);
        if (!reason) throw err;
        known = reason;
      }
      quotes.set(id, known);
    }
    return known;
  };
  const rows = (await orders.listOpenPositions(tx.trx, tx.userId)).filter(
    (row) => instrumentId === undefined || row.instrument_id === instrumentId,
  );
  for (const row of rows) {
    const quote = quoteOf(row.instrument_id);
    if (typeof quote === 'string') {
      plan.kept.push({ row, reason: quote });
      continue;
    }
    if (await aBook.routesClose(tx, row)) {
      try {
        // Refusals come before its execution is written (a close already there, no session).
        plan.atProvider.push({ ticket: await aBook.prepareClose(tx, row), row });
      } catch (err) {
        const reason = keptReason(err);
        if (!reason) throw err;
        plan.kept.push({ row, reason });
      }
      continue;
    }
    const price = closingPoints(quote, orders.sideOf(row), row.group_markup);
    plan.closed.push(await desk.close(tx, row, 'manual', price, undefined, { deferShortfall: true }));
  }
  const last = plan.closed.at(-1);
  if (last && !(await orders.hasOpenPosition(tx.trx, tx.userId)))
    await tx.writeOffShortfall({ type: 'order', id: Number(last.id) });
  return plan;
}
