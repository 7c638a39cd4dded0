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
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** What an account-log row points at. */
export const LEDGER_REF_TYPES = ['order', 'deposit', 'withdrawal', 'operator'] as const;
export type LedgerRefType = (typeof LEDGER_REF_TYPES)[number];
