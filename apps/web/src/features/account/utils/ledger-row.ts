import type { AccountLogEntry } from '../api/get-account-log';

/**
 * What one row of the account log shows as its amount (docs/money.md "The ledger"). Most
 * entries move the balance (`Value`, signed). A withdrawal's hold and its release do not:
 * they move the funds held (`LockValue`), so their `Value` is 0 — and a row saying "0.00"
 * next to "Withdrawal requested" tells the trader nothing. Those rows show what moved in
 * the trader's terms: the money available to trade and withdraw, down by the held amount
 * when it is held ("−100.00") and up by it when it is returned ("+100.00"), with a line
 * saying the balance itself is unchanged.
 */
export interface LedgerRowDisplay {
  /** The signed amount to show, USD. */
  amount: number;
  /** How to colour it: up/down for the balance, `held` for funds set aside or returned. */
  tone: 'up' | 'down' | 'flat' | 'held';
  /** The line explaining a hold or a release; null for other rows. */
  note: 'ledger_held' | 'ledger_released' | null;
}

export function ledgerRowDisplay(entry: Pick<AccountLogEntry, 'Value' | 'LockValue'>): LedgerRowDisplay {
  if (entry.Value === 0 && entry.LockValue !== 0) {
    // Held funds up is available funds down, and back.
    return {
      amount: -entry.LockValue,
      tone: 'held',
      note: entry.LockValue > 0 ? 'ledger_held' : 'ledger_released',
    };
  }
  const tone = entry.Value > 0 ? 'up' : entry.Value < 0 ? 'down' : 'flat';
  return { amount: entry.Value, tone, note: null };
}
