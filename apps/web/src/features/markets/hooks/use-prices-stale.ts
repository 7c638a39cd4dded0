import { useMemo, useSyncExternalStore } from 'react';
import { watchStaleness } from '../store/price-staleness';

/**
 * True while the instrument's market is open but no new quote has arrived for
 * STALE_QUOTE_MS: the trade screen pauses buying and selling and says why. Needs the
 * quotes to be live (useLivePairs or useDayMarket on the same screen).
 */
export function usePricesStale(code: string, marketOpen: boolean): boolean {
  // A new watch, and a new grace for the first quote, per instrument and market state.
  const watch = useMemo(() => watchStaleness(code, marketOpen), [code, marketOpen]);
  return useSyncExternalStore(watch.subscribe, watch.get, watch.get);
}
