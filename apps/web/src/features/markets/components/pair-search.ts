import { matchesSearch, type TradePair } from '@pipwise/shared';

/**
 * Pairs whose code, display code or name (in the reader's language, as `nameOf` gives it)
 * contains the search — matched like the server's `searchCurrency` (shared
 * `matchesSearch`) — and of the category when one is chosen.
 */
export function filterPairs(
  pairs: readonly TradePair[],
  search: string,
  categoryId: number | null,
  nameOf: (pair: TradePair) => string = () => '',
): TradePair[] {
  return pairs.filter(
    (p) =>
      (categoryId === null || p.CategoryId === categoryId) &&
      matchesSearch(search, [p.Code, p.ShowCode, nameOf(p)]),
  );
}
