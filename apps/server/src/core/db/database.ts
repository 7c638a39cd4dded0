import type { Lots, MicroUsd, Points } from '@pipwise/shared';
import type { Generated, Kysely } from 'kysely';

/**
 * Every table of the database, as Kysely sees it. Conventions (portable between SQLite and
 * PostgreSQL): times are epoch milliseconds in BIGINT, money is integer micro-units
 * (1e-6 of the currency) in BIGINT, typed `MicroUsd` (packages/shared math/units.ts), prices are
 * integer points (price × 10^precision) typed `Points`, order volumes are decimal text typed
 * `Lots`, booleans are 0/1 integers, JSON is TEXT.
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
  idempotency_keys: IdempotencyKeyTable;
  uploads: UploadTable;
  deposit_channels: DepositChannelTable;
  deposits: DepositTable;
  withdraw_currencies: WithdrawCurrencyTable;
  withdraw_methods: WithdrawMethodTable;
  withdrawals: WithdrawalTable;
  identity_verifications: IdentityVerificationTable;
  engine_leases: EngineLeaseTable;
  news: NewsTable;
  news_translations: NewsTranslationTable;
  announcements: AnnouncementTable;
  follow_traders: FollowTraderTable;
  feedback: FeedbackTable;
  operators: OperatorTable;
  operator_sessions: OperatorSessionTable;
  audit_log: AuditLogTable;
  executions: ExecutionTable;
  fix_sources: FixSourceTable;
  fix_sequences: FixSequenceTable;
  ledger_entries: LedgerEntryTable;
  books_status: BooksStatusTable;
  swap_charges: SwapChargeTable;
  rollovers: RolloverTable;
  statement_preferences: StatementPreferenceTable;
  statement_mailings: StatementMailingTable;
  mail_queue: MailQueueTable;
  trading_groups: TradingGroupTable;
  group_conditions: GroupConditionTable;
  leverage_caps: LeverageCapTable;
  price_alerts: PriceAlertTable;
  favourites: FavouriteTable;
  chart_drawings: ChartDrawingTable;
  notices: NoticeTable;
  notice_switches: NoticeSwitchTable;
  margin_warning_levels: MarginWarningLevelsTable;
  margin_warnings: MarginWarningTable;
  vapid_keys: VapidKeyTable;
  push_subscriptions: PushSubscriptionTable;
  push_outbox: PushOutboxTable;
  announcement_broadcasts: AnnouncementBroadcastTable;
  passkeys: PasskeyTable;
  passkey_challenges: PasskeyChallengeTable;
}

/** A trading group (docs/trading-groups.md); money as exact decimal text in USD. */
export interface TradingGroupTable {
  id: Generated<number>;
  name: string;
  /** The name lower-cased: unique. */
  name_key: string;
  /** real or demo. */
  account_kind: string;
  is_default: Generated<number>;
  professional: Generated<number>;
  swap_free: Generated<number>;
  /** 0: the broker's trade_fee_type setting. */
  trade_fee_type: Generated<number>;
  /** Percent; null: the broker's settings (both or neither). */
  margin_call_level: string | null;
  stop_out_level: string | null;
  commission_type: Generated<string>;
  commission_rate: Generated<string>;
  commission_min: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** What a group sets for one category or one instrument; null: what is above. */
export interface GroupConditionTable {
  id: Generated<number>;
  group_id: number;
  category_id: number | null;
  instrument_id: number | null;
  /** JSON array of integers. */
  leverages: string | null;
  fee_rate: string | null;
  commission_type: string | null;
  commission_rate: string | null;
  commission_min: string | null;
  /** Points on top of the instrument's markup; null: what is above. */
  markup: number | null;
  updated_at: number;
}

/** The most leverage a retail group offers in an asset class. */
export interface LeverageCapTable {
  asset_class: string;
  cap: number;
  updated_at: number;
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
  /** Nothing is priced from a quote older than this (ms; docs/market-data.md). */
  max_quote_age_ms: Generated<number>;
  /** Simulator parameters: JSON { start, volatility } or { legs: [...] }. */
  sim: string;
  /** b_book (filled here) or a_book (sent to the provider; docs/execution.md). */
  execution_mode: Generated<string>;
  /** An A-book order fills at most this many points worse than quoted. */
  max_slippage_points: Generated<number>;
  /** Points added around the provider's quote: the trader's spread is the raw one plus this. */
  markup_points: Generated<number>;
  /** The provider's Symbol (55) when not the default (fix/provider-symbol.ts). */
  provider_symbol: Generated<string | null>;
  /** Overnight financing of a buy and a sell: signed decimals in `swap_unit` (docs/money.md). */
  swap_long: Generated<string>;
  swap_short: Generated<string>;
  /** points (per lot per night) or percent_per_year (of the notional). */
  swap_unit: Generated<string>;
  /** The rollover that counts three nights: wednesday, friday or none. */
  swap_triple_day: Generated<string>;
  /** Its class for the retail leverage caps; null: the market's default (defaultAssetClass). */
  asset_class: Generated<string | null>;
  enabled: number;
  sort: number;
}

export interface QuoteTable {
  instrument_id: number;
  bid: Points;
  ask: Points;
  day_open: Points;
  day_high: Points;
  day_low: Points;
  /** Start of the trading day the open/high/low belong to. */
  day_start: number;
  time: number;
}

/** One candle; prices in integer points, `time` its start (4hour, 1day, 1week: New York clock). */
export interface CandleTable {
  instrument_id: number;
  /** One of PERIODS: 1min … 1week. */
  period: string;
  time: number;
  open: Points;
  high: Points;
  low: Points;
  close: Points;
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
  /** When the session last proved its trader is there: sign-in or step-up (epoch ms). */
  verified_at: Generated<number>;
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
  /** Below zero only while positions are open (docs/money.md). */
  balance: MicroUsd;
  /** Held by pending withdrawals. */
  lock_balance: MicroUsd;
  updated_at: number;
  /** +1 per committed change of the user's money or orders (docs/money.md). */
  change_seq: Generated<number>;
  /** 1: an operator suspended trading (new orders are refused; closing stays possible). */
  trading_frozen: Generated<number>;
  /** 1: an operator routes this trader's orders to the provider, whatever the instrument. */
  a_book: Generated<number>;
  /** Its trading group (docs/trading-groups.md); set when the account is created. */
  group_id: number | null;
}

export interface AccountLogTable {
  id: Generated<number>;
  user_id: number;
  /** A LedgerEntryKind of packages/shared (domain/ledger.ts). */
  type: string;
  /** Signed, added to the balance. */
  amount: MicroUsd;
  balance_after: MicroUsd;
  /** Signed, added to lock_balance (withdrawal holds). */
  lock_amount: Generated<MicroUsd>;
  lock_after: Generated<MicroUsd>;
  /** A LedgerRefType and the id it points at. */
  ref_type: string | null;
  ref_id: number | null;
  /** An operator's reason (adjustments). */
  memo: string | null;
  created_at: number;
}

/** A request's idempotency key with its first result (docs/money.md "Idempotency"). */
export interface IdempotencyKeyTable {
  user_id: number;
  /** Which call the key belongs to: order_submit, order_close … */
  scope: string;
  key: string;
  /** SHA-256 of the request body, so the same key with another body is refused. */
  request_hash: string;
  /** The JSON of the first response's data. */
  response: string;
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
  lots: Lots & string;
  leverage: number;
  margin_mode: number;
  /** The trigger price of a pending order. */
  target_price: Points | null;
  /** buy_limit, buy_stop, sell_limit or sell_stop: fixed when the order is placed. */
  pending_kind: string | null;
  open_price: Points | null;
  close_price: Points | null;
  tp: Points | null;
  sl: Points | null;
  /** 0 until the order opens. */
  margin: Generated<MicroUsd>;
  fee: Generated<MicroUsd>;
  /** Realised gross profit once closed (fee not included). */
  profit: Generated<MicroUsd>;
  /** Spread paid when it opened and when it closed (docs/money.md). */
  spread_open: Generated<MicroUsd>;
  spread_close: Generated<MicroUsd>;
  /** Overnight financing charged (negative) or paid so far, signed micro-USD (docs/money.md). */
  swap: Generated<MicroUsd>;
  /** Commission charged so far (open side, and close side once closed), micro-USD. */
  commission: Generated<MicroUsd>;
  /** The account's group when it was placed, and the terms it keeps (docs/trading-groups.md). */
  group_id: number | null;
  /** The commission's terms for the close; null (orders before groups): none. */
  commission_type: string | null;
  commission_rate: string | null;
  commission_min: string | null;
  /** 1: its group was swap-free when it was placed: the rollover passes it over. */
  swap_free: Generated<number>;
  /**
   * The group's markup in points when it was placed (docs/trading-groups.md "Markup"): its
   * fill, close, TP/SL, pending trigger and valuation are at the quote widened by it.
   */
  group_markup: Generated<number>;
  /** A trailing stop's distance in points (null: none); the level reached is `sl`. */
  trailing_points: Generated<number | null>;
  close_reason: string | null;
  /** Why a close happened at a price other than its level (e.g. after an engine takeover). */
  close_note: string | null;
  /**
   * The part of a position a partial close took: the position it came from, which keeps its
   * id and the rest (docs/money.md "Partial close and close all"); null otherwise.
   */
  split_from: Generated<number | null>;
  idempotency_key: string | null;
  created_at: number;
  opened_at: number | null;
  closed_at: number | null;
}

/** A private image a user uploaded (re-encoded, metadata stripped), stored under DATA_DIR. */
export interface UploadTable {
  id: Generated<number>;
  user_id: number;
  /** Random file name with its extension: the only way to address it. */
  name: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  created_at: number;
}

/** Where traders pay in: a coin address, a bank wire account or a card provider. */
export interface DepositChannelTable {
  id: Generated<number>;
  /** coin, wire or card. */
  kind: string;
  currency_code: string;
  protocol_code: Generated<string>;
  address: Generated<string>;
  bank_name: Generated<string>;
  bank_address: Generated<string>;
  bank_swift: Generated<string>;
  payee_name: Generated<string>;
  payee_account: Generated<string>;
  bank_remark: Generated<string>;
  provider_name: Generated<string>;
  provider_url: Generated<string>;
  /** JSON object lang → instructions (card channels). */
  instructions: Generated<string>;
  /** Decimal: USD credited per unit of the currency. */
  usd_rate: string;
  enabled: Generated<number>;
  sort: Generated<number>;
  /** 1 for what the first start seeds, so operators know to replace it. */
  is_sample: Generated<number>;
}

/** A deposit a trader declared, with its proof; an operator finishes, rejects or voids it. */
export interface DepositTable {
  id: Generated<number>;
  user_id: number;
  channel_id: number;
  /** 0 coin, 1 bank wire, 2 card. */
  type: number;
  currency_code: string;
  protocol_code: Generated<string>;
  /** Decimal amount in currency_code. */
  number: string;
  address: Generated<string>;
  proof_upload_id: number;
  /** 0 unchecked, 1 finished, 2 rejected, 3 invalid. */
  status: number;
  remark: Generated<string>;
  /** The channel's USD rate when it was declared (decimal). */
  usd_rate: string;
  /** Credited when finished. */
  credited: Generated<MicroUsd>;
  reviewed_by: number | null;
  reviewed_at: number | null;
  created_at: number;
}

/** A currency traders withdraw in, with its fee and rate. */
export interface WithdrawCurrencyTable {
  id: Generated<number>;
  /** 1 coin, 2 bank (fiat). */
  type: number;
  code: string;
  protocol: Generated<string>;
  /** Decimal: a fixed USD fee (fee_type 1) or a rate of the amount. */
  draw_rate: string;
  fee_type: number;
  /** Decimal: units of the currency paid per USD. */
  usd_price: string;
  /** Decimal USD: the smallest withdrawal. */
  minimum: string;
  /** 0 for a fiat currency with no payment channel yet. */
  has_channel: Generated<number>;
  enabled: Generated<number>;
  sort: Generated<number>;
  is_sample: Generated<number>;
}

/** A payout account a trader bound: a coin address or a bank account. */
export interface WithdrawMethodTable {
  id: Generated<number>;
  user_id: number;
  /** 1 coin address, 2 bank account. */
  type: number;
  draw_currency_id: number;
  dc_address: Generated<string>;
  bank_name: Generated<string>;
  bank_address: Generated<string>;
  bank_swift: Generated<string>;
  payee_name: Generated<string>;
  payee_account: Generated<string>;
  created_at: number;
  /** Set when removed (kept for the withdrawals that used it). */
  deleted_at: number | null;
}

/** A withdrawal: held when requested, paid or released by an operator. */
export interface WithdrawalTable {
  id: Generated<number>;
  user_id: number;
  draw_currency_id: number;
  draw_method_id: number;
  /** 1 coin, 2 bank. */
  type: number;
  /** Requested and held. */
  amount: MicroUsd;
  /** The fee, part of the amount. */
  fee: MicroUsd;
  /** Decimal: what arrives in the currency, 2 decimals. */
  real_number: string;
  usd_price: string;
  memo: Generated<string>;
  /** 0 under review, 1 paid, 2 rejected. */
  status: number;
  notes: Generated<string>;
  /** Where it goes (copied from the bound account when requested). */
  address: Generated<string>;
  payee_account: Generated<string>;
  /** Paid: the bank transfer's reference or the chain's transaction id (1–128 characters); "" otherwise. */
  payout_reference: Generated<string>;
  reviewed_by: number | null;
  reviewed_at: number | null;
  created_at: number;
}

/** One identity submission; the newest of a user is their state. */
export interface IdentityVerificationTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  card_id: string;
  front_upload_id: number;
  reverse_upload_id: number;
  /** 1 under review, 2 verified, 3 rejected. */
  status: number;
  reason: Generated<string>;
  reviewed_by: number | null;
  reviewed_at: number | null;
  created_at: number;
}

