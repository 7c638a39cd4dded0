import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers.js';

/**
 * Funds and identity (docs/api.md "Funds", "Identity and uploads"): deposit channels and
 * deposits, withdraw currencies, bound payout accounts and withdrawals, private uploads,
 * identity verifications. Amounts a trader types in a coin are decimal strings; USD is
 * integer micro-USD; rates are decimal strings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const text = (size: number) => `varchar(${size})` as const;

  await withId(db.schema.createTable('uploads'), pg)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('name', text(64), (c) => c.notNull().unique())
    .addColumn('mime', text(32), (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_user').on('uploads').columns(['user_id', 'id']).execute();

  await withId(db.schema.createTable('deposit_channels'), pg)
    .addColumn('kind', text(8), (c) => c.notNull())
    .addColumn('currency_code', text(16), (c) => c.notNull())
    .addColumn('protocol_code', text(16), (c) => c.notNull().defaultTo(''))
    .addColumn('address', text(128), (c) => c.notNull().defaultTo(''))
    .addColumn('bank_name', text(100), (c) => c.notNull().defaultTo(''))
    .addColumn('bank_address', text(200), (c) => c.notNull().defaultTo(''))
    .addColumn('bank_swift', text(11), (c) => c.notNull().defaultTo(''))
    .addColumn('payee_name', text(100), (c) => c.notNull().defaultTo(''))
    .addColumn('payee_account', text(64), (c) => c.notNull().defaultTo(''))
    .addColumn('bank_remark', text(200), (c) => c.notNull().defaultTo(''))
    .addColumn('provider_name', text(100), (c) => c.notNull().defaultTo(''))
    .addColumn('provider_url', text(300), (c) => c.notNull().defaultTo(''))
    .addColumn('instructions', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('usd_rate', text(32), (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('deposits'), pg)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('deposit_channels.id'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('currency_code', text(16), (c) => c.notNull())
    .addColumn('protocol_code', text(16), (c) => c.notNull().defaultTo(''))
    .addColumn('number', text(32), (c) => c.notNull())
    .addColumn('address', text(128), (c) => c.notNull().defaultTo(''))
    .addColumn('proof_upload_id', 'bigint', (c) => c.notNull().references('uploads.id'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('remark', text(200), (c) => c.notNull().defaultTo(''))
    .addColumn('usd_rate', text(32), (c) => c.notNull())
    .addColumn('credited', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reviewed_by', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deposits_user').on('deposits').columns(['user_id', 'type', 'id']).execute();
  await db.schema.createIndex('deposits_status').on('deposits').columns(['status', 'id']).execute();

  await withId(db.schema.createTable('withdraw_currencies'), pg)
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('code', text(16), (c) => c.notNull())
    .addColumn('protocol', text(16), (c) => c.notNull().defaultTo(''))
    .addColumn('draw_rate', text(32), (c) => c.notNull())
    .addColumn('fee_type', 'integer', (c) => c.notNull())
    .addColumn('usd_price', text(32), (c) => c.notNull())
    .addColumn('minimum', text(32), (c) => c.notNull())
    .addColumn('has_channel', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('withdraw_methods'), pg)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('draw_currency_id', 'bigint', (c) => c.notNull().references('withdraw_currencies.id'))
    .addColumn('dc_address', text(128), (c) => c.notNull().defaultTo(''))
    .addColumn('bank_name', text(100), (c) => c.notNull().defaultTo(''))
    .addColumn('bank_address', text(200), (c) => c.notNull().defaultTo(''))
    .addColumn('bank_swift', text(11), (c) => c.notNull().defaultTo(''))
    .addColumn('payee_name', text(100), (c) => c.notNull().defaultTo(''))
    .addColumn('payee_account', text(64), (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('withdraw_methods_user')
    .on('withdraw_methods')
    .columns(['user_id', 'type', 'id'])
    .execute();

  await withId(db.schema.createTable('withdrawals'), pg)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('draw_currency_id', 'bigint', (c) => c.notNull().references('withdraw_currencies.id'))
    .addColumn('draw_method_id', 'bigint', (c) => c.notNull().references('withdraw_methods.id'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('real_number', text(32), (c) => c.notNull())
    .addColumn('usd_price', text(32), (c) => c.notNull())
    .addColumn('memo', text(200), (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('notes', text(200), (c) => c.notNull().defaultTo(''))
    .addColumn('address', text(128), (c) => c.notNull().defaultTo(''))
    .addColumn('payee_account', text(64), (c) => c.notNull().defaultTo(''))
    .addColumn('reviewed_by', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('withdrawals_user')
    .on('withdrawals')
    .columns(['user_id', 'type', 'id'])
    .execute();
  await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('withdrawals_method')
    .on('withdrawals')
    .columns(['draw_method_id', 'status'])
    .execute();

  await withId(db.schema.createTable('identity_verifications'), pg)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('name', text(100), (c) => c.notNull())
    .addColumn('card_id', text(40), (c) => c.notNull())
    .addColumn('front_upload_id', 'bigint', (c) => c.notNull().references('uploads.id'))
    .addColumn('reverse_upload_id', 'bigint', (c) => c.notNull().references('uploads.id'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', text(200), (c) => c.notNull().defaultTo(''))
    .addColumn('reviewed_by', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('identity_verifications_user')
    .on('identity_verifications')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'identity_verifications',
    'withdrawals',
    'withdraw_methods',
    'withdraw_currencies',
    'deposits',
    'deposit_channels',
    'uploads',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
