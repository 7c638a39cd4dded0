import { myDealEndpoint, type EndpointOutput, type Order } from '@pipwise/shared';
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
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