/** The engine lease: one row; the elected engine's epoch fences its writes. */
export interface EngineLeaseTable {
  id: number;
  epoch: number;
  /** The instance holding it (for operators reading the table). */
  holder: string;
  acquired_at: number;
}

/** A news article; its text lives in `news_translations`, one row per language. */
export interface NewsTable {
  id: Generated<number>;
  category_id: number;
  /** The language shown where the caller's has no translation. */
  base_lang: string;
  /** Cover image: `/static/news/…` or an https URL. */
  logo: Generated<string>;
  published: Generated<number>;
  /** 1 for what the first start seeds, so operators know to replace it. */
  is_sample: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface NewsTranslationTable {
  news_id: number;
  lang: string;
  title: string;
  /** The list's short text (`desc` on the wire; DESC is an SQL keyword). */
  summary: Generated<string>;
  /** Sanitized HTML. */
  content: string;
}

/** The announcement in one language (operators edit each language). */
export interface AnnouncementTable {
  lang: string;
  title: string;
  /** Sanitized HTML. */
  content: string;
  is_sample: Generated<number>;
  updated_by: number | null;
  updated_at: number;
}

/** A trader of the ranking (docs/product.md §3 "Follow trader"); rates are decimal strings. */
export interface FollowTraderTable {
  id: Generated<number>;
  /** `user` on the wire (USER is an SQL keyword). */
  display_name: string;
  avatar: Generated<string>;
  multiple: number;
  three_week_rate: string;
  three_week_win: string;
  three_week_profit: string;
  total_rate: string;
  total_trade_num: number;
  code: string;
  sort: Generated<number>;
  enabled: Generated<number>;
  is_sample: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A trader's message to support: the back office's support queue. */
export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  /** A FeedbackTopic of packages/shared (api/content.ts). */
  topic: number;
  message: string;
  screenshot_upload_id: number | null;
  lang: string;
  /** 0 open, 1 handled. */
  status: Generated<number>;
  handled_by: number | null;
  handled_at: number | null;
  created_at: number;
}

/** A back-office operator (docs/api.md "Back office API"). */
export interface OperatorTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  name: string;
  /** An OperatorRole of packages/shared: admin, finance, support, content. */
  role: string;
  /** argon2id, like traders' passwords. */
  password_hash: string;
  /** 0 once deactivated (cannot log in). */
  active: Generated<number>;
  /** Base32 TOTP secret; never returned after the set-up call. */
  totp_secret: string | null;
  totp_enabled: Generated<number>;
  /** The time step of the last code accepted, so a code works once. */
  totp_last_step: number | null;
  /** 1 while the password was not chosen by the operator (generated, ADMIN_PASSWORD, set by an admin). */
  must_change_password: Generated<number>;
  created_at: number;
  last_login_at: number | null;
}

