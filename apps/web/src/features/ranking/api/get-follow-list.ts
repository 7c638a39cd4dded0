import { followListEndpoint, type EndpointOutput } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';

export type FollowTrader = EndpointOutput<typeof followListEndpoint>[number];

/** GET /api/follow/list — the follow-trader ranking (view only). */
export function getFollowList(options?: CallOptions): Promise<FollowTrader[]> {
  return request(followListEndpoint, {}, options);
}

export const followListQueryOptions = queryOptions({
  queryKey: ['ranking', 'follow-list'],
  queryFn: ({ signal }) => getFollowList({ signal }),
  staleTime: 60_000,
});

export function useFollowList() {
  return useQuery(followListQueryOptions);
}
