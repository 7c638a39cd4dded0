import type { Insertable, Selectable } from 'kysely';
import { microUsd, OrderStatus, type MicroUsd, type PendingKind, type Points } from '@pipwise/shared';
import type { Db, OrderTable } from '../../core/db/database.js';
import { pageOf, type Page } from '../../core/db/paging.js';
import { isPostgres } from '../../core/db/migrations/helpers.js';
import { findAccounts } from '../../core/money/ledger.repository.js';
import { queryTemplate } from '../../core/db/query-template.js';
import { listArmedAlerts, type AlertRow } from './alerts/alert.repository.js';

/** An account as read with the live orders: balances (micro-USD) and change sequence. */
export interface AccountState {
  balance: MicroUsd;
  lock: MicroUsd;
  seq: number;
  groupId?: number | null;
}

/** Only this file touches `orders`. Functions take `db` or a transaction first. */

export type OrderRow = Selectable<OrderTable>;

/** An order row's side as the math takes it: 1 buy, 2 sell. */
export function sideOf(row: Pick<OrderRow, 'side'>): 1 | 2 {
  return row.side === 1 ? 1 : 2;
}

type NewOrderRow = Insertable<OrderTable>;
type InsertTemplate = (db: Db, order: NewOrderRow) => Promise<OrderRow[]>;

/** One compiled INSERT per set of columns given (a handful: market, pending, tests). */
const insertTemplates = new Map<string, InsertTemplate>();

function insertTemplate(columns: readonly (keyof NewOrderRow)[]): InsertTemplate {
  const shape = columns.join(',');
  let template = insertTemplates.get(shape);
  if (!template) {
    template = queryTemplate((db: Db, order: NewOrderRow) =>
      db
        .insertInto('orders')
        .values(Object.fromEntries(columns.map((c) => [c, order[c]])) as NewOrderRow)
        .returningAll(),
    );
    insertTemplates.set(shape, template);
  }
  return template;
}

export async function insertOrder(db: Db, order: NewOrderRow): Promise<OrderRow> {
  // As Kysely does: a field left undefined is not written (the column's default applies).
  const columns = (Object.keys(order) as (keyof NewOrderRow)[]).filter((c) => order[c] !== undefined);
  const [row] = await insertTemplate(columns)(db, order);
  if (!row) throw new Error('insert into orders returned no row');
  return row;
}

export function findOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

const openPositionsQuery = queryTemplate((db: Db, a: { userId: number }) =>
  db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', a.userId)
    .where('status', '=', OrderStatus.Holding)
    .orderBy('id'),
);

/** A user's open positions (what their margin and floating profit are made of). */
export function listOpenPositions(db: Db, userId: number): Promise<OrderRow[]> {
  return openPositionsQuery(db, { userId });
}

/** The columns of an open position that its margin and floating profit are made of. */
export type PositionFields = Pick<
  OrderRow,
  'id' | 'instrument_id' | 'side' | 'lots' | 'open_price' | 'margin' | 'group_markup'
>;

const openPositionFieldsQuery = queryTemplate((db: Db, a: { userId: number }) =>
  db
    .selectFrom('orders')
    .select(['id', 'instrument_id', 'side', 'lots', 'open_price', 'margin', 'group_markup'])
    .where('user_id', '=', a.userId)
    .where('status', '=', OrderStatus.Holding)
    .orderBy('id'),
);

/** `listOpenPositions` with only what prices them: what every order's margin check reads. */
export function listOpenPositionFields(db: Db, userId: number): Promise<PositionFields[]> {
  return openPositionFieldsQuery(db, { userId });
}

/** A user's live orders (pending and holding), for the engine's index of one account. */
export function listUserLiveOrders(db: Db, userId: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', [OrderStatus.Pending, OrderStatus.Holding])
    .orderBy('id')
    .execute();
}

/**
 * Every live order and armed alert, and the accounts of their users and of `alsoUsers`, as
 * of one moment:
 * one repeatable-read transaction on PostgreSQL, one read transaction on SQLite (docs/
 * money.md "The engine's memory": the accounts' change sequences say what the read holds).
 */
export async function readLiveState(
  db: Db,
  alsoUsers: readonly number[],
): Promise<{ rows: OrderRow[]; alerts: AlertRow[]; accounts: Map<number, AccountState> }> {
  const transaction = isPostgres(db)
    ? db.transaction().setIsolationLevel('repeatable read')
    : db.transaction();
  return transaction.execute(async (trx) => {
    const rows = await listLiveOrders(trx);
    const alerts = await listArmedAlerts(trx);
    const users = new Set([
      ...rows.map((r) => Number(r.user_id)),
      ...alerts.map((a) => Number(a.user_id)),
      ...alsoUsers,
    ]);
    const accounts = new Map<number, AccountState>();
    for (const a of await findAccounts(trx, [...users]))
      accounts.set(Number(a.user_id), {
        balance: microUsd(Number(a.balance)),
        lock: microUsd(Number(a.lock_balance)),
        seq: Number(a.change_seq),
        groupId: a.group_id === null ? null : Number(a.group_id),
      });
    return { rows, alerts, accounts };
  });
}

/** Every live order (pending or holding), for the engine to rebuild its index. */
export function listLiveOrders(db: Db): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', [OrderStatus.Pending, OrderStatus.Holding])
    .orderBy('id')
    .execute();
}

