import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import {
  decimalField,
  idField,
  intEnum,
  intEnumWithDefault,
  optionalSmallId,
  optionalText,
  pageField,
  requiredText,
  smallIdField,
} from './fields.js';

/**
 * Deposits, withdrawals and bound payout accounts (docs/api.md "Funds"). Every call is for
 * a logged-in real user: a demo user is refused with code 2003.
 */

/** Charge record `type`: 0 coin, 1 bank wire, 2 card (docs/api.md). */
export const ChargeType = { Coin: 0, Wire: 1, Card: 2 } as const;
/** Charge record `status`: 0 unchecked, 1 finished (credited), 2 rejected, 3 invalid. */
export const ChargeStatus = { Unchecked: 0, Finished: 1, Rejected: 2, Invalid: 3 } as const;
/** Withdraw currency / method `type`: 1 coin, 2 bank (fiat). */
export const DrawType = { Coin: 1, Bank: 2 } as const;
/** Withdrawal `status`: 0 under review (funds held), 1 paid, 2 rejected (funds released). */
export const WithdrawStatus = { Pending: 0, Paid: 1, Rejected: 2 } as const;

/** An amount of a deposit channel's currency (BTC has 8 decimals). */
export const DEPOSIT_AMOUNT_RANGE = { max: 1_000_000_000, maxDecimals: 8 };
/** A withdrawal in USD, to the cent. */
export const WITHDRAW_AMOUNT_RANGE = { max: 1_000_000_000, maxDecimals: 2 };

/** A private image this user uploaded (`/api/common/image_upload` → `url`). */
const imageUrl = requiredText(200);

const realOnly = { auth: true, realOnly: true } as const;

// ---- Deposits -------------------------------------------------------------------------

/** A coin deposit channel (spec "Charge method"), plus the USD it credits per coin. */
export const CoinChannelSchema = z.object({
  id: z.number().int(),
  currency_code: z.string(),
  protocol_code: z.string(),
  address: z.string(),
  /** USD credited per unit of the currency (USDT 1). */
  usd_rate: z.string(),
});
export type CoinChannel = z.infer<typeof CoinChannelSchema>;

/** A bank wire account to pay into (spec "Bank wire option"). */
export const WireOptionSchema = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  bank_remark: z.string(),
  currency_code: z.string(),
  usd_rate: z.string(),
});
export type WireOption = z.infer<typeof WireOptionSchema>;

/** A card channel: an operator-configured payment provider (docs/api.md "Funds"). */
export const CardChannelSchema = z.object({
  id: z.number().int(),
  provider_name: z.string(),
  /** Where the trader pays by card (opens outside the app); may be empty. */
  provider_url: z.string(),
  /** What to do, in the caller's language (operators write it per language). */
  instructions: z.string(),
  currency_code: z.string(),
  usd_rate: z.string(),
});
export type CardChannel = z.infer<typeof CardChannelSchema>;

/** GET /api/quickCharge/info — the coin channels. */
export const chargeInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/quickCharge/info',
  input: z.object({}),
  output: z.array(CoinChannelSchema),
  ...realOnly,
});

/** GET /api/quickCharge/symbols — the coins that can be deposited, with their networks. */
export const chargeSymbolsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/quickCharge/symbols',
  input: z.object({}),
  output: z.array(z.object({ currency_code: z.string(), protocol_codes: z.array(z.string()) })),
  ...realOnly,
});

/** GET /api/quickCharge/wire_info — the bank wire accounts. */
export const wireInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/quickCharge/wire_info',
  input: z.object({}),
  output: z.array(WireOptionSchema),
  ...realOnly,
});

/** GET /api/quickCharge/card_info — the card channels. */
export const cardInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/quickCharge/card_info',
  input: z.object({}),
  output: z.array(CardChannelSchema),
  ...realOnly,
});

