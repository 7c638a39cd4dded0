/**
 * Report rows (one per key and account) turned into table rows (one per key, a column per
 * account), for the P&L by instrument and the revenue per day. The accounts are whatever
 * the server sent — a new house account gets its column without a change here.
 */
export interface Pivoted {
  key: string;
  /** Micro-USD per account; an absent account is none. */
  amounts: Record<string, number>;
  total: number;
}

export function pivot<Row extends { account: string; amount_micros: number }>(
  rows: readonly Row[],
  keyOf: (row: Row) => string,
): { accounts: string[]; rows: Pivoted[] } {
  const accounts = [...new Set(rows.map((r) => r.account))].sort();
  const byKey = new Map<string, Pivoted>();
  for (const row of rows) {
    const key = keyOf(row);
    const line = byKey.get(key) ?? { key, amounts: {}, total: 0 };
    line.amounts[row.account] = (line.amounts[row.account] ?? 0) + row.amount_micros;
    line.total += row.amount_micros;
    byKey.set(key, line);
  }
  return { accounts, rows: [...byKey.values()] };
}
