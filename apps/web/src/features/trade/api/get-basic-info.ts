import { basicInfoEndpoint, type EndpointOutput } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';

export type BasicInfo = EndpointOutput<typeof basicInfoEndpoint>;

/** GET /api/basicSet/getBasicInfo — the order form reads `trade_fee_type` from it. */
export function getBasicInfo(options?: CallOptions): Promise<BasicInfo> {
  return request(basicInfoEndpoint, {}, options);
}

export function basicInfoQueryOptions() {
  return queryOptions({
    queryKey: ['trade', 'basic-info'],
    queryFn: ({ signal }) => getBasicInfo({ signal, silent: true }),
    staleTime: 10 * 60_000,
  });
}

export function useBasicInfo() {
  return useQuery(basicInfoQueryOptions());
}
