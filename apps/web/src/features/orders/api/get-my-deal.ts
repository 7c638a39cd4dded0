import { myDealEndpoint, type EndpointOutput, type Order } from '@pipwise/shared';
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { request, type CallOptions } from '@/lib/api';

/** my_deal `status`: 1 holding, 0 pending, 3 history (docs/api.md). */
export type OrderTab = 0 | 1 | 3;
export type OrderPage = EndpointOutput<typeof myDealEndpoint>;

/** The root of every orders key: invalidating it refreshes all three tabs. */
export const ordersKey = ['orders'] as const;

/** GET /v1/api/forex/my_deal — one page (20) of a tab, newest first. */
export function getMyDeal(status: OrderTab, page: number, options?: CallOptions): Promise<OrderPage> {
  return request(myDealEndpoint, { status, page }, options);
}

export function myDealQueryOptions(status: OrderTab) {
  return infiniteQueryOptions({
    queryKey: [...ordersKey, 'my-deal', status],
    queryFn: ({ pageParam, signal }) => getMyDeal(status, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return last.data.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
    // Orders change under the trader's thumb: a visit always refetches.
    staleTime: 0,
  });
}

export function useMyDeal(status: OrderTab) {
  return useInfiniteQuery(myDealQueryOptions(status));
}

/**
 * Every open position of the account — the holding list with all its pages loaded, one
 * after the other (20 a page) — for figures that need the whole account: the order
 * ticket and each position's stop-out price (docs/money.md "The order ticket"). It is the
 * holding tab's own query, so the pushes that keep that tab current (FOREX_ORDER,
 * FOREX_TRADE) keep this current too. `positions` is undefined until every page is in.
 */
export function useAllOpenPositions({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({ ...myDealQueryOptions(1), enabled });
  const { data, hasNextPage, isFetching, fetchNextPage } = query;
  useEffect(() => {
    // One page at a time; a refetch under way is left to finish (it reloads every page).
    if (enabled && hasNextPage && !isFetching) void fetchNextPage({ cancelRefetch: false });
  }, [enabled, hasNextPage, isFetching, fetchNextPage]);
  const positions = useMemo(
    () => (data && !hasNextPage && isComplete(data.pages) ? flattenOrders(data.pages) : undefined),
    [data, hasNextPage],
  );
  return { positions, query };
}

/** Whether the loaded pages hold as many rows as the server counts. */
export function isComplete(pages: readonly OrderPage[]): boolean {
  const total = pages[0]?.total ?? 0;
  return flattenOrders(pages).length >= total;
}

/** The orders of all loaded pages, each once (a live removal can shift a page boundary). */
export function flattenOrders(pages: readonly OrderPage[] | undefined): Order[] {
  const seen = new Set<number>();
  const out: Order[] = [];
  for (const page of pages ?? []) {
    for (const order of page.data) {
      if (seen.has(order.Id)) continue;
      seen.add(order.Id);
      out.push(order);
    }
  }
  return out;
}

/** After an order is placed, closed or cancelled: every tab is stale. */
export function invalidateOrders(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ordersKey });
}
