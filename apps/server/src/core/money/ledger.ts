import {
  DEFAULT_CONTRA,
  microUsd,
  type LedgerEntryKind,
  type LedgerRefType,
  type MicroUsd,
} from '@pipwise/shared';
import type { Db } from '../db/database.js';
import {
  applyChangeWithLog,
  type BalanceGuard,
  type ChangedAccount,
  type HouseSplit,
} from './ledger.repository.js';

export type { HouseSplit };

/**
 * The ledger: the only code that changes `balance` or `lock_balance` (docs/money.md). Each
 * change is one conditional UPDATE and one account-log row in the caller's transaction, so
 * the balance always equals the sum of its log and lock_balance the sum of open holds.
 */

/** One money movement; its kind decides how it moves the balance and the held funds. */
export interface LedgerEntry {
  userId: number;
  kind: LedgerEntryKind;
  /** Positive; the kind gives the direction (for `either` kinds: signed). */
  amount: MicroUsd;
  ref?: { type: LedgerRefType; id: number };
  /** An operator's reason, shown in the back office. */
  memo?: string;
  /**
   * The house account on the other side (docs/money.md "Double-entry books"); absent: the
   * kind's (DEFAULT_CONTRA). Deposits and withdrawals name their channel's in transit.
   */
  contra?: string;
  /**
   * A part of the house's side booked to another house account: `amount` to `account`, and
   * the contra takes the rest (e.g. an A-book close: the markup to `spread_revenue`, the
   * provider's P&L to `a_book_settlement`). The transaction still sums to zero, and is
   * written even when the trader's leg is zero.
   */
  split?: HouseSplit;
  now: number;
}

export interface Balances {
  balance: MicroUsd;
  lock: MicroUsd;
}

type Direction = 'credit' | 'debit' | 'either';

interface KindRule {
  /** How `amount` moves the balance. */
  balance: Direction | 'none';
  /** How `amount` moves lock_balance. */
  lock: 'none' | 'hold' | 'release';
  guard: BalanceGuard;
}

/**
 * Trading results (`trade_profit`, and the fee the caller has already checked against free
 * margin in the same transaction) may take the balance below zero while positions are open;
 * negative balance protection settles that once none is (writeOffShortfall). Money a trader
 * or an operator takes out never may, nor may it dip into funds held for withdrawals.
 */
const RULES: Record<LedgerEntryKind, KindRule> = {
  demo_credit: { balance: 'credit', lock: 'none', guard: 'none' },
  demo_reset: { balance: 'either', lock: 'none', guard: 'balance' },
  trade_fee: { balance: 'debit', lock: 'none', guard: 'none' },
  trade_profit: { balance: 'either', lock: 'none', guard: 'none' },
  negative_balance_reset: { balance: 'credit', lock: 'none', guard: 'balance' },
  deposit: { balance: 'credit', lock: 'none', guard: 'none' },
  withdraw_hold: { balance: 'none', lock: 'hold', guard: 'available' },
  withdraw_release: { balance: 'none', lock: 'release', guard: 'none' },
  withdraw_paid: { balance: 'debit', lock: 'release', guard: 'balance' },
  adjustment: { balance: 'either', lock: 'none', guard: 'available' },
  // Financing is a trading cost like the fee: it may take the balance below zero while the
  // position is open (docs/money.md "Overnight financing (swap)").
  swap: { balance: 'either', lock: 'none', guard: 'none' },
  // A trading cost like the fee: checked against free margin at the open; the close's side
  // may take the balance below zero, as the close's loss may (docs/trading-groups.md).
  commission: { balance: 'debit', lock: 'none', guard: 'none' },
  // Between house accounts only (its split and contra); the trader's leg is zero.
  house_settlement: { balance: 'none', lock: 'none', guard: 'none' },
};

/** The signed balance and lock moves of an entry; throws on an amount of the wrong sign. */
function moves(entry: LedgerEntry): { amount: MicroUsd; lockAmount: MicroUsd } {
  const rule = RULES[entry.kind];
  if (!Number.isSafeInteger(entry.amount))
    throw new RangeError(`ledger amount ${entry.amount} is not integer micros`);
  if (rule.balance !== 'either' && entry.amount < 0)
    throw new RangeError(`${entry.kind} takes a positive amount, got ${entry.amount}`);
  if (rule.balance === 'none' && rule.lock === 'none' && entry.amount !== 0)
    throw new RangeError(`${entry.kind} moves no trader's money: its amount is 0, got ${entry.amount}`);
  const amount = rule.balance === 'none' ? 0 : rule.balance === 'debit' ? 0 - entry.amount : entry.amount;
  const lockAmount = rule.lock === 'hold' ? entry.amount : rule.lock === 'release' ? 0 - entry.amount : 0;
  return { amount: microUsd(amount), lockAmount: microUsd(lockAmount) };
}

/**
 * Posts one entry in the caller's transaction: the account changes and its log row is
 * written, or — when the kind's guard refuses (funds short, nothing held) — nothing is
 * written and null is returned for the caller to report.
 */
export async function post(trx: Db, entry: LedgerEntry): Promise<ChangedAccount | null> {
  const { amount, lockAmount } = moves(entry);
  const split = entry.split && entry.split.amount !== 0 ? entry.split : null;
  if (split && !Number.isSafeInteger(split.amount))
    throw new RangeError(`ledger split ${split.amount} is not integer micros`);
  if (amount === 0 && lockAmount === 0 && !split) return null;
  return applyChangeWithLog(
    trx,
    { userId: entry.userId, amount, lockAmount, guard: RULES[entry.kind].guard, now: entry.now },
    {
      kind: entry.kind,
      refType: entry.ref?.type ?? null,
      refId: entry.ref?.id ?? null,
      memo: entry.memo ?? null,
      contra: entry.contra ?? DEFAULT_CONTRA[entry.kind],
      split,
    },
  );
}

/**
 * Negative balance protection: a balance below zero is restored to zero by an entry of
 * its own. The caller calls it only when no position is left open on the account (a
 * shortfall next to an open winner is not a loss yet). Returns the account after, or null
 * when there was nothing to write off.
 */
export async function writeOffShortfall(
  trx: Db,
  userId: number,
  current: Balances,
  ref: LedgerEntry['ref'],
  now: number,
): Promise<ChangedAccount | null> {
  if (current.balance >= 0) return null;
  const after = await post(trx, {
    userId,
    kind: 'negative_balance_reset',
    amount: microUsd(0 - current.balance),
    ...(ref ? { ref } : {}),
    now,
  });
  if (!after) throw new Error(`write-off of user ${userId} was refused`);
  return after;
}
