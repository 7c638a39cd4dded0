import { listAlertsEndpoint, type EndpointOutput, type PriceAlert } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';
import { alertsKey } from './keys';

export type AlertList = EndpointOutput<typeof listAlertsEndpoint>;

/** GET /v1/api/alerts/list — every alert of the trader, armed first, then fired, newest first. */
export function listAlerts(options?: CallOptions): Promise<AlertList> {
  return request(listAlertsEndpoint, {}, options);
}

export function alertsQueryOptions() {
  return queryOptions({
    queryKey: [...alertsKey, 'list'],
    queryFn: ({ signal }) => listAlerts({ signal }),
    // A fired alert comes as a NOTICE push, which invalidates this (app/layout).
    staleTime: 30_000,
  });
}

export function useAlerts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...alertsQueryOptions(), enabled });
}

/** Armed: `fired_at` 0. */
export const isArmed = (alert: PriceAlert) => alert.fired_at === 0;

/** One pair's armed alerts, nearest the top first as the server lists them. */
export function armedOf(list: AlertList | undefined, forexId: number): PriceAlert[] {
  return (list?.data ?? []).filter((a) => a.forex_id === forexId && isArmed(a));
}
