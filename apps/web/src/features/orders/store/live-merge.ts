import { OrderStatus, type ForexTradePush, type Order } from '@pipwise/shared';
import type { InfiniteData } from '@tanstack/react-query';
import type { OrderPage, OrderTab } from '../api/get-my-deal';
import { netProfitOf } from '../utils/position-figures';

export type OrderPages = InfiniteData<OrderPage>;

/** Sums of 6-decimal amounts without float residue (0.1 + 0.2 is 0.3 here). */
const money = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * A position with its live price and gross profit; its net profit (gross − fee − commission
 * + swap, docs/money.md "Overnight financing (swap)") moves with them, exactly as the server
 * books it. The fee, the commission and the swap are the order's own: a FOREX_TRADE push
 * carries none of them, and a rollover's new swap comes with the order itself (the `swap`
 * FOREX_ORDER event).
 */
function withLive(order: Order, live: Pick<Order, 'UpdatePrice' | 'FactProfits'>): Order {
  return {
    ...order,
    UpdatePrice: live.UpdatePrice,
    FactProfits: live.FactProfits,
    NetProfits: netProfitOf({
      FactProfits: live.FactProfits,
      TradeFee: order.TradeFee,
      Commission: order.Commission,
      Swap: order.Swap,
    }),
  };
}

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
      return withLive(order, next);
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

/**
 * Takes an order out of every loaded page (it closed, was cancelled or filled) and out of
 * the totals: the count, and its profit from the first page's floating total (0 for a
 * pending order, so the pending tab's total stays 0).
 */
export function removeOrder(data: OrderPages, id: number): OrderPages {
  const gone = findOrder(data, id);
  if (!gone) return data;
  return {
    ...data,
    pages: data.pages.map((page, i) => ({
      ...page,
      data: page.data.filter((o) => o.Id !== id),
      total: Math.max(page.total - 1, 0),
      ...(i === 0 ? { all_fact_profits: money(page.all_fact_profits - gone.FactProfits) } : {}),
    })),
  };
}

/** The first page's balance from a FOREX_TRADE push (pending and history show it too). */
export function applyBalance(data: OrderPages, balance: number): OrderPages {
  const first = data.pages[0];
  if (!first || first.balance === balance) return data;
  return { ...data, pages: [{ ...first, balance }, ...data.pages.slice(1)] };
}

/** The tab an order is listed under: pending, holding, or history (closed and cancelled). */
export function tabOf(order: Pick<Order, 'Status'>): OrderTab {
  if (order.Status === OrderStatus.Pending) return 0;
  if (order.Status === OrderStatus.Holding) return 1;
  return 3;
}

/** How far an order has come: it only moves forward, pending → holding → ended. */
const stage = (order: Pick<Order, 'Status'>) => [0, 1, 3].indexOf(tabOf(order));

/** What the tab's first-page total counts of an order: floating or realised profit. */
function counted(tab: OrderTab, order: Order): number {
  if (tab === 1) return order.FactProfits;
  if (tab === 3 && order.Status === OrderStatus.Closed) return order.FactProfits;
  return 0;
}

/**
 * Puts an order into a tab's loaded pages as the server lists them (newest id first), or
 * replaces its listed copy. A holding copy keeps its live price and profit (FOREX_TRADE
 * brings those); a new holding row shows its open price until the next one. An order older
 * than every loaded row while more pages remain belongs to a page not loaded yet: only the
 * count changes.
 */
export function upsertOrder(data: OrderPages, tab: OrderTab, order: Order): OrderPages {
  const listed = findOrder(data, order.Id);
  if (listed) {
    const next = tab === 1 ? withLive(order, listed) : order;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        data: page.data.map((o) => (o.Id === order.Id ? next : o)),
      })),
    };
  }

  const row = tab === 1 && !order.UpdatePrice ? { ...order, UpdatePrice: order.OriginPrice } : order;
  let at = data.pages.findIndex((p) => p.data.some((o) => o.Id < order.Id));
  const loaded = data.pages.reduce((n, p) => n + p.data.length, 0);
  const total = data.pages[0]?.total ?? 0;
  // Older than all loaded rows: the last page if the list is complete, else not loaded.
  if (at === -1 && loaded >= total) at = data.pages.length - 1;
  return {
    ...data,
    pages: data.pages.map((page, i) => {
      let rows = page.data;
      if (i === at) {
        const j = rows.findIndex((o) => o.Id < order.Id);
        rows = j === -1 ? [...rows, row] : [...rows.slice(0, j), row, ...rows.slice(j)];
      }
      return {
        ...page,
        data: rows,
        total: page.total + 1,
        ...(i === 0 ? { all_fact_profits: money(page.all_fact_profits + counted(tab, row)) } : {}),
      };
    }),
  };
}

/** The loaded order lists, by tab; a tab never loaded is absent. */
export type OrderLists = Partial<Record<OrderTab, OrderPages>>;

const TABS: readonly OrderTab[] = [0, 1, 3];

/**
 * Folds a FOREX_ORDER push (the order as it is now) into the loaded lists: it is listed
 * under the tab of its status and taken out of the others, with the counts and totals. A
 * push older than what a list already shows (a refetch overtook it on the way) changes
 * nothing. Tabs that do not change keep their object.
 */
export function applyOrderPush(lists: OrderLists, order: Order): OrderLists {
  for (const tab of TABS) {
    const known = findOrder(lists[tab], order.Id);
    if (known && stage(known) > stage(order)) return lists;
  }
  const target = tabOf(order);
  const next: OrderLists = {};
  for (const tab of TABS) {
    const data = lists[tab];
    if (data) next[tab] = tab === target ? upsertOrder(data, tab, order) : removeOrder(data, order.Id);
  }
  return next;
}

/**
 * Takes the new take-profit and stop-loss of an order from the server's answer. Only
 * those: its live price and profit keep coming from the pushes.
 */
export function applyStops(
  data: OrderPages,
  order: Pick<Order, 'Id' | 'TargetProfitPrice' | 'TargetLossPrice' | 'TrailingPoints'>,
): OrderPages {
  if (!data.pages.some((p) => p.data.some((o) => o.Id === order.Id))) return data;
  const { TargetProfitPrice, TargetLossPrice, TrailingPoints } = order;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: page.data.map((o) =>
        o.Id === order.Id ? { ...o, TargetProfitPrice, TargetLossPrice, TrailingPoints } : o,
      ),
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