/** An operator's login; only the SHA-256 of its token is stored. */
export interface OperatorSessionTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Where it was opened from. */
  ip: Generated<string>;
}

/** One operator action, written in the same transaction as the change it records. */
export interface AuditLogTable {
  id: Generated<number>;
  operator_id: number;
  action: string;
  object_type: string;
  object_id: Generated<string>;
  /** JSON of the object before and after, or null. */
  before_json: string | null;
  after_json: string | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
  created_at: number;
}

/**
 * An order sent to the liquidity provider (A-book, docs/execution.md): written before it is
 * sent, resolved once from the provider's answer. Prices are integer points.
 */
export interface ExecutionTable {
  id: Generated<number>;
  /** ClOrdID (11): unique, and the same for a resend of the same request. */
  cl_ord_id: string;
  user_id: number;
  instrument_id: number;
  /** open or close. */
  purpose: string;
  /** The position it opened (once booked) or closes. */
  order_id: number | null;
  /** 1 buy, 2 sell: the side sent to the provider. */
  side: number;
  lots: Lots & string;
  leverage: number;
  tp: Points | null;
  sl: Points | null;
  /** The trader's price when sent, and the worst the provider may fill at (its own terms). */
  quoted_price: Points;
  limit_price: Points;
  /**
   * Points between the provider's fill and the trader's: the instrument's half of its markup
   * on the trader's side, plus the group's half (docs/trading-groups.md "Markup").
   */
  markup_points: number;
  /** An open's group markup, whole, for the position it opens (its close needs both halves). */
  group_markup: Generated<number>;
  /** A trailing stop's distance in points (null: none); the level reached is `sl`. */
  trailing_points: Generated<number | null>;
  /** sent, booked, rejected, timed_out or unbooked (a-book/execution.repository.ts). */
  state: string;
  filled_lots: (Lots & string) | null;
  /** The provider's average fill price. */
  lp_price: Points | null;
  lp_order_id: string | null;
  /** Why it was not booked as sent (EXECUTION_OUTCOMES); null while sent and once booked. */
  outcome: string | null;
  /** The provider's or our words for it. */
  reason: string | null;
  idempotency_key: string | null;
  /** A close that closed part of its position: the order booked for that part; else null. */
  part_order_id: Generated<number | null>;
  created_at: number;
  resolved_at: number | null;
  /** An unbooked fill an operator offset at the provider and marked so (epoch ms); else null. */
  handled_at: number | null;
  /** The operator who marked it (operators.id). */
  handled_by: number | null;
  /** What they did at the provider, as they wrote it (1–500 characters). */
  handled_note: string | null;
}