/** A deposit as the trader sees it (spec "Charge record"). */
export const ChargeRecordSchema = z.object({
  id: z.number().int(),
  /** The amount sent, in `currency_code`. */
  number: z.string(),
  /** 0 coin, 1 bank wire, 2 card. */
  type: z.number().int(),
  currency_code: z.string(),
  protocol_code: z.string(),
  /** 0 unchecked, 1 finished, 2 rejected, 3 invalid. */
  status: z.number().int(),
  status_name: z.string(),
  /** "YYYY-MM-DD HH:mm:ss", New York time (the spec's field, for reading). */
  created_at: z.string(),
  /** The same instant in epoch ms: what the app shows, in the trader's zone. */
  created_at_ms: z.number().int(),
  /** The operator's remark (why it was rejected or invalid). */
  remark: z.string(),
  /** USD credited once finished, else 0. */
  credited: z.number(),
  /** The proof image (a private URL only its owner can fetch). */
  proof_img: z.string(),
});
export type ChargeRecord = z.infer<typeof ChargeRecordSchema>;

/** `type` of the deposit history that lists every type in one (an addition to the spec). */
export const CHARGE_RECORDS_ALL = 'all';

/**
 * GET /api/quickCharge/quick_ist — the caller's deposits, newest first: of one `type` (absent:
 * 0, as the spec has it), or of every type with `type=all`.
 */
export const chargeRecordsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/quickCharge/quick_ist',
  input: z.object({
    type: z.union([z.literal(CHARGE_RECORDS_ALL), intEnumWithDefault([0, 1, 2], 0)]),
    page: pageField,
  }),
  output: z.object({ data: z.array(ChargeRecordSchema), total: z.number().int() }),
  ...realOnly,
});

/** POST /api/quickCharge/submit — a coin deposit with its proof. */
export const chargeSubmitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/quickCharge/submit',
  input: z.object({
    number: decimalField(DEPOSIT_AMOUNT_RANGE),
    proofImg: imageUrl,
    /** The address or transaction id the coins were sent from, for the operator's check. */
    address: optionalText(128),
    charge_id: smallIdField,
  }),
  output: ChargeRecordSchema,
  ...realOnly,
});

/** POST /api/quickCharge/wire_submit — a bank wire deposit with its proof. */
export const wireSubmitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/quickCharge/wire_submit',
  input: z.object({
    number: decimalField(DEPOSIT_AMOUNT_RANGE),
    proofImg: imageUrl,
    wire_id: smallIdField,
  }),
  output: ChargeRecordSchema,
  ...realOnly,
});

/** POST /api/quickCharge/card_submit — a card payment made at the provider, with its receipt. */
export const cardSubmitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/quickCharge/card_submit',
  input: z.object({
    number: decimalField(DEPOSIT_AMOUNT_RANGE),
    proofImg: imageUrl,
    card_id: smallIdField,
  }),
  output: ChargeRecordSchema,
  ...realOnly,
});

// ---- Withdrawals ----------------------------------------------------------------------

/** A currency to withdraw in (spec "Withdraw currency"). */
export const DrawCurrencySchema = z.object({
  id: z.number().int(),
  /** 1 coin, 2 bank (fiat). */
  type: z.number().int(),
  code: z.string(),
  protocol: z.string(),
  /** The fee: a fixed USD amount when fee_type is 1, otherwise a rate of the amount. */
  draw_rate: z.string(),
  fee_type: z.number().int(),
  /** Units of this currency paid out per USD withdrawn (USDT 1). */
  usd_price: z.string(),
  /** The smallest withdrawal, USD. */
  minimum: z.string(),
  /** Whether a payment channel exists for it (fiat without one cannot be withdrawn). */
  has_channel: z.boolean(),
});
export type DrawCurrency = z.infer<typeof DrawCurrencySchema>;

/** GET /api/account/draw_symbol_list — the currencies of one type. */
export const drawSymbolListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/account/draw_symbol_list',
  input: z.object({ type: intEnumWithDefault([1, 2], 1) }),
  output: z.array(DrawCurrencySchema),
  ...realOnly,
});

