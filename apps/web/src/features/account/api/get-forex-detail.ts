import { forexDetailEndpoint, type AccountFigures } from '@pipwise/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';

/** The root of every account key (figures, balance, log). */
export const accountKey = ['account'] as const;

/** GET /v1/api/main/account/forexDetail — balance, equity, margin and risk figures, USD. */
export function getForexDetail(options?: CallOptions): Promise<AccountFigures> {
  return request(forexDetailEndpoint, {}, options);
}

export function forexDetailQueryOptions() {
  return queryOptions({
    queryKey: [...accountKey, 'forex-detail'],
    queryFn: ({ signal }) => getForexDetail({ signal }),
    // The live socket keeps it current while open (hooks/use-live-figures.ts).
    staleTime: 5_000,
  });
}

export function useForexDetail({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...forexDetailQueryOptions(), enabled });
}

/** After an order or a demo reset: the figures are stale. */
export function invalidateAccount(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountKey });
}
