import {
  chargeRecordsEndpoint,
  type CHARGE_RECORDS_ALL,
  type ChargeRecord,
  type EndpointOutput,
} from '@pipwise/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';
import { chargeKey, nextPageOf } from './keys';

export type ChargeRecordPage = EndpointOutput<typeof chargeRecordsEndpoint>;
/** 0 coin, 1 bank wire, 2 card. */
export type ChargeKind = 0 | 1 | 2;
/** What the deposit history shows: every kind in one list, or one kind. */
export type ChargeFilter = typeof CHARGE_RECORDS_ALL | ChargeKind;

/** GET /api/quickCharge/quick_ist — the trader's deposits of one type or of all, newest first. */
export function getChargeRecords(
  type: ChargeFilter,
  page: number,
  options?: CallOptions,
): Promise<ChargeRecordPage> {
  return request(chargeRecordsEndpoint, { type, page }, options);
}

export const chargeRecordsKey = [...chargeKey, 'records'] as const;

export function chargeRecordsQueryOptions(type: ChargeFilter) {
  return infiniteQueryOptions({
    queryKey: [...chargeRecordsKey, type],
    queryFn: ({ pageParam, signal }) => getChargeRecords(type, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 0,
  });
}

export function useChargeRecords(type: ChargeFilter) {
  return useInfiniteQuery(chargeRecordsQueryOptions(type));
}

export type { ChargeRecord };
