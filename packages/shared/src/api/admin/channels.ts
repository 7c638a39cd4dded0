import { z } from 'zod';
import { LANGS } from '../../languages.js';
import { defineEndpoint } from '../endpoint.js';
import {
  decimalField,
  intEnum,
  intField,
  optionalIntEnum,
  optionalSmallId,
  optionalText,
  textField,
} from '../fields.js';
import { flagField, operatorAccess, ROLES } from './common.js';

/**
 * Deposit channels (coin networks and addresses, bank wire accounts, card providers) and
 * withdraw currencies, as operators configure them (docs/api.md "Deposit channels and
 * withdraw currencies"). Traders see only enabled rows, in `sort` order.
 */

export const CHANNEL_KINDS = ['coin', 'wire', 'card'] as const;

/** USD per unit of a currency (and units per USD): positive, 8 decimals. */
const RATE_RANGE = { max: 1_000_000_000, maxDecimals: 8 };

export const AdminChannelSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CHANNEL_KINDS),
  currency_code: z.string(),
  protocol_code: z.string(),
  address: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  bank_remark: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  /** Card instructions per language. */
  instructions: z.partialRecord(z.enum(LANGS), z.string()),
  usd_rate: z.string(),
  enabled: z.number().int(),
  sort: z.number().int(),
  /** 1 for what the first start seeded: replace before taking real deposits. */
  is_sample: z.number().int(),
});
export type AdminChannel = z.infer<typeof AdminChannelSchema>;

/** GET /api/admin/channels/list — every deposit channel, enabled or not. */
export const adminChannelsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/channels/list',
  input: z.object({
    kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CHANNEL_KINDS).optional()),
  }),
  output: z.array(AdminChannelSchema),
  ...operatorAccess(ROLES.adminOnly),
});

const instructionText = textField(2000);

/** Card instructions per language; English is required (it is the fallback), others optional. */
export const ChannelInstructionsSchema = z.object({
  en: instructionText,
  ...Object.fromEntries(LANGS.filter((l) => l !== 'en').map((l) => [l, instructionText.optional()])),
}) as z.ZodType<{ en: string } & Partial<Record<(typeof LANGS)[number], string>>>;

/**
 * POST /api/admin/channels/save — creates (no `id`) or edits a channel. What `kind` needs
 * (refused with code 2000 and `data.field` otherwise):
 * - coin: `currency_code`, `protocol_code` and an `address` valid on that network (TRC20,
 *   ERC20/BEP20, BTC are checked; another network is refused), stored in one spelling;
 * - wire: `bank_name`, `payee_name`, `payee_account` (and the optional bank fields);
 * - card: `provider_name`, `provider_url` empty or https, `instructions` (English at least).
 * The kind of an existing channel cannot change.
 */
export const adminSaveChannelEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/channels/save',
  input: z.object({
    id: optionalSmallId,
    kind: z.enum(CHANNEL_KINDS),
    currency_code: z.string().regex(/^[A-Za-z0-9]{2,12}$/),
    protocol_code: optionalText(16),
    address: optionalText(128),
    bank_name: optionalText(100),
    bank_address: optionalText(200),
    bank_swift: optionalText(11),
    payee_name: optionalText(100),
    payee_account: optionalText(64),
    bank_remark: optionalText(200),
    provider_name: optionalText(100),
    provider_url: optionalText(300),
    instructions: ChannelInstructionsSchema.optional(),
    usd_rate: decimalField(RATE_RANGE),
    enabled: flagField,
    sort: intField(0, 1_000_000),
  }),
  output: AdminChannelSchema,
  ...operatorAccess(ROLES.adminOnly),
});

export const AdminCurrencySchema = z.object({
  id: z.number().int(),
  /** 1 coin, 2 bank (fiat). */
  type: z.number().int(),
  code: z.string(),
  protocol: z.string(),
  /** fee_type 1: a fixed USD fee; 2: a rate of the amount. */
  fee_type: z.number().int(),
  draw_rate: z.string(),
  /** Units of the currency paid per USD. */
  usd_price: z.string(),
  /** The smallest withdrawal, USD. */
  minimum: z.string(),
  /** 0: a fiat currency with no payment channel yet (withdrawals to it are refused). */
  has_channel: z.number().int(),
  enabled: z.number().int(),
  sort: z.number().int(),
  is_sample: z.number().int(),
});
export type AdminCurrency = z.infer<typeof AdminCurrencySchema>;

/** GET /api/admin/currencies/list — every withdraw currency, enabled or not. */
export const adminCurrenciesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/currencies/list',
  input: z.object({ type: optionalIntEnum([1, 2]) }),
  output: z.array(AdminCurrencySchema),
  ...operatorAccess(ROLES.adminOnly),
});

/**
 * POST /api/admin/currencies/save — creates (no `id`) or edits a withdraw currency. A coin
 * currency's `protocol` must be a network whose addresses the server checks (TRC20,
 * ERC20, BEP20, ETH, TRX, BTC). `type` cannot change once created.
 */
export const adminSaveCurrencyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/currencies/save',
  input: z.object({
    id: optionalSmallId,
    type: intEnum([1, 2]),
    code: z.string().regex(/^[A-Za-z0-9]{2,12}$/),
    protocol: optionalText(16),
    fee_type: intEnum([1, 2]),
    draw_rate: decimalField({ max: 1_000_000, maxDecimals: 8, allowZero: true }),
    usd_price: decimalField(RATE_RANGE),
    minimum: decimalField({ max: 1_000_000_000, maxDecimals: 2, allowZero: true }),
    has_channel: flagField,
    enabled: flagField,
    sort: intField(0, 1_000_000),
  }),
  output: AdminCurrencySchema,
  ...operatorAccess(ROLES.adminOnly),
});
