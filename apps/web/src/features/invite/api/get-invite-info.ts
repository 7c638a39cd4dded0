import { inviteInfoEndpoint, type EndpointOutput } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';

export type InviteInfo = EndpointOutput<typeof inviteInfoEndpoint>;

/** GET /api/user/invite_info — the trader's invite code and how many registered with it. */
export function getInviteInfo(options?: CallOptions): Promise<InviteInfo> {
  return request(inviteInfoEndpoint, {}, options);
}

export function inviteInfoQueryOptions() {
  return queryOptions({
    queryKey: ['invite', 'info'],
    queryFn: ({ signal }) => getInviteInfo({ signal }),
  });
}

export function useInviteInfo() {
  return useQuery(inviteInfoQueryOptions());
}
