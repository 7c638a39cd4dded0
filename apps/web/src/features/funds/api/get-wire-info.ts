import { wireInfoEndpoint, type WireOption } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';
import { chargeKey } from './keys';

/** GET /api/quickCharge/wire_info — the bank accounts a wire deposit can go to. */
export function getWireInfo(options?: CallOptions): Promise<WireOption[]> {
  return request(wireInfoEndpoint, {}, options);
}

export function wireInfoQueryOptions() {
  return queryOptions({
    queryKey: [...chargeKey, 'wire'],
    queryFn: ({ signal }) => getWireInfo({ signal }),
  });
}

export function useWireInfo() {
  return useQuery(wireInfoQueryOptions());
}
