import { matchesSearch, type TradePair } from '@pipwise/shared';
import { boardPairs, type BoardFilter } from './board-filter';

/**
 * Pairs whose code, display code or name (in the reader's language, as `nameOf` gives it)
 * contains the search — matched like the server's `searchCurrency` (shared
 * `matchesSearch`) — among those of the filter (a category, the favourites) when one is chosen.
 */
export function filterPairs(
  pairs: readonly TradePair[],
  search: string,
  filter: BoardFilter,
  nameOf: (pair: TradePair) => string = () => '',
  starred: readonly number[] = [],
): TradePair[] {
  return boardPairs(pairs, filter, starred).filter((p) =>
    matchesSearch(search, [p.Code, p.ShowCode, nameOf(p)]),
  );
}
