import { getDrawMethodEndpoint, type DrawMethod } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';
import type { DrawKind } from './get-draw-symbols';
import { methodsKey } from './keys';

/** GET /api/wallet/get_draw_method — the trader's bound accounts of a type (and currency). */
export function getDrawMethods(
  type: DrawKind,
  drawId?: number,
  options?: CallOptions,
): Promise<DrawMethod[]> {
  return request(getDrawMethodEndpoint, { draw_type: type, draw_id: drawId }, options);
}

export function drawMethodsQueryOptions(type: DrawKind, drawId?: number) {
  return queryOptions({
    queryKey: [...methodsKey, type, drawId ?? 'all'],
    queryFn: ({ signal }) => getDrawMethods(type, drawId, { signal }),
  });
}

export function useDrawMethods(type: DrawKind, drawId?: number, { enabled = true } = {}) {
  return useQuery({ ...drawMethodsQueryOptions(type, drawId), enabled });
}

export type { DrawMethod };
