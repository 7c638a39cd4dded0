import type { TradePair } from '@pipwise/shared';

/** Letters and digits only, lower case: "EUR/usd " → "eurusd". */
export const normalizeSearch = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Pairs whose code or display code contains the search, ignoring case and punctuation
 * (as the server's `searchCurrency` does), and of the category when one is chosen.
 */
export function filterPairs(
  pairs: readonly TradePair[],
  search: string,
  categoryId: number | null,
): TradePair[] {
  const q = normalizeSearch(search);
  return pairs.filter(
    (p) =>
      (categoryId === null || p.CategoryId === categoryId) &&
      (q === '' || normalizeSearch(p.Code).includes(q) || normalizeSearch(p.ShowCode).includes(q)),
  );
}
