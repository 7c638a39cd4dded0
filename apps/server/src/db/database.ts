import type { Generated, Kysely } from 'kysely';

/**
 * Every table of the database, as Kysely sees it. Conventions (portable between SQLite and
 * PostgreSQL): times are epoch milliseconds in BIGINT, money is integer micro-units
 * (1e-6 of the currency) in BIGINT, prices are integer points (price × 10^precision),
 * booleans are 0/1 integers, JSON is TEXT.
 */
export interface Database {
  categories: CategoryTable;
  instruments: InstrumentTable;
  quotes: QuoteTable;
  candles: CandleTable;
  settings: SettingTable;
  users: UserTable;
  sessions: SessionTable;
  verification_codes: VerificationCodeTable;
  captchas: CaptchaTable;
  rate_hits: RateHitTable;
  outbox: OutboxTable;
  companies: CompanyTable;
  accounts: AccountTable;
  account_logs: AccountLogTable;
  orders: OrderTable;
}

export interface CategoryTable {
  id: number;
  /** The locale key of the name, e.g. `category.crypto`; operators may add names instead. */
  name_key: string;
  /** JSON object lang → name; overrides the locale key when present. */
  names: string;
  sort: number;
}

export interface InstrumentTable {
  id: number;
  code: string;
  show_code: string;
  category_id: number;
  base_currency: string;
  quote_currency: string;
  /** Which trading hours it keeps: forex, metals, indices, energy, crypto. */
  session: string;
  price_precision: number;
  /** Lot step and minimum lots, as decimal strings ("0.01"). */
  lot_step: string;
  min_lots: string;
  /** Units per lot. */
  contract_size: string;
  margin_mode: number;
  /** JSON array of leverage values. */
  leverages: string;
  fee_rate: string;
  /** Spread in points, set by operators. */
  spread_points: number;
  /** Simulator parameters: JSON { start, volatility } or { legs: [...] }. */
  sim: string;
  enabled: number;
  sort: number;
}

export interface QuoteTable {
  instrument_id: number;
  bid: number;
  ask: number;
  day_open: number;
  day_high: number;
  day_low: number;
  /** Start of the trading day the open/high/low belong to. */
  day_start: number;
  time: number;
}

/** One candle; prices in integer points, `time` its start (1day: 17:00 New York). */
export interface CandleTable {
  instrument_id: number;
  /** One of PERIODS: 1min … 1day. */
  period: string;
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Ticks in the candle. */
  volume: number;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface UserTable {
  id: Generated<number>;
  uid: string;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  password_hash: string;
  invite_code: string;
  referrer_id: number | null;
  is_demo: number;
  /** The device id a demo account was made for, so the device gets it back. */
  demo_id: string | null;
  status: string;
  created_at: number;
}

export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export type Db = Kysely<Database>;

export interface VerificationCodeTable {
  id: Generated<number>;
  /** A lower-cased e-mail or an E.164 phone number. */
  target: string;
  /** 1 register, 2 reset password, 3 change password. */
  purpose: number;
  /** SHA-256 of the code. */
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface CaptchaTable {
  id: string;
  /** The expected answer, lower-cased. */
  answer: string;
  expires_at: number;
}

/** One event counted by a rate limit (a failed login, a code sent …). */
export interface RateHitTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  at: number;
}

/** Every e-mail and SMS the system sends, for operators to read. */
export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  /** sent (through SMTP or a provider), logged (no transport configured) or failed. */
  status: string;
  error: string | null;
  created_at: number;
}

export interface CompanyTable {
  id: Generated<number>;
  name: string;
  logo: string;
  url: string;
  subject: string;
  registered_address: string;
  location: string;
  email: string;
  is_main: number;
}

export interface AccountTable {
  user_id: number;
  /** Micro-USD. */
  balance: number;
  /** Micro-USD held by pending withdrawals. */
  lock_balance: number;
  updated_at: number;
}

export interface AccountLogTable {
  id: Generated<number>;
  user_id: number;
  /** demo_credit, trade_fee, trade_profit, deposit, withdraw, negative_balance_reset … */
  type: string;
  /** Signed micro-USD. */
  amount: number;
  balance_after: number;
  ref_type: string | null;
  ref_id: number | null;
  created_at: number;
}

export interface OrderTable {
  id: Generated<number>;
  user_id: number;
  instrument_id: number;
  /** 1 buy, 2 sell. */
  side: number;
  /** 0 pending, 1 holding, 3 closed, 4 cancelled. */
  status: number;
  /** Decimal string ("0.50"). */
  lots: string;
  leverage: number;
  margin_mode: number;
  /** Points: the trigger price of a pending order. */
  target_price: number | null;
  /** buy_limit, buy_stop, sell_limit or sell_stop: fixed when the order is placed. */
  pending_kind: string | null;
  open_price: number | null;
  close_price: number | null;
  tp: number | null;
  sl: number | null;
  /** Micro-USD (0 until the order opens). */
  margin: Generated<number>;
  fee: Generated<number>;
  /** Realised gross profit once closed (fee not included). */
  profit: Generated<number>;
  close_reason: string | null;
  idempotency_key: string | null;
  created_at: number;
  opened_at: number | null;
  closed_at: number | null;
}
