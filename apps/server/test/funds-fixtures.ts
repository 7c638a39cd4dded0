import { randomBytes } from 'node:crypto';
import type { Server } from '../src/app.js';
import { uploadUrl } from '../src/modules/uploads/upload-url.js';

/**
 * Rows the funds tests stand on, written straight to the database: a deposit channel of
 * each kind, withdraw currencies, a user's bound accounts and a proof image's upload row.
 */
export async function fundsFixture(services: Server) {
  const db = services.core.db;
  const channel = (kind: string, currency: string, rate: string) =>
    db
      .insertInto('deposit_channels')
      .values({
        kind,
        currency_code: currency,
        protocol_code: kind === 'coin' ? 'TRC20' : '',
        usd_rate: rate,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.id));
  const currency = (values: {
    type: number;
    code: string;
    draw_rate: string;
    fee_type: number;
    usd_price: string;
    minimum: string;
    has_channel?: number;
  }) =>
    db
      .insertInto('withdraw_currencies')
      .values({ protocol: values.type === 1 ? 'TRC20' : '', ...values })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.id));
  return {
    coin: await channel('coin', 'USDT', '1'),
    btc: await channel('coin', 'BTC', '87500'),
    wire: await channel('wire', 'USD', '1'),
    card: await channel('card', 'USD', '1'),
    /** USDT TRC20: 1 USD fixed fee, minimum 10. */
    usdt: await currency({
      type: 1,
      code: 'USDT',
      draw_rate: '1',
      fee_type: 1,
      usd_price: '1',
      minimum: '10',
    }),
    /** EUR bank: 0.5 % fee, 0.92 EUR per USD, minimum 50. */
    eur: await currency({
      type: 2,
      code: 'EUR',
      draw_rate: '0.005',
      fee_type: 2,
      usd_price: '0.92',
      minimum: '50',
    }),
    /** A fiat currency no payment channel serves yet. */
    gbp: await currency({
      type: 2,
      code: 'GBP',
      draw_rate: '0',
      fee_type: 2,
      usd_price: '0.79',
      minimum: '50',
      has_channel: 0,
    }),
  };
}

/** A proof image's upload row owned by the user (the file itself is not needed here). */
export async function proofOf(services: Server, userId: number): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.png`;
  await services.core.db
    .insertInto('uploads')
    .values({
      user_id: userId,
      name,
      mime: 'image/png',
      bytes: 100,
      width: 10,
      height: 10,
      created_at: Date.now(),
    })
    .execute();
  return uploadUrl(name);
}

/** A bound payout account of the user for a currency. */
export async function boundMethod(
  services: Server,
  userId: number,
  currencyId: number,
  type = 1,
): Promise<number> {
  const row = await services.core.db
    .insertInto('withdraw_methods')
    .values({
      user_id: userId,
      type,
      draw_currency_id: currencyId,
      dc_address: type === 1 ? 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' : '',
      bank_name: type === 2 ? 'Sample Bank' : '',
      payee_name: type === 2 ? 'A Trader' : '',
      payee_account: type === 2 ? 'DE89370400440532013000' : '',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A coin deposit of `number` declared by the user on `channelId`, with a proof; its id. */
export async function declaredDeposit(
  services: Server,
  userId: number,
  channelId: number,
  number: string,
): Promise<number> {
  const row = await services.wallet.deposits.declare(userId, {
    type: 0,
    channelId,
    number,
    proofUrl: await proofOf(services, userId),
  });
  return Number(row.id);
}