/** A FIX session to the liquidity provider as an operator set it (market/sources/). */
export interface FixSourceTable {
  /** md_primary, md_backup or trade. */
  slot: string;
  host: string;
  port: number;
  sender_comp_id: string;
  target_comp_id: string;
  username: string | null;
  /** Sent at Logon; never returned by the API. */
  password: string | null;
  /** Instrument codes, comma-separated; empty: every instrument. */
  instruments: string;
  enabled: number;
  /** 1: written from FIX_*_URL at start (again at every start). */
  from_env: number;
  updated_at: number;
}

/**
 * The house's side of a balance move (docs/money.md "Double-entry books"): with its
 * account-log row, one transaction summing to zero.
 */
export interface LedgerEntryTable {
  id: Generated<number>;
  /** The account-log row (the trader's leg) this entry balances. */
  log_id: number;
  /** A house account (HOUSE_ACCOUNTS, or deposits/withdrawals in transit per channel). */
  account: string;
  /** Signed micro-USD. */
  amount: MicroUsd;
  created_at: number;
}

/** A FIX session's sequence numbers (the scaled shape: market/fix/seq-store.ts). */
export interface FixSequenceTable {
  /** `slot/FIX.4.4-SENDER-TARGET`. */
  session_key: string;
  sender_seq: number;
  target_seq: number;
  updated_at: number;
}

