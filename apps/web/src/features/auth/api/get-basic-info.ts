import { basicInfoEndpoint, type EndpointOutput } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';

export type BasicInfo = EndpointOutput<typeof basicInfoEndpoint>;

/** GET /api/basicSet/getBasicInfo — operator settings: mobile tab, captcha, pc site … */
export function getBasicInfo(options?: CallOptions): Promise<BasicInfo> {
  return request(basicInfoEndpoint, {}, options);
}

export const basicInfoQueryOptions = queryOptions({
  queryKey: ['auth', 'basic-info'],
  // A start-up call: no toast and no bounce to /login if it fails (docs/product.md §8 "init").
  queryFn: ({ signal }) => getBasicInfo({ signal, init: true, silent: true }),
  staleTime: 5 * 60_000,
});

export function useBasicInfo() {
  return useQuery(basicInfoQueryOptions);
}
