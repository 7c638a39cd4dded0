import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, DepositChannelTable, WithdrawCurrencyTable } from '../../../../core/db/database.js';

/** The back office's reads and writes of deposit channels and withdraw currencies. */

export type ChannelRow = Selectable<DepositChannelTable>;
export type CurrencyRow = Selectable<WithdrawCurrencyTable>;

export function listChannels(db: Db, kind?: string): Promise<ChannelRow[]> {
  let query = db.selectFrom('deposit_channels').selectAll();
  if (kind !== undefined) query = query.where('kind', '=', kind);
  return query.orderBy('kind').orderBy('sort').orderBy('id').execute();
}

export function findChannelRow(db: Db, id: number): Promise<ChannelRow | undefined> {
  return db.selectFrom('deposit_channels').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertChannel(db: Db, row: Insertable<DepositChannelTable>): Promise<ChannelRow> {
  return db.insertInto('deposit_channels').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateChannel(
  db: Db,
  id: number,
  changes: Updateable<DepositChannelTable>,
): Promise<ChannelRow | undefined> {
  return db
    .updateTable('deposit_channels')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function listCurrencies(db: Db, type?: number): Promise<CurrencyRow[]> {
  let query = db.selectFrom('withdraw_currencies').selectAll();
  if (type !== undefined) query = query.where('type', '=', type);
  return query.orderBy('type').orderBy('sort').orderBy('id').execute();
}

export function findCurrencyRow(db: Db, id: number): Promise<CurrencyRow | undefined> {
  return db.selectFrom('withdraw_currencies').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertCurrency(db: Db, row: Insertable<WithdrawCurrencyTable>): Promise<CurrencyRow> {
  return db.insertInto('withdraw_currencies').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateCurrency(
  db: Db,
  id: number,
  changes: Updateable<WithdrawCurrencyTable>,
): Promise<CurrencyRow | undefined> {
  return db
    .updateTable('withdraw_currencies')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