/** The last check of the books' invariants (ops/books-monitor.ts): one row. */
/** One position charged (or paid) its financing at one rollover: at most one per trading day. */
export interface SwapChargeTable {
  order_id: number;
  /** The New York date of the rollover that ended the trading day (YYYY-MM-DD). */
  trading_day: string;
  user_id: number;
  /** 1, or 3 on the instrument's triple day. */
  nights: number;
  /** Signed micro-USD: negative charged, positive paid. */
  amount: MicroUsd;
  charged_at: number;
}

/** One day's rollover run (docs/money.md "Overnight financing (swap)"). */
export interface RolloverTable {
  trading_day: string;
  /** The instant of that day's 17:00 New York. */
  rollover_at: number;
  started_at: number;
  /** Null until every position of that day is charged. */
  finished_at: number | null;
  positions: Generated<number>;
  /** Signed micro-USD charged (negative) and paid in all. */
  total: Generated<MicroUsd>;
}

export interface BooksStatusTable {
  id: number;
  checked_at: number;
  reason: string;
  /** AdminBooksStatus.problems as JSON. */
  problems: string;
}

/** A trader's statement e-mails (docs/statements.md): both off until turned on. */
export interface StatementPreferenceTable {
  user_id: number;
  /** 1: the last month's statement is e-mailed on the 1st. */
  monthly_email: number;
  /** 1: an e-mail after each fill. */
  trade_confirmations: number;
  /** The language (one of the 18) and IANA time zone the mails are written in. */
  lang: string;
  time_zone: string;
  updated_at: number;
}

