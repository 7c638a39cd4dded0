import { withdrawableEndpoint, type EndpointOutput } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';
import { drawKey } from './keys';

export type Withdrawable = EndpointOutput<typeof withdrawableEndpoint>;

/** GET /api/account/withdrawable — min(balance − held, free margin), USD. */
export function getWithdrawable(options?: CallOptions): Promise<Withdrawable> {
  return request(withdrawableEndpoint, {}, options);
}

export function withdrawableQueryOptions() {
  return queryOptions({
    queryKey: [...drawKey, 'withdrawable'],
    queryFn: ({ signal }) => getWithdrawable({ signal }),
    // Free margin moves with prices: ask again whenever the page comes back.
    staleTime: 0,
  });
}

export function useWithdrawable() {
  return useQuery(withdrawableQueryOptions());
}
