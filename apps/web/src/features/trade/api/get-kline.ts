import { klineEndpoint, type Candle, type Period } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';

/** Candles the chart starts with; the socket adds the forming one from there. */
export const CHART_CANDLES = 300;

/** GET /v1/api/forex/kline — the last candles of a pair, oldest first (Time in seconds). */
export function getKline(forexId: number, period: Period, options?: CallOptions): Promise<Candle[]> {
  return request(klineEndpoint, { forex_id: forexId, period, limit: CHART_CANDLES }, options);
}

/** How long fetched history is taken as it is by a chart that mounts, ms. */
export const KLINE_FRESH_MS = 10_000;

export function klineQueryOptions(forexId: number, period: Period) {
  return queryOptions({
    queryKey: ['trade', 'kline', forexId, period],
    // The chart shows its own error state with a retry: no toast on top of it.
    queryFn: ({ signal }) => getKline(forexId, period, { signal, silent: true }),
    // History is only current up to the moment it is fetched: coming back fetches again.
    // Not at once, though: the first screen fetches it while the chart's code loads
    // (app/first-screen.ts), and the chart mounting a moment later takes that answer.
    staleTime: KLINE_FRESH_MS,
    gcTime: 60_000,
  });
}

export function useKline(forexId: number | undefined, period: Period) {
  return useQuery({ ...klineQueryOptions(forexId ?? 0, period), enabled: forexId !== undefined });
}
