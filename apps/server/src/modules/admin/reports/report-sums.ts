/**
 * What the database's sums come back as: SQLite an integer, PostgreSQL's SUM over BIGINT a
 * NUMERIC text. Both become an exact integer count of micro-USD (docs/reports.md "Money").
 */
export function microsOf(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const exact = BigInt(value);
  if (exact > BigInt(Number.MAX_SAFE_INTEGER) || exact < BigInt(Number.MIN_SAFE_INTEGER))
    throw new RangeError(`report sum ${exact} does not fit in safe integer micros`);
  return Number(exact);
}

/** A count as the database returns it (a number, or PostgreSQL's BIGINT text). */
export const countOf = (value: string | number | bigint | null | undefined): number => Number(value ?? 0);
