import { useMemo, useSyncExternalStore } from 'react';
import { watchStaleness } from '../store/price-staleness';

/**
 * True while the instrument's market is open but no new quote has arrived for `maxAgeMs`
 * (its `MaxQuoteAge`: store/price-staleness.ts `maxQuoteAgeOf`): the trade screen pauses
 * buying and selling and says why, the board shows the price as not live. False again at
 * the first fresh quote. Needs the quotes to be live (useLivePairs or useDayMarket on the
 * same screen).
 */
export function usePricesStale(code: string, marketOpen: boolean, maxAgeMs: number): boolean {
  // A new watch, and a new grace for the first quote, per instrument, market state and age.
  const watch = useMemo(() => watchStaleness(code, marketOpen, { maxAgeMs }), [code, marketOpen, maxAgeMs]);
  return useSyncExternalStore(watch.subscribe, watch.get, watch.get);
}