/** A month whose statement was queued for a user: the key keeps it to once. */
export interface StatementMailingTable {
  user_id: number;
  /** YYYY-MM. */
  month: string;
  mail_id: number;
  created_at: number;
}

/** An e-mail decided in a transaction and sent after it (docs/statements.md "Mail queue"). */
export interface MailQueueTable {
  id: Generated<number>;
  kind: string;
  user_id: number;
  /** JSON: what the kind's renderer needs. */
  payload: string;
  /** pending, sent or failed (given up after the last attempt). */
  status: Generated<string>;
  attempts: Generated<number>;
  /** Not before this time, epoch ms: the next try, or the end of an instance's claim. */
  due_at: number;
  error: string | null;
  created_at: number;
  sent_at: number | null;
}

/** An instrument a trader starred (docs/market-data.md "Favourites"). */
export interface FavouriteTable {
  user_id: number;
  instrument_id: number;
  created_at: number;
}

/**
 * A trader's drawing on an instrument's chart (docs/chart.md "Drawings"). Its point times are
 * epoch SECONDS (the chart's bar times); the second point is null for a horizontal line.
 */
export interface ChartDrawingTable {
  id: Generated<number>;
  user_id: number;
  instrument_id: number;
  kind: string;
  time1: number;
  price1: Points;
  time2: number | null;
  price2: Points | null;
  color: string;
  created_at: number;
  updated_at: number;
}

