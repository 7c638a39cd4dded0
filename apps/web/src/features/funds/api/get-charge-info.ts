import { chargeInfoEndpoint, type CoinChannel } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';
import { chargeKey } from './keys';

/** GET /api/quickCharge/info — the coin deposit channels (address per coin and network). */
export function getChargeInfo(options?: CallOptions): Promise<CoinChannel[]> {
  return request(chargeInfoEndpoint, {}, options);
}

export function chargeInfoQueryOptions() {
  return queryOptions({
    queryKey: [...chargeKey, 'info'],
    queryFn: ({ signal }) => getChargeInfo({ signal }),
  });
}

export function useChargeInfo() {
  return useQuery(chargeInfoQueryOptions());
}
