import type { Selectable } from 'kysely';
import type { Db, DepositChannelTable, WithdrawCurrencyTable } from '../../../core/db/database.js';

/** Reads of the operator-configured channels: deposit channels and withdraw currencies. */

export type DepositChannelRow = Selectable<DepositChannelTable>;
export type WithdrawCurrencyRow = Selectable<WithdrawCurrencyTable>;

/** Deposit channel kinds (`deposit_channels.kind`). */
export type ChannelKind = 'coin' | 'wire' | 'card';

/** The enabled deposit channels of a kind, in the operators' order. */
export function listEnabledChannels(db: Db, kind: ChannelKind): Promise<DepositChannelRow[]> {
  return db
    .selectFrom('deposit_channels')
    .selectAll()
    .where('kind', '=', kind)
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The enabled withdraw currencies of a type (1 coin, 2 bank), in the operators' order. */
export function listEnabledCurrencies(db: Db, type: number): Promise<WithdrawCurrencyRow[]> {
  return db
    .selectFrom('withdraw_currencies')
    .selectAll()
    .where('type', '=', type)
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** An enabled withdraw currency, or undefined. */
export function findEnabledCurrency(db: Db, id: number): Promise<WithdrawCurrencyRow | undefined> {
  return db
    .selectFrom('withdraw_currencies')
    .selectAll()
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .executeTakeFirst();
}

/** An enabled channel of a kind (coin, wire, card), or undefined. */
export function findEnabledChannel(
  db: Db,
  id: number,
  kind: ChannelKind,
): Promise<DepositChannelRow | undefined> {
  return db
    .selectFrom('deposit_channels')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', kind)
    .where('enabled', '=', 1)
    .executeTakeFirst();
}

export function findChannel(db: Db, id: number): Promise<DepositChannelRow | undefined> {
  return db.selectFrom('deposit_channels').selectAll().where('id', '=', id).executeTakeFirst();
}
