import { drawListEndpoint, type EndpointOutput, type WithdrawRecord } from '@pipwise/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';
import type { DrawKind } from './get-draw-symbols';
import { drawKey, nextPageOf } from './keys';

export type DrawListPage = EndpointOutput<typeof drawListEndpoint>;

/** GET /api/account/draw_list — the trader's withdrawals of one type, newest first. */
export function getDrawList(type: DrawKind, page: number, options?: CallOptions): Promise<DrawListPage> {
  return request(drawListEndpoint, { type, page }, options);
}

export function drawListQueryOptions(type: DrawKind) {
  return infiniteQueryOptions({
    queryKey: [...drawKey, 'list', type],
    queryFn: ({ pageParam, signal }) => getDrawList(type, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 0,
  });
}

export function useDrawList(type: DrawKind) {
  return useInfiniteQuery(drawListQueryOptions(type));
}

export type { WithdrawRecord };
