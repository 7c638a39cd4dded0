import {
  balanceEndpoint,
  forexDetailEndpoint,
  type AccountFigures,
  type ForexTradePush,
} from '@pipwise/shared';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { request, type CallOptions } from './api';
import { subscribeForexTrade } from './trading-pushes';

/**
 * The account's figures, one source for every screen (docs/money.md "One source of the
 * account's figures"): balance, held for withdrawals, equity, used margin, free margin,
 * margin level, risk rate and floating profit. The first read is forexDetail with
 * getBalance's `lock_balance`; from then on each FOREX_TRADE push replaces all of them at
 * once — the server sends one for every change of the account, a paid or released
 * withdrawal and an approved deposit included, also with nothing open. So the balance, the
 * held amount and the free margin never disagree on a screen, or between screens.
 */
export interface LiveAccountFigures extends AccountFigures {
  /** Held by pending withdrawals, USD (getBalance's and the push's `lock_balance`). */
  lock_balance: number;
}

/** The root of every account key (figures, log): invalidated together after a change. */
export const accountKey = ['account'] as const;

/** GET forexDetail and getBalance, as one set of figures. */
export async function getAccountFigures(options?: CallOptions): Promise<LiveAccountFigures> {
  const [detail, wallet] = await Promise.all([
    request(forexDetailEndpoint, {}, options),
    request(balanceEndpoint, {}, options),
  ]);
  return { ...detail, lock_balance: wallet.lock_balance };
}

export function accountFiguresQueryOptions() {
  return queryOptions({
    queryKey: [...accountKey, 'figures'],
    queryFn: ({ signal }) => getAccountFigures({ signal }),
    // The live socket keeps it current while a screen shows it (useAccountFigures).
    staleTime: 5_000,
  });
}

/** A FOREX_TRADE push as the account's figures. */
export function figuresFromPush(push: ForexTradePush): LiveAccountFigures {
  return {
    balance: push.balance,
    lock_balance: push.lock_balance,
    equity: push.equity,
    margin: push.margin,
    free_margin: push.free_margin,
    margin_level: push.margin_level,
    risk_rate: push.risk_rate,
    floating_profit: push.all_fact_profits,
  };
}

/** After an order, a request or a demo reset: every account figure and the log are stale. */
export function invalidateAccount(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountKey });
}

/**
 * The account's figures, live: while a screen shows them, FOREX_TRADE pushes write every
 * figure into the one cached copy. Should pushes have been missed (a jump in `seq`, a
 * reconnect: lib/socket.ts), the figures are fetched again.
 */
export function useAccountFigures({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return subscribeForexTrade(
      (push) => queryClient.setQueryData(accountFiguresQueryOptions().queryKey, figuresFromPush(push)),
      () => invalidateAccount(queryClient),
    );
  }, [enabled, queryClient]);
  return useQuery({ ...accountFiguresQueryOptions(), enabled });
}