/** One page of a user's orders for a tab; history holds closed and cancelled. */
export async function pageUserOrders(
  db: Db,
  userId: number,
  tab: 0 | 1 | 3,
  page: number,
  size: number,
): Promise<Page<OrderRow>> {
  const statuses = tab === OrderStatus.Closed ? [OrderStatus.Closed, OrderStatus.Cancelled] : [tab];
  const base = db.selectFrom('orders').where('user_id', '=', userId).where('status', 'in', statuses);
  const rows = base.selectAll().orderBy('id', 'desc');
  return pageOf(rows, size, (page - 1) * size);
}

/**
 * Σ realised profit of a user's closed orders (history tab total); with `since`, only those
 * closed from then on and not by the demo reset itself (docs/api.md "Trading").
 */
export async function sumClosedProfit(
  db: Db,
  userId: number,
  since: number | null = null,
): Promise<MicroUsd> {
  let query = db
    .selectFrom('orders')
    .select((eb) => eb.fn.sum<number | string | null>('profit').as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', OrderStatus.Closed);
  if (since !== null)
    query = query
      .where('closed_at', '>=', since)
      .where((eb) => eb.or([eb('close_reason', 'is', null), eb('close_reason', '!=', 'demo_reset')]));
  const row = await query.executeTakeFirstOrThrow();
  return microUsd(Number(row.total ?? 0));
}

/** When the user's last order closed for `reason` (epoch ms), or null if none did. */
export async function lastClosedFor(db: Db, userId: number, reason: string): Promise<number | null> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.max<number | string | null>('closed_at').as('at'))
    .where('user_id', '=', userId)
    .where('close_reason', '=', reason)
    .executeTakeFirstOrThrow();
  return row.at === null ? null : Number(row.at);
}

/**
 * Moves an order from one status to another only if it is still in the first one, so a
 * double close or a close racing a trigger changes it once. Returns the row as it is now,
 * or undefined when it had already moved on.
 */
export function transitionOrder(
  db: Db,
  id: number,
  from: number,
  changes: Partial<Insertable<OrderTable>>,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/**
 * A partial close's change of the position (docs/money.md "Partial close and close all"):
 * its lots and the charges that stay with them, only while it is still open with the lots it
 * was read with, so a close or another partial close racing it changes it once. Returns the
 * row as it is now, or undefined when it had moved on.
 */
export function reducePosition(
  db: Db,
  id: number,
  fromLots: OrderRow['lots'],
  changes: Pick<Insertable<OrderTable>, 'lots' | 'margin' | 'fee' | 'commission' | 'spread_open' | 'swap'>,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', OrderStatus.Holding)
    .where('lots', '=', fromLots)
    .returningAll()
    .executeTakeFirst();
}

/** Sets TP/SL of an order that is still in `status`; the row as it is now. */
export function setStops(
  db: Db,
  id: number,
  status: number,
  stops: { tp: Points | null; sl: Points | null; trailing: number | null },
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ tp: stops.tp, sl: stops.sl, trailing_points: stops.trailing })
    .where('id', '=', id)
    .where('status', '=', status)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Moves a pending order that is still pending to `target` with the kind it now triggers as;
 * the row as it is now, or undefined once it has filled or ended.
 */
export function setPendingPrice(
  db: Db,
  id: number,
  pending: { target: Points; kind: PendingKind },
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ target_price: pending.target, pending_kind: pending.kind })
    .where('id', '=', id)
    .where('status', '=', OrderStatus.Pending)
    .returningAll()
    .executeTakeFirst();
}

/** Whether the user has any position left open (negative balance protection waits for none). */
export async function hasOpenPosition(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', OrderStatus.Holding)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Live (pending or open) orders per instrument, of every instrument or of one. */
export async function countLiveOrdersByInstrument(
  db: Db,
  instrumentId?: number,
): Promise<Map<number, number>> {
  let query = db
    .selectFrom('orders')
    .select(['instrument_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('status', 'in', [OrderStatus.Pending, OrderStatus.Holding]);
  if (instrumentId !== undefined) query = query.where('instrument_id', '=', instrumentId);
  const rows = await query.groupBy('instrument_id').execute();
  return new Map(rows.map((r) => [Number(r.instrument_id), Number(r.n)]));
}

/** Every open position: whose, instrument, side and lots (summed exactly by the caller). */
export function listAllOpenPositions(
  db: Db,
): Promise<Pick<OrderRow, 'user_id' | 'instrument_id' | 'side' | 'lots'>[]> {
  return db
    .selectFrom('orders')
    .select(['user_id', 'instrument_id', 'side', 'lots'])
    .where('status', '=', OrderStatus.Holding)
    .execute();
}

/** A user's orders among `ids` (a statement's page of log rows names them), in chunks. */
export async function userOrdersByIds(db: Db, userId: number, ids: readonly number[]): Promise<OrderRow[]> {
  const wanted = [...new Set(ids)];
  const rows: OrderRow[] = [];
  for (let i = 0; i < wanted.length; i += 500) {
    const chunk = wanted.slice(i, i + 500);
    rows.push(
      ...(await db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

/**
 * One page of a user's orders that opened or closed in [from, to) (epoch ms), by id after
 * `afterId`: the trades a statement lists, read a page at a time.
 */
export function pageOrdersTradedBetween(
  db: Db,
  userId: number,
  range: { from: number; to: number },
  afterId: number,
  size: number,
): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .where((eb) =>
      eb.or([
        eb.and([eb('opened_at', '>=', range.from), eb('opened_at', '<', range.to)]),
        eb.and([eb('closed_at', '>=', range.from), eb('closed_at', '<', range.to)]),
      ]),
    )
    .orderBy('id', 'asc')
    .limit(size)
    .execute();
}