/** A price alert (docs/notifications.md "Price alerts"): armed while `fired_at` is null. */
export interface PriceAlertTable {
  id: Generated<number>;
  user_id: number;
  instrument_id: number;
  /** above | below: the bid it waits for. */
  direction: string;
  /** Points of the instrument's price. */
  level: number;
  created_at: number;
  fired_at: number | null;
  /** The bid that reached it, points. */
  fired_price: number | null;
  /** price | move (docs/notifications.md "Price alerts"); a move alert's level is 0. */
  kind: Generated<string>;
  /** A move alert's window (MOVE_WINDOWS); null for a price alert. */
  move_window: string | null;
  /** A move alert's percentage in hundredths of a percent (50 = 0.50 %). */
  move_hundredths: number | null;
  /** A fired move alert's reference (points): the window's low (up) or high (down). */
  fired_reference: number | null;
}

/** One notice of a trader's inbox (docs/notifications.md "The inbox"). */
export interface NoticeTable {
  id: Generated<number>;
  user_id: number;
  /** One of NOTICE_KINDS. */
  kind: string;
  /** The kind's NoticeData, JSON. */
  data: string;
  created_at: number;
  read_at: number | null;
  /** The announcement broadcast it tells (unique per trader); null for every other kind. */
  broadcast_id: Generated<number | null>;
}

/**
 * The announcement sent to every trader's inbox (docs/notifications.md "Announcements"),
 * fanned out in batches by whichever instance holds its lease.
 */
export interface AnnouncementBroadcastTable {
  id: Generated<number>;
  /** The announcement's version sent: its newest `updated_at` over the languages (unique). */
  announcement_at: number;
  /** The operator who sent it (operators.id). */
  created_by: number | null;
  created_at: number;
  /** The cursor: the last user id done, committed with that batch's notices. */
  last_user_id: Generated<number>;
  /** Notices written so far (a trader who switched the kind off gets none). */
  written: Generated<number>;
  /** Traders gone through so far, written or not (counted with each batch). */
  reached: Generated<number>;
  /** Active traders when the send was recorded: the traders to go through (null: sent before 0031). */
  total: number | null;
  /** Until when `lease_owner` works it; 0 or past: any instance may take it. */
  lease_until: Generated<number>;
  lease_owner: string | null;
  /** Set with the last batch. */
  done_at: number | null;
}

/** A kind of notice a trader turned off, on one channel (inbox or push). */
export interface NoticeSwitchTable {
  user_id: number;
  kind: string;
  channel: string;
}

/** The server's VAPID key pair for web push (one row, id 1), base64url. */
export interface VapidKeyTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: number;
}

/** A browser a trader allowed to receive push notifications. */
export interface PushSubscriptionTable {
  id: Generated<number>;
  user_id: number;
  /** The push service's https URL. */
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
  /** 1: notifications may show amounts. */
  show_amounts: Generated<number>;
  created_at: number;
}

/** One notice to push to one subscription (docs/notifications.md "Web push"). */
export interface PushOutboxTable {
  id: Generated<number>;
  subscription_id: number;
  notice_id: number;
  /** pending | sent | failed | gone (the subscription answered 404/410). */
  status: Generated<string>;
  attempts: Generated<number>;
  due_at: number;
  error: string | null;
  created_at: number;
  sent_at: number | null;
}

/** A trader's own margin warning levels, "200,150,100" (docs/notifications.md). */
export interface MarginWarningLevelsTable {
  user_id: number;
  levels: string;
}

/** A warning level that fired and has not re-armed yet. */
export interface MarginWarningTable {
  user_id: number;
  level: number;
  fired_at: number;
}

/** A trader's passkey (docs/passkeys.md). */
export interface PasskeyTable {
  id: Generated<number>;
  user_id: number;
  /** The WebAuthn credential id, base64url. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter last seen (0 for those that keep none). */
  counter: number;
  /** The transports the browser named, comma-separated ("internal,hybrid"). */
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** A WebAuthn challenge, answered once before `expires_at`. */
export interface PasskeyChallengeTable {
  /** What the client sends back with its answer (random, base64url). */
  id: string;
  /** The challenge itself, base64url. */
  challenge: string;
  purpose: 'register' | 'login' | 'step_up';
  user_id: number | null;
  expires_at: number;
}
