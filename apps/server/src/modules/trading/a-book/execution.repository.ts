import type { ExecutionState } from '@pipwise/shared';
import type { Insertable, Selectable } from 'kysely';
import type { Db, ExecutionTable } from '../../../core/db/database.js';
import { pageOf, type Page } from '../../../core/db/paging.js';

/** The only SQL that touches `executions` (docs/execution.md). */

export type ExecutionRow = Selectable<ExecutionTable>;

/**
 * sent: at the provider, outcome not known; booked: the fill is on the trader's books;
 * rejected: nothing filled; timed_out: the trader was told it failed, the provider not yet
 * asked; unbooked: the provider filled it but it is not on the trader's books (a fill after
 * the timeout, a close of a position already closed here) — the dealing desk's to offset.
 * One list for the server, the contract and the back office (shared domain/execution.ts).
 */
export { EXECUTION_STATES, type ExecutionState } from '@pipwise/shared';

/** States whose outcome the provider still has to tell. */
export const UNRESOLVED: readonly ExecutionState[] = ['sent', 'timed_out'];

/** Covers waiting for the trading session, oldest first. */
export function listQueuedCovers(db: Db, limit = 500): Promise<ExecutionRow[]> {
  return db
    .selectFrom('executions')
    .selectAll()
    .where('state', '=', 'queued')
    .where('purpose', '=', 'cover')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Takes a queued cover to send it at the price now (`quoted_price`, its `limit_price`):
 * false when another pass took it first, so a cover is sent once.
 */
export async function claimCover(
  db: Db,
  id: number,
  prices: Pick<ExecutionRow, 'quoted_price' | 'limit_price'>,
): Promise<boolean> {
  const result = await db
    .updateTable('executions')
    .set({ ...prices, state: 'sent' })
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertExecution(trx: Db, row: Insertable<ExecutionTable>): Promise<ExecutionRow> {
  const { id } = await trx.insertInto('executions').values(row).returning('id').executeTakeFirstOrThrow();
  return (await findExecution(trx, Number(id)))!;
}

export function findExecution(db: Db, id: number): Promise<ExecutionRow | undefined> {
  return db.selectFrom('executions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByClOrdId(db: Db, clOrdId: string): Promise<ExecutionRow | undefined> {
  return db.selectFrom('executions').selectAll().where('cl_ord_id', '=', clOrdId).executeTakeFirst();
}

export function findByIdempotency(db: Db, userId: number, key: string): Promise<ExecutionRow | undefined> {
  return db
    .selectFrom('executions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * A position's execution of `purpose` in `state`: its booked open (filled at the provider, so
 * its close goes there too), or a close still at the provider.
 */
/** The lots of every close of a position at the provider whose outcome is not known yet. */
export async function unresolvedCloseLots(db: Db, orderId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('executions')
    .select('lots')
    .where('order_id', '=', orderId)
    .where('purpose', '=', 'close')
    .where('state', 'in', UNRESOLVED)
    .execute();
  return rows.map((r) => r.lots);
}

export function findPositionExecution(
  db: Db,
  orderId: number,
  purpose: 'open' | 'close',
  state: ExecutionState,
): Promise<ExecutionRow | undefined> {
  return db
    .selectFrom('executions')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('purpose', '=', purpose)
    .where('state', '=', state)
    .executeTakeFirst();
}

/** Executions whose outcome is not known yet, oldest first. */
export function listUnresolved(db: Db, limit = 500): Promise<ExecutionRow[]> {
  return db
    .selectFrom('executions')
    .selectAll()
    .where('state', 'in', UNRESOLVED)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Moves an execution from `from` to its outcome; false when it was no longer in `from` (it
 * was resolved elsewhere): the one guard against a fill booked twice.
 */
export async function resolveExecution(
  trx: Db,
  id: number,
  from: ExecutionState,
  change: Partial<
    Pick<
      ExecutionRow,
      | 'state'
      | 'order_id'
      | 'part_order_id'
      | 'filled_lots'
      | 'lp_price'
      | 'lp_order_id'
      | 'outcome'
      | 'reason'
      | 'resolved_at'
    >
  >,
): Promise<boolean> {
  const result = await trx
    .updateTable('executions')
    .set(change)
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks an unbooked fill handled — offset at the provider outside Pipwise, by `operatorId`
 * with its note. One conditional update: only while still `unbooked` and not yet marked, so
 * of two operators marking it at once exactly one does (false for the other).
 */
export async function markExecutionHandled(
  trx: Db,
  id: number,
  mark: { operatorId: number; at: number; note: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('executions')
    .set({ handled_at: mark.at, handled_by: mark.operatorId, handled_note: mark.note })
    .where('id', '=', id)
    .where('state', '=', 'unbooked')
    .where('handled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What the dealing desk's list of executions filters on (absent: any). */
export interface ExecutionFilter {
  state?: ExecutionState | undefined;
  instrumentId?: number | undefined;
  userId?: number | undefined;
  /** 1: marked handled; 0: not (with state `unbooked`: the fills the desk still has to offset). */
  handled?: 0 | 1 | undefined;
}

/**
 * One page of executions, newest first, and how many match. Only this module's table: the
 * traders' contacts and the instruments' codes are asked of their owners for the page.
 */
export function pageExecutions(
  db: Db,
  filter: ExecutionFilter,
  limit: number,
  offset: number,
): Promise<Page<ExecutionRow>> {
  let query = db.selectFrom('executions').selectAll();
  if (filter.state !== undefined) query = query.where('state', '=', filter.state);
  if (filter.instrumentId !== undefined) query = query.where('instrument_id', '=', filter.instrumentId);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.handled !== undefined)
    query = query.where('handled_at', filter.handled === 1 ? 'is not' : 'is', null);
  return pageOf(query.orderBy('id', 'desc'), limit, offset);
}
