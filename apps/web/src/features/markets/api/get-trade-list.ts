import { tradeListEndpoint, type TradePair } from '@pipwise/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';

/** GET /v1/api/forex/trade_list — every pair, or those matching a search or category. */
export interface TradeListInput {
  searchCurrency?: string;
  category_id?: number;
}

/** The root of every trade-list key: invalidating it refreshes every variant. */
export const tradeListKey = ['markets', 'trade-list'] as const;

export function getTradeList(input: TradeListInput = {}, options?: CallOptions): Promise<TradePair[]> {
  return request(tradeListEndpoint, input, options);
}

export function tradeListQueryOptions(input: TradeListInput = {}) {
  return queryOptions({
    queryKey: [...tradeListKey, input],
    queryFn: ({ signal }) => getTradeList(input, { signal }),
  });
}

export function useTradeList(input: TradeListInput = {}) {
  return useQuery(tradeListQueryOptions(input));
}

/**
 * A list this young is not fetched again by a navigation: the boot's first-screen fetch and
 * the address rewrite of /trade (its `forex_id`) come within a moment of each other, and
 * the live socket keeps the quotes of a fetched list current anyway.
 */
export const TRADE_LIST_FRESH_MS = 3_000;

/**
 * Spec §2: going to / or /trade refreshes the list. Inactive copies are refetched too —
 * the kept-alive home pauses its observers while hidden, and must come back fresh. A
 * fetch already under way is kept rather than restarted, and a list fetched in the last
 * TRADE_LIST_FRESH_MS is kept, so nothing loads twice.
 */
export function refreshTradeList(queryClient: QueryClient, now = Date.now()): Promise<void> {
  return queryClient.invalidateQueries(
    {
      queryKey: tradeListKey,
      refetchType: 'all',
      predicate: (query) => now - query.state.dataUpdatedAt >= TRADE_LIST_FRESH_MS,
    },
    { cancelRefetch: false },
  );
}
