import type { TradePair } from '@pipwise/shared';

/** A category's id, the trader's favourites, or null for All. */
export type BoardFilter = number | 'favourites' | null;

/**
 * The pairs a filter shows: all, a category's in the board's order, or the starred ones in
 * the order starred (docs/market-data.md "Favourites"; one no longer listed is left out).
 */
export function boardPairs(
  all: readonly TradePair[],
  filter: BoardFilter,
  starred: readonly number[],
): TradePair[] {
  if (filter === null) return [...all];
  if (filter !== 'favourites') return all.filter((p) => p.CategoryId === filter);
  const byId = new Map(all.map((p) => [p.Id, p]));
  return starred.flatMap((id) => byId.get(id) ?? []);
}
