import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeForexTrade } from '@/lib/trading-pushes';
import { invalidateOrders, myDealQueryOptions } from '../api/get-my-deal';
import { applyBalance, applyForexTrade, findOrder, positionsChanged, removeOrder } from '../store/live-merge';
import { useOrderPushes } from './use-order-pushes';

/**
 * Keeps the order lists live while the orders page is shown (docs/product.md §4):
 * - FOREX_ORDER (use-order-pushes.ts): each order moves between the tabs as it is placed,
 *   filled, edited, cancelled or closed, and a close the trader did not make here (TP, SL,
 *   stop-out) is told;
 * - FOREX_TRADE: each position's price and profit, the holding totals and every tab's
 *   balance; should the positions still differ from the list (a push lost while the socket
 *   lagged), holding is refetched; should pushes have been missed (a jump in `seq`, a
 *   reconnect: lib/socket.ts), every tab is.
 */
export function useLiveOrders(): void {
  const queryClient = useQueryClient();
  useOrderPushes({ tellEnds: true });

  useEffect(() => {
    const holding = myDealQueryOptions(1);
    const pending = myDealQueryOptions(0);
    const history = myDealQueryOptions(3);

    return subscribeForexTrade(
      (push) => {
        // A pending order that filled is now a position: it leaves the pending list.
        const pendingData = queryClient.getQueryData(pending.queryKey);
        const filled = push.orders.filter((o) => findOrder(pendingData, o.Id));
        if (pendingData) {
          const next = applyBalance(
            filled.reduce((d, o) => removeOrder(d, o.Id), pendingData),
            push.balance,
          );
          if (next !== pendingData) queryClient.setQueryData(pending.queryKey, next);
        }
        queryClient.setQueryData(history.queryKey, (d) => d && applyBalance(d, push.balance));
        const data = queryClient.getQueryData(holding.queryKey);
        if (!data) return;
        queryClient.setQueryData(holding.queryKey, applyForexTrade(data, push));
        if (positionsChanged(data, push) && queryClient.isFetching({ queryKey: holding.queryKey }) === 0) {
          void queryClient.invalidateQueries({ queryKey: holding.queryKey });
        }
      },
      () => invalidateOrders(queryClient),
    );
  }, [queryClient]);
}
