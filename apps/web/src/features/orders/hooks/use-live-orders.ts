import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeForexClosed, subscribeForexTrade } from '@/lib/trading-pushes';
import { myDealQueryOptions } from '../api/get-my-deal';
import { closeReasonKey } from '../components/close-reason';
import { applyForexTrade, findOrder, positionsChanged, removeOrder } from '../store/live-merge';

/**
 * Keeps the order lists live while the orders page is shown (spec §4):
 * - FOREX_TRADE: each position's price and profit, the holding totals; a position the list
 *   does not know yet (a pending order filled) refetches holding and pending;
 * - FOREX_CLOSED: the position leaves the holding (or pending) list as it closes, history
 *   is refetched, and a close the trader did not make here (TP, SL, stop-out) is told.
 */
export function useLiveOrders(): void {
  const queryClient = useQueryClient();
  const { t } = useTranslation();

  useEffect(() => {
    const holding = myDealQueryOptions(1);
    const pending = myDealQueryOptions(0);
    const history = myDealQueryOptions(3);

    const offTrade = subscribeForexTrade((push) => {
      // A pending order that filled is now a position: it leaves the pending list.
      const pendingData = queryClient.getQueryData(pending.queryKey);
      const filled = push.orders.filter((o) => findOrder(pendingData, o.Id));
      if (pendingData && filled.length > 0) {
        queryClient.setQueryData(
          pending.queryKey,
          filled.reduce((d, o) => removeOrder(d, o.Id), pendingData),
        );
      }
      const data = queryClient.getQueryData(holding.queryKey);
      if (!data) return;
      queryClient.setQueryData(holding.queryKey, applyForexTrade(data, push));
      if (positionsChanged(data, push) && queryClient.isFetching({ queryKey: holding.queryKey }) === 0) {
        void queryClient.invalidateQueries({ queryKey: holding.queryKey });
      }
    });

    const offClosed = subscribeForexClosed((push) => {
      const closed =
        findOrder(queryClient.getQueryData(holding.queryKey), push.Id) ??
        findOrder(queryClient.getQueryData(pending.queryKey), push.Id);
      for (const { queryKey } of [holding, pending]) {
        queryClient.setQueryData(queryKey, (d) => d && removeOrder(d, push.Id));
      }
      void queryClient.invalidateQueries({ queryKey: history.queryKey });
      if (closed && push.reason !== 'manual') {
        Toast.show({
          content: t('orders.closed_toast', {
            code: closed.ForexTradeLists.ShowCode,
            reason: t(closeReasonKey(push.reason)),
          }),
        });
      }
    });

    return () => {
      offTrade();
      offClosed();
    };
  }, [queryClient, t]);
}
