import type { Db } from '../../../core/db/database.js';

/** Deposit channels by id, with what names them (docs/reports.md "Deposits and withdrawals"). */
export function depositChannels(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('deposit_channels')
    .select(['id', 'kind', 'currency_code', 'protocol_code', 'bank_name', 'provider_name'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Payout methods by id, with their currency. */
export function payoutMethods(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('withdraw_methods as m')
    .innerJoin('withdraw_currencies as c', 'c.id', 'm.draw_currency_id')
    .select([
      'm.id as id',
      'm.type as type',
      'c.code as code',
      'c.protocol as protocol',
      'm.bank_name',
      'm.dc_address',
    ])
    .where('m.id', 'in', [...ids])
    .execute();
}
