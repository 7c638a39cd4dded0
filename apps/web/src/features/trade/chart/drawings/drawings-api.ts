import {
  deleteDrawingEndpoint,
  listDrawingsEndpoint,
  saveDrawingEndpoint,
  type Drawing,
  type EndpointInput,
  type EndpointOutput,
} from '@pipwise/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';

export type DrawingList = EndpointOutput<typeof listDrawingsEndpoint>;
export type DrawingInput = EndpointInput<typeof saveDrawingEndpoint>;

/** GET /v1/api/drawings/list — the trader's drawings on one instrument (docs/chart.md "Drawings"). */
export function drawingsQueryOptions(forexId: number) {
  return queryOptions({
    queryKey: ['drawings', forexId],
    queryFn: ({ signal }) => request(listDrawingsEndpoint, { forex_id: forexId }, { signal }),
    // Only this trader changes them, from this screen or another device: a visit reads them.
    staleTime: 30_000,
  });
}

export function useDrawings(forexId: number, enabled: boolean) {
  return useQuery({ ...drawingsQueryOptions(forexId), enabled });
}

/**
 * POST /v1/api/drawings/save — a new drawing or one moved; the list in the cache takes the
 * server's copy at once. A refusal (the limit, a bad point) is toasted by the api client.
 */
export async function saveDrawing(queryClient: QueryClient, input: DrawingInput): Promise<Drawing> {
  const saved = await request(saveDrawingEndpoint, input);
  queryClient.setQueryData<DrawingList>(drawingsQueryOptions(saved.forex_id).queryKey, (list) => {
    if (!list) return list;
    const known = list.data.some((d) => d.id === saved.id);
    return {
      ...list,
      data: known ? list.data.map((d) => (d.id === saved.id ? saved : d)) : [...list.data, saved],
    };
  });
  return saved;
}

/** POST /v1/api/drawings/delete — the drawing leaves the cached list at once. */
export async function deleteDrawing(queryClient: QueryClient, drawing: Drawing): Promise<void> {
  await request(deleteDrawingEndpoint, { id: drawing.id });
  queryClient.setQueryData<DrawingList>(
    drawingsQueryOptions(drawing.forex_id).queryKey,
    (list) => list && { ...list, data: list.data.filter((d) => d.id !== drawing.id) },
  );
}
