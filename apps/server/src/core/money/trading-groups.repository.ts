import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, GroupConditionTable, TradingGroupTable } from '../db/database.js';

/**
 * The only SQL that touches `trading_groups`, `group_conditions` and `leverage_caps`
 * (docs/trading-groups.md). An account's group is a property of the account, so the
 * tables sit with the accounts in core; the trading module applies them, the back office
 * edits them through its service.
 */

export type TradingGroupRow = Selectable<TradingGroupTable>;
export type GroupConditionRow = Selectable<GroupConditionTable>;

/** Every group with how many accounts it holds: defaults first, then by name. */
export async function listGroups(db: Db): Promise<(TradingGroupRow & { accounts: number })[]> {
  const rows = await db
    .selectFrom('trading_groups as g')
    .selectAll('g')
    .select((eb) =>
      eb
        .selectFrom('accounts as a')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('a.group_id', '=', 'g.id')
        .as('accounts'),
    )
    .orderBy('g.is_default', 'desc')
    .orderBy('g.name_key')
    .execute();
  return rows.map((r) => ({ ...r, accounts: Number(r.accounts ?? 0) }));
}

export function findGroup(db: Db, id: number): Promise<TradingGroupRow | undefined> {
  return db.selectFrom('trading_groups').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findGroupByName(db: Db, name: string): Promise<TradingGroupRow | undefined> {
  return db
    .selectFrom('trading_groups')
    .selectAll()
    .where('name_key', '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function countGroupAccounts(db: Db, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertGroup(db: Db, values: Insertable<TradingGroupTable>): Promise<number> {
  const row = await db.insertInto('trading_groups').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateGroup(db: Db, id: number, values: Updateable<TradingGroupTable>): Promise<void> {
  await db.updateTable('trading_groups').set(values).where('id', '=', id).execute();
}

/** Takes the default mark off the kind's groups (before another becomes it, same transaction). */
export async function clearDefault(db: Db, kind: string): Promise<void> {
  await db
    .updateTable('trading_groups')
    .set({ is_default: 0 })
    .where('account_kind', '=', kind)
    .where('is_default', '=', 1)
    .execute();
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.deleteFrom('group_conditions').where('group_id', '=', id).execute();
  await db.deleteFrom('trading_groups').where('id', '=', id).execute();
}

/** A group's conditions: categories first, then instruments. */
export function listConditions(db: Db, groupId: number): Promise<GroupConditionRow[]> {
  return db
    .selectFrom('group_conditions')
    .selectAll()
    .where('group_id', '=', groupId)
    .orderBy('instrument_id', (o) => o.nullsFirst())
    .orderBy('category_id')
    .orderBy('instrument_id')
    .execute();
}

export function findCondition(db: Db, id: number): Promise<GroupConditionRow | undefined> {
  return db.selectFrom('group_conditions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The group's condition for exactly this category or instrument, if any. */
export function findConditionFor(
  db: Db,
  groupId: number,
  target: { categoryId: number | null; instrumentId: number | null },
): Promise<GroupConditionRow | undefined> {
  let query = db.selectFrom('group_conditions').selectAll().where('group_id', '=', groupId);
  query =
    target.instrumentId !== null
      ? query.where('instrument_id', '=', target.instrumentId)
      : query.where('category_id', '=', target.categoryId).where('instrument_id', 'is', null);
  return query.executeTakeFirst();
}

export async function insertCondition(db: Db, values: Insertable<GroupConditionTable>): Promise<number> {
  const row = await db
    .insertInto('group_conditions')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateCondition(
  db: Db,
  id: number,
  values: Updateable<GroupConditionTable>,
): Promise<void> {
  await db.updateTable('group_conditions').set(values).where('id', '=', id).execute();
}

export async function deleteCondition(db: Db, id: number): Promise<void> {
  await db.deleteFrom('group_conditions').where('id', '=', id).execute();
}

/** A group and every condition it sets (the order path keeps them: trading/groups/order-terms.ts). */
export async function groupWithConditions(
  db: Db,
  groupId: number,
): Promise<{ group: TradingGroupRow | undefined; conditions: GroupConditionRow[] }> {
  const [group, conditions] = await Promise.all([
    findGroup(db, groupId),
    db.selectFrom('group_conditions').selectAll().where('group_id', '=', groupId).execute(),
  ]);
  return { group, conditions };
}

/** Asset class → cap. */
export async function leverageCaps(db: Db): Promise<Record<string, number>> {
  const rows = await db.selectFrom('leverage_caps').select(['asset_class', 'cap']).execute();
  return Object.fromEntries(rows.map((r) => [r.asset_class, Number(r.cap)]));
}

export async function setLeverageCap(db: Db, assetClass: string, cap: number, now: number): Promise<void> {
  await db
    .updateTable('leverage_caps')
    .set({ cap, updated_at: now })
    .where('asset_class', '=', assetClass)
    .execute();
}

/** Group id → its levels, fee type and flags: what the engine keeps per account's group. */
export function listGroupLevels(
  db: Db,
): Promise<Pick<TradingGroupRow, 'id' | 'margin_call_level' | 'stop_out_level'>[]> {
  return db.selectFrom('trading_groups').select(['id', 'margin_call_level', 'stop_out_level']).execute();
}
