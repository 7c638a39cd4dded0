import { accountLogEndpoint, type EndpointOutput } from '@pipwise/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';
import { accountKey } from '@/lib/account-figures';

export type AccountLogPage = EndpointOutput<typeof accountLogEndpoint>;
export type AccountLogEntry = AccountLogPage['data'][number];

/** GET /v1/api/main/accountLog/forexChange — the account log, newest first, 20 a page. */
export function getAccountLog(page: number, options?: CallOptions): Promise<AccountLogPage> {
  return request(accountLogEndpoint, { page }, options);
}

export function accountLogQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...accountKey, 'log'],
    queryFn: ({ pageParam, signal }) => getAccountLog(pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return last.data.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
    staleTime: 0,
  });
}

export function useAccountLog() {
  return useInfiniteQuery(accountLogQueryOptions());
}