/** POST /api/account/draw — a withdrawal: the amount (USD) is held until an operator decides. */
export const drawEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/account/draw',
  input: z.object({
    draw_currency_id: smallIdField,
    number: decimalField(WITHDRAW_AMOUNT_RANGE),
    memo: optionalText(200),
    draw_method_id: idField,
  }),
  output: z.object({ id: z.number().int(), real_number: z.string(), fee: z.number() }),
  ...realOnly,
});

/** A withdrawal as the trader sees it (spec "Withdraw record"). */
export const WithdrawRecordSchema = z.object({
  id: z.number().int(),
  /** USD requested (held, then paid or released). */
  number: z.number(),
  /** What arrives, in the currency: (number − fee) × usd_price, 2 decimals. */
  real_number: z.string(),
  fee: z.number(),
  status: z.number().int(),
  status_name: z.string(),
  /** "YYYY-MM-DD HH:mm:ss", New York time (the spec's field, for reading). */
  created_at: z.string(),
  /** The same instant in epoch ms: what the app shows, in the trader's zone. */
  created_at_ms: z.number().int(),
  /** 1 coin, 2 bank. */
  type: z.number().int(),
  address: z.string(),
  payee_account: z.string(),
  /** The operator's note (why it was rejected). */
  notes: z.string(),
  /**
   * Once paid: the payout's reference the operator recorded — the bank transfer's
   * reference, or the chain's transaction id (docs/api.md "Funds"); "" before, or for a
   * withdrawal paid before references were kept.
   */
  payout_reference: z.string(),
  draw_currency: z.object({ code: z.string(), protocol: z.string() }),
});
export type WithdrawRecord = z.infer<typeof WithdrawRecordSchema>;

/** GET /api/account/draw_list — the caller's withdrawals of one type, newest first. */
export const drawListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/account/draw_list',
  input: z.object({ type: intEnumWithDefault([1, 2], 1), page: pageField }),
  output: z.object({ data: z.array(WithdrawRecordSchema), total: z.number().int() }),
  ...realOnly,
});

/** GET /api/account/withdrawable — what can be withdrawn now: min(available, free margin). */
export const withdrawableEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/account/withdrawable',
  input: z.object({}),
  output: z.object({ withdrawable: z.number(), balance: z.number(), lock_balance: z.number() }),
  ...realOnly,
});

// ---- Bound payout accounts -------------------------------------------------------------

/** A bound payout account (spec "Withdraw method"). */
export const DrawMethodSchema = z.object({
  id: z.number().int(),
  /** 1 coin address, 2 bank account. */
  type: z.number().int(),
  dc_address: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  draw_currency: z.object({ id: z.number().int(), code: z.string(), protocol: z.string() }),
});
export type DrawMethod = z.infer<typeof DrawMethodSchema>;

/** GET /api/wallet/get_draw_method — the caller's bound accounts of a type (and currency). */
export const getDrawMethodEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/wallet/get_draw_method',
  input: z.object({ draw_type: intEnumWithDefault([1, 2], 1), draw_id: optionalSmallId }),
  output: z.array(DrawMethodSchema),
  ...realOnly,
});

/** POST /api/wallet/bind_draw_method — binds a coin address (type 1) or a bank account (2). */
export const bindDrawMethodEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/wallet/bind_draw_method',
  input: z.object({
    type: intEnum([1, 2]),
    draw_id: smallIdField,
    dc_address: optionalText(128),
    bank_name: optionalText(100),
    bank_address: optionalText(200),
    bank_swift: optionalText(11),
    payee_name: optionalText(100),
    payee_account: optionalText(64),
  }),
  output: DrawMethodSchema,
  ...realOnly,
});

/** POST /api/wallet/del_draw_method — removes a bound account (not while a withdrawal uses it). */
export const delDrawMethodEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/wallet/del_draw_method',
  input: z.object({ id: idField }),
  output: z.null(),
  ...realOnly,
});
