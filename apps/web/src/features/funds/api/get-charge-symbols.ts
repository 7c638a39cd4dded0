import { chargeSymbolsEndpoint, type EndpointOutput } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';
import { chargeKey } from './keys';

export type ChargeSymbol = EndpointOutput<typeof chargeSymbolsEndpoint>[number];

/** GET /api/quickCharge/symbols — the coins that can be deposited, each with its networks. */
export function getChargeSymbols(options?: CallOptions): Promise<ChargeSymbol[]> {
  return request(chargeSymbolsEndpoint, {}, options);
}

export function chargeSymbolsQueryOptions() {
  return queryOptions({
    queryKey: [...chargeKey, 'symbols'],
    queryFn: ({ signal }) => getChargeSymbols({ signal }),
  });
}

export function useChargeSymbols() {
  return useQuery(chargeSymbolsQueryOptions());
}
