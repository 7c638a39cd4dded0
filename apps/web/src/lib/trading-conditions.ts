import { tradingConditionsEndpoint, type TradingConditions } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from './api';

/**
 * GET /v1/api/main/account/conditions — the account's trading group and its terms on every
 * open instrument (docs/trading-groups.md): the ticket's leverage choices, fee and
 * commission, and the Me page's "Trading conditions". One cached copy for both; it belongs
 * to the session (dropped at login and logout: features/auth/utils/session-queries.ts).
 */
export function getTradingConditions(options?: CallOptions): Promise<TradingConditions> {
  return request(tradingConditionsEndpoint, {}, options);
}

export const tradingConditionsKey = ['trading-conditions'] as const;

export function tradingConditionsQueryOptions() {
  return queryOptions({
    queryKey: tradingConditionsKey,
    // The screens say it themselves (the ticket falls back to the board's terms): no toast.
    queryFn: ({ signal }) => getTradingConditions({ signal, silent: true }),
    // Operators change a group rarely; a new order is checked by the server anyway.
    staleTime: 5 * 60_000,
  });
}

/** The account's conditions, for a logged-in account only. */
export function useTradingConditions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...tradingConditionsQueryOptions(), enabled });
}
