import { drawSymbolListEndpoint, type DrawCurrency } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';
import { drawKey } from './keys';

/** 1 coin, 2 bank (fiat) — withdraw currencies and bound methods share these types. */
export type DrawKind = 1 | 2;

/** GET /api/account/draw_symbol_list — the currencies a withdrawal of this type can pay in. */
export function getDrawSymbols(type: DrawKind, options?: CallOptions): Promise<DrawCurrency[]> {
  return request(drawSymbolListEndpoint, { type }, options);
}

export function drawSymbolsQueryOptions(type: DrawKind) {
  return queryOptions({
    queryKey: [...drawKey, 'symbols', type],
    queryFn: ({ signal }) => getDrawSymbols(type, { signal }),
  });
}

export function useDrawSymbols(type: DrawKind) {
  return useQuery(drawSymbolsQueryOptions(type));
}
