import { abbreviatedKlineEndpoint, type Sparkline } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';

/**
 * GET /v1/api/forex/abbreviated_cache_kline — the home rows' small charts: the closes of
 * the last 48 half-hour candles of every pair, served from the server's memory.
 */
export function getSparklines(options?: CallOptions): Promise<Sparkline[]> {
  return request(abbreviatedKlineEndpoint, {}, options);
}

const byId = (list: Sparkline[]): ReadonlyMap<number, readonly number[]> =>
  new Map(list.map((s) => [s.Id, s.Points]));

export function sparklinesQueryOptions() {
  return queryOptions({
    queryKey: ['markets', 'sparklines'],
    // Decoration: a missing line is no reason for an error toast.
    queryFn: ({ signal }) => getSparklines({ signal, silent: true }),
    // Half-hour candles; the last point follows the live price in the row itself.
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    select: byId,
  });
}

/** The sparkline points of one pair, oldest first, or undefined until they arrive. */
export function useSparkline(pairId: number): readonly number[] | undefined {
  return useQuery(sparklinesQueryOptions()).data?.get(pairId);
}
