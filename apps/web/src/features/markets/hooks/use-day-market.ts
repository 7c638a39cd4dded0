import type { TradePair } from '@pipwise/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getLiveSocket } from '@/lib/live';
import { tradeListKey } from '../api/get-trade-list';
import { applyQuotePushes, seedQuotes } from '../store/quotes-store';

/**
 * Quotes were missed (a jump in DAY_MARKET's `seq`, a resync, a reconnect): the shown
 * trade lists are fetched again, and their quotes go into the store (which keeps whatever
 * is newer), so no row stays at a price the feed has left.
 */
async function resyncQuotes(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: tradeListKey });
  for (const [, pairs] of queryClient.getQueriesData<TradePair[]>({ queryKey: tradeListKey })) {
    if (pairs) seedQuotes(pairs);
  }
}

/**
 * Listens to DAY_MARKET while the calling component is shown. The home page is kept
 * alive inside <Activity>, which runs effect clean-ups when it is hidden, so the
 * subscription pauses while the trader is on another page.
 */
export function useDayMarket(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      getLiveSocket().subscribe('DAY_MARKET', (pushes) => applyQuotePushes(pushes), {
        onResync: () => resyncQuotes(queryClient),
      }),
    [queryClient],
  );
}
