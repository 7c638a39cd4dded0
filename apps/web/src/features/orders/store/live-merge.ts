import type { Order } from '@pipwise/shared';
import type { InfiniteData } from '@tanstack/react-query';
import type { ForexTradePush } from '@/lib/trading-pushes';
import type { OrderPage } from '../api/get-my-deal';

export type OrderPages = InfiniteData<OrderPage>;

/**
 * Folds a FOREX_TRADE push into the loaded holding pages: each listed position takes its
 * live price and profit, the summary its live total and balance. Returns the same object
 * when nothing changed, so React Query does not re-render for a no-op push.
 */
export function applyForexTrade(data: OrderPages, push: ForexTradePush): OrderPages {
  const live = new Map(push.orders.map((o) => [o.Id, o]));
  let changed = false;
  const pages = data.pages.map((page, i) => {
    let pageChanged = false;
    const orders = page.data.map((order) => {
      const next = live.get(order.Id);
      if (!next || (next.UpdatePrice === order.UpdatePrice && next.FactProfits === order.FactProfits))
        return order;
      pageChanged = true;
      return { ...order, UpdatePrice: next.UpdatePrice, FactProfits: next.FactProfits };
    });
    // The totals are read from the first page.
    const totalsChanged =
      i === 0 && (page.all_fact_profits !== push.all_fact_profits || page.balance !== push.balance);
    if (!pageChanged && !totalsChanged) return page;
    changed = true;
    return {
      ...page,
      data: pageChanged ? orders : page.data,
      ...(i === 0 ? { all_fact_profits: push.all_fact_profits, balance: push.balance } : {}),
    };
  });
  return changed ? { ...data, pages } : data;
}

/**
 * Whether the push lists a different set of open positions than the holding tab knows
 * (a pending order filled, or a position opened on another device): the tab must refetch.
 * Compared by count with the server's `total`, so positions on pages not loaded yet do not
 * count as new.
 */
export function positionsChanged(data: OrderPages, push: ForexTradePush): boolean {
  const total = data.pages[0]?.total ?? 0;
  return push.orders.length !== total;
}

/** Takes an order out of every loaded page (it closed, or was cancelled) and out of the totals. */
export function removeOrder(data: OrderPages, id: number): OrderPages {
  if (!data.pages.some((p) => p.data.some((o) => o.Id === id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: page.data.filter((o) => o.Id !== id),
      total: Math.max(page.total - 1, 0),
    })),
  };
}

/**
 * Takes the new take-profit and stop-loss of an order from the server's answer. Only
 * those: its live price and profit keep coming from the pushes.
 */
export function applyStops(
  data: OrderPages,
  order: Pick<Order, 'Id' | 'TargetProfitPrice' | 'TargetLossPrice'>,
): OrderPages {
  if (!data.pages.some((p) => p.data.some((o) => o.Id === order.Id))) return data;
  const { TargetProfitPrice, TargetLossPrice } = order;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: page.data.map((o) => (o.Id === order.Id ? { ...o, TargetProfitPrice, TargetLossPrice } : o)),
    })),
  };
}

/** The listed order with this id, if loaded. */
export function findOrder(data: OrderPages | undefined, id: number): Order | undefined {
  for (const page of data?.pages ?? []) {
    const found = page.data.find((o) => o.Id === id);
    if (found) return found;
  }
  return undefined;
}
