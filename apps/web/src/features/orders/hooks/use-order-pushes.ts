import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeForexOrder } from '@/lib/trading-pushes';
import { invalidateOrders, myDealQueryOptions, type OrderTab } from '../api/get-my-deal';
import { closeReasonKey } from '../components/close-reason';
import { applyOrderPush, findOrder, type OrderLists } from '../store/live-merge';

const TABS: readonly OrderTab[] = [0, 1, 3];

function readLists(queryClient: QueryClient): OrderLists {
  const lists: OrderLists = {};
  for (const tab of TABS) {
    const data = queryClient.getQueryData(myDealQueryOptions(tab).queryKey);
    if (data) lists[tab] = data;
  }
  return lists;
}

/**
 * FOREX_ORDER: every order placed, opened, filled, edited, cancelled or closed, here or on
 * another tab or device, moves between the loaded holding, pending and history lists at
 * once, with their counts and totals (no refetch: the trader keeps their scroll position).
 * A rollover (`swap`) comes as the position with its new `Swap`: like `stops`, it replaces
 * the listed copy in place, which keeps its live price and gross profit and takes the new
 * swap into its net profit (store/live-merge.ts). A partial close (`reduced`) replaces it the
 * same way with its fewer lots and smaller margin (the next FOREX_TRADE brings the profit of
 * those lots), and its part arrives as a closed order of its own, listed under history.
 * Its reason, `partial`, is the trader's own doing and is not told.
 * With `tellEnds`, an order that ends without the trader's hand here (TP, SL, stop-out,
 * no margin) is told by a toast. Should pushes have been missed (lib/socket.ts), every
 * tab is fetched again.
 */
export function useOrderPushes({ tellEnds = false }: { tellEnds?: boolean } = {}): void {
  const queryClient = useQueryClient();
  const { t } = useTranslation();

  useEffect(
    () =>
      subscribeForexOrder(
        ({ event, order }) => {
          const lists = readLists(queryClient);
          // Still listed as open or pending: this screen did not remove it itself.
          const wasListed = findOrder(lists[1], order.Id) ?? findOrder(lists[0], order.Id);
          const next = applyOrderPush(lists, order);
          for (const tab of TABS) {
            const data = next[tab];
            if (data && data !== lists[tab]) queryClient.setQueryData(myDealQueryOptions(tab).queryKey, data);
          }
          const ended = event === 'closed' || event === 'cancelled';
          const ownDoing = order.CloseReason === 'manual' || order.CloseReason === 'partial';
          if (tellEnds && ended && wasListed && !ownDoing) {
            Toast.show({
              content: t('orders.closed_toast', {
                code: order.ForexTradeLists.ShowCode,
                reason: t(closeReasonKey(order.CloseReason)),
              }),
            });
          }
        },
        () => invalidateOrders(queryClient),
      ),
    [queryClient, t, tellEnds],
  );
}
