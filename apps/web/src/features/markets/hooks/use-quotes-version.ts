import { useMemo, useSyncExternalStore } from 'react';
import { createQuotesClock } from '../store/quotes-clock';

/** How often figures priced over many instruments follow the market, ms. */
export const QUOTES_VERSION_MS = 400;

/**
 * A number that changes when a quote of any of `codes` moves (at most every `everyMs`):
 * a dependency for figures that read the live quotes outside React (`lookupQuote`), such as
 * the order ticket's account and the positions' stop-out prices. Needs the quotes to be
 * live (useLivePairs on the same screen).
 */
export function useQuotesVersion(codes: readonly string[], everyMs = QUOTES_VERSION_MS): number {
  const key = codes.join(',');
  // A new clock when the set of codes changes; the key stands for the array's content.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const clock = useMemo(() => createQuotesClock(codes, everyMs), [key, everyMs]);
  return useSyncExternalStore(clock.subscribe, clock.get, clock.get);
}
