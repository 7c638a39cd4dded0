import { OrderStatus, type Lots, type MicroUsd, type Points } from '@pipwise/shared';
import { sql } from 'kysely';
import type { Db } from '../../core/db/database.js';

/**
 * What the dealing desk reads of this module's tables (docs/dealing-desk.md): every open
 * position with whether its open was filled at the provider, and the fills of the last
 * minutes. Read-only; the desk asks other modules for whose accounts these are.
 */

/** One open position, as the desk prices it. */
export interface DeskPosition {
  id: number;
  userId: number;
  instrumentId: number;
  side: 1 | 2;
  lots: Lots & string;
  openPrice: Points;
  margin: MicroUsd;
  /** The group markup it carries (valued at the quote widened by it). */
  groupMarkup: number;
  /** Its open was filled at the liquidity provider (an `open` execution booked to it). */
  aBook: boolean;
}

/** Every open position of every account, oldest first, each marked A-book or not. */
export async function listDeskPositions(db: Db): Promise<DeskPosition[]> {
  const rows = await db
    .selectFrom('orders')
    .leftJoin('executions', (join) =>
      join
        .onRef('executions.order_id', '=', 'orders.id')
        .on('executions.purpose', '=', 'open')
        .on('executions.state', '=', 'booked'),
    )
    .select([
      'orders.id',
      'orders.user_id',
      'orders.instrument_id',
      'orders.side',
      'orders.lots',
      'orders.open_price',
      'orders.margin',
      'orders.group_markup',
      'executions.id as execution_id',
    ])
    .where('orders.status', '=', OrderStatus.Holding)
    .orderBy('orders.id')
    .execute();
  const seen = new Set<number>();
  const positions: DeskPosition[] = [];
  for (const r of rows) {
    const id = Number(r.id);
    // One booked open per position; a second row would only repeat the position.
    if (seen.has(id) || r.open_price === null) continue;
    seen.add(id);
    positions.push({
      id,
      userId: Number(r.user_id),
      instrumentId: Number(r.instrument_id),
      side: Number(r.side) === 2 ? 2 : 1,
      lots: r.lots,
      openPrice: Number(r.open_price) as Points,
      margin: Number(r.margin) as MicroUsd,
      groupMarkup: Number(r.group_markup),
      aBook: r.execution_id !== null,
    });
  }
  return positions;
}

/** Positions opened, or closed, per user and minute (epoch ms ÷ 60 000). */
export interface FillCount {
  userId: number;
  minute: number;
  count: number;
}

/**
 * Positions opened (market fills and triggered pending orders) and closed since `since`,
 * counted per user and minute. Cancelled pending orders never opened: they count nowhere.
 */
export async function countFillsSince(
  db: Db,
  since: number,
): Promise<{ opened: FillCount[]; closed: FillCount[] }> {
  // Integer division on both dialects: the columns are integers (BIGINT on PostgreSQL).
  const openedMinute = sql<number>`opened_at / 60000`;
  const closedMinute = sql<number>`closed_at / 60000`;
  const [opened, closed] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['user_id', openedMinute.as('minute'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('opened_at', '>=', since)
      .groupBy(['user_id', openedMinute])
      .execute(),
    db
      .selectFrom('orders')
      .select(['user_id', closedMinute.as('minute'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('status', '=', OrderStatus.Closed)
      .where('closed_at', '>=', since)
      .groupBy(['user_id', closedMinute])
      .execute(),
  ]);
  const counts = (rows: { user_id: number; minute: number; n: number | string }[]) =>
    rows.map((r) => ({ userId: Number(r.user_id), minute: Number(r.minute), count: Number(r.n) }));
  return { opened: counts(opened), closed: counts(closed) };
}

/** What waits on the dealing desk at the provider (docs/dealing-desk.md "At the provider"). */
export interface ProviderWork {
  /** Covers queued, sent or timed out: the house still holds those positions there. */
  coversWaiting: number;
  /**
   * Fills the provider made that are not on the books and nobody marked handled yet, however
   * old: each stays the desk's to offset at the provider until an operator says it is done.
   */
  unbookedOpen: number;
}

export async function countProviderWork(db: Db): Promise<ProviderWork> {
  const { rows } = await sql<{ covers: number | string | null; unbooked: number | string | null }>`
    SELECT
      SUM(CASE WHEN purpose = 'cover' AND state IN ('queued', 'sent', 'timed_out') THEN 1 ELSE 0 END) AS covers,
      SUM(CASE WHEN state = 'unbooked' AND handled_at IS NULL THEN 1 ELSE 0 END) AS unbooked
    FROM executions
    WHERE state IN ('queued', 'sent', 'timed_out', 'unbooked')`.execute(db);
  return { coversWaiting: Number(rows[0]?.covers ?? 0), unbookedOpen: Number(rows[0]?.unbooked ?? 0) };
}
