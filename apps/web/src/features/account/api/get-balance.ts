import { balanceEndpoint, type EndpointOutput } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';
import { accountKey } from './get-forex-detail';

export type Balance = EndpointOutput<typeof balanceEndpoint>;

/** GET /v1/api/main/wallet/getBalance — the balance and the funds held by withdrawals. */
export function getBalance(options?: CallOptions): Promise<Balance> {
  return request(balanceEndpoint, {}, options);
}

export function balanceQueryOptions() {
  return queryOptions({
    queryKey: [...accountKey, 'balance'],
    queryFn: ({ signal }) => getBalance({ signal }),
  });
}

export function useBalance({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...balanceQueryOptions(), enabled });
}
