import type { AccountFigures } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeForexTrade, type ForexTradePush } from '@/lib/trading-pushes';
import { forexDetailQueryOptions, invalidateAccount } from '../api/get-forex-detail';

/** A FOREX_TRADE push as the forexDetail figures. */
export function figuresFromPush(push: ForexTradePush): AccountFigures {
  return {
    balance: push.balance,
    equity: push.equity,
    margin: push.margin,
    free_margin: push.free_margin,
    margin_level: push.margin_level,
    risk_rate: push.risk_rate,
    floating_profit: push.all_fact_profits,
  };
}

/**
 * While shown, FOREX_TRADE pushes write the account figures into the forexDetail cache,
 * so equity and margin move with the market without polling (docs/product.md §4). Should pushes have
 * been missed (a jump in `seq`, a reconnect: lib/socket.ts), the figures and the balance
 * are fetched again.
 */
export function useLiveFigures(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeForexTrade(
        (push) => {
          queryClient.setQueryData(forexDetailQueryOptions().queryKey, figuresFromPush(push));
        },
        () => invalidateAccount(queryClient),
      ),
    [queryClient],
  );
}
