/**
 * Why an account's money changed: one kind per reason, each one row of the account log
 * (docs/money.md). `balance` is the cash; `lock_balance` the part of it held by pending
 * withdrawals. Each kind moves them in one fixed way:
 *
 * | kind                    | balance           | lock_balance |
 * |-------------------------|-------------------|--------------|
 * | demo_credit             | + amount          |              |
 * | demo_reset              | ± to the start    |              |
 * | trade_fee               | − fee             |              |
 * | trade_profit            | ± gross profit    |              |
 * | negative_balance_reset  | + shortfall to 0  |              |
 * | deposit                 | + amount          |              |
 * | withdraw_hold           |                   | + amount     |
 * | withdraw_release        |                   | − amount     |
 * | withdraw_paid           | − amount          | − amount     |
 * | adjustment              | ± amount          |              |
 * | swap                    | ± amount          |              |
 * | commission              | − commission      |              |
 * | house_settlement        |                   |              |
 *
 * `swap` is one night's (or a triple day's) overnight financing of one position, charged or
 * paid at the daily rollover against the house's `financing` account (docs/money.md
 * "Overnight financing (swap)").
 *
 * `commission` is one side of a trade's commission (when it opens, and when it closes), set by
 * the account's trading group, against the house's `commission_revenue` account
 * (docs/trading-groups.md "Commission").
 *
 * `house_settlement` moves no trader's money: it books the house's own settlement of a
 * position between house accounts (a cover's fill at the provider, docs/execution.md
 * "Covers"), attached to the trader's position it settles. Traders never see it.
 */
export const LEDGER_ENTRY_KINDS = [
  'demo_credit',
  'demo_reset',
  'trade_fee',
  'trade_profit',
  'negative_balance_reset',
  'deposit',
  'withdraw_hold',
  'withdraw_release',
  'withdraw_paid',
  'adjustment',
  'swap',
  'commission',
  'house_settlement',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** What an account-log row points at. */
export const LEDGER_REF_TYPES = ['order', 'deposit', 'withdrawal', 'operator'] as const;
export type LedgerRefType = (typeof LEDGER_REF_TYPES)[number];

/**
 * The house's side of the books (docs/money.md "Double-entry books"): every change of a
 * trader's balance is one transaction whose entries sum to zero — the trader's account-log
 * row and the house account it came from or went to. Deposits and withdrawals are kept in
 * transit per channel and currency (`deposits:<channel id>:<currency>`,
 * `withdrawals:<method id>:<currency>`); the others are single accounts.
 */
export const HOUSE_ACCOUNTS = [
  'fee_revenue',
  'spread_revenue',
  'client_pnl',
  'a_book_settlement',
  'negative_balance_writeoff',
  'operator_adjustments',
  'financing',
  'commission_revenue',
  'demo_funding',
  'deposits',
  'withdrawals',
] as const;
export type HouseAccount = (typeof HOUSE_ACCOUNTS)[number];

/** The house account a kind's money comes from or goes to, unless the caller names a finer one. */
export const DEFAULT_CONTRA: Record<LedgerEntryKind, HouseAccount> = {
  demo_credit: 'demo_funding',
  demo_reset: 'demo_funding',
  trade_fee: 'fee_revenue',
  trade_profit: 'client_pnl',
  negative_balance_reset: 'negative_balance_writeoff',
  deposit: 'deposits',
  withdraw_hold: 'withdrawals',
  withdraw_release: 'withdrawals',
  withdraw_paid: 'withdrawals',
  adjustment: 'operator_adjustments',
  swap: 'financing',
  commission: 'commission_revenue',
  house_settlement: 'client_pnl',
};

/** Kinds that move only house accounts: left out of everything a trader is shown. */
export const HOUSE_ONLY_KINDS: readonly LedgerEntryKind[] = ['house_settlement'];

/** Deposits in transit through one channel in one currency. */
export const depositsInTransit = (channelId: number, currency: string): string =>
  `deposits:${channelId}:${currency}`;

/** Withdrawals in transit through one method in one currency. */
export const withdrawalsInTransit = (methodId: number, currency: string): string =>
  `withdrawals:${methodId}:${currency}`;
