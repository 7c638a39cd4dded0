import { identityCenterEndpoint, type Identity } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';

export const identityKey = ['identity'] as const;

/** GET /api/user_real/center — the trader's identity verification, details masked. */
export function getIdentity(options?: CallOptions): Promise<Identity> {
  return request(identityCenterEndpoint, {}, options);
}

export function identityQueryOptions() {
  return queryOptions({
    queryKey: identityKey,
    queryFn: ({ signal }) => getIdentity({ signal }),
    // A review can end any time: look again whenever the page opens.
    staleTime: 0,
  });
}

export function useIdentity() {
  return useQuery(identityQueryOptions());
}

export type { Identity };
