import type { Order, TradePair } from '@pipwise/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useAlerts } from '@/features/alerts/api/list-alerts';
import { lookupQuote } from '@/features/markets/store/quote-lookup';
import { flattenOrders, myDealQueryOptions, useAllOpenPositions } from '@/features/orders/api/get-my-deal';
import { useSetPendingPrice } from '@/features/orders/api/set-pending-price';
import { useSetStopPrice } from '@/features/orders/api/set-stop-price';
import DrawingLayer from '@/features/trade/chart/drawings/drawing-layer';
import {
  pendingInputOf,
  stopsInputOf,
  type StopMove,
} from '@/features/trade/chart/trade-lines/stop-move-figures';
import TradeLinesLayer from '@/features/trade/chart/trade-lines/trade-lines-layer';
import { useAccountFigures } from '@/lib/account-figures';
import { pairSymbol } from '@/lib/instrument-name';
import { instrumentBook, ticketAccountOf, ticketInstrumentOf } from '@/lib/ticket-account';

interface Props {
  pair: TradePair;
  pairs: readonly TradePair[];
  loggedIn: boolean;
  onLogin: () => void;
}

/*
 * The layers the trade screen draws over its chart (docs/chart.md "Drawings", "Trading from
 * the chart"), rendered as the chart's children and loaded after it (app/routes/trade.tsx):
 * the trader's drawings, and their orders and alerts as lines — composed here from the
 * orders, alerts and markets features, as a route composes features.
 */
export default function TradeChartLayers({ pair, pairs, loggedIn, onLogin }: Props) {
  return (
    <>
      <DrawingLayer loggedIn={loggedIn} onLogin={onLogin} />
      {loggedIn ? <TradeLines pair={pair} pairs={pairs} /> : null}
    </>
  );
}

function TradeLines({ pair, pairs }: { pair: TradePair; pairs: readonly TradePair[] }) {
  const { orders, positions } = useChartOrders();
  const alerts = useAlerts();
  const figures = useAccountFigures();
  const balance = figures.data?.balance;
  const held = figures.data?.lock_balance;
  const account = useMemo(
    () =>
      balance !== undefined && held !== undefined && positions
        ? ticketAccountOf({ balance, held, positions, book: instrumentBook(pairs) })
        : null,
    [balance, held, positions, pairs],
  );
  const instrument = useMemo(() => ticketInstrumentOf(pair), [pair]);
  const setStops = useSetStopPrice();
  const setPending = useSetPendingPrice();
  const { submit } = setStops;
  const { submit: movePending } = setPending;
  // A pending order's own price moves with set_pending_price, a stop with set_stop_price.
  const onConfirm = useCallback(
    async (move: StopMove) =>
      (move.kind === 'pending' ? await movePending(pendingInputOf(move)) : await submit(stopsInputOf(move)))
        .status,
    [submit, movePending],
  );
  return (
    <TradeLinesLayer
      orders={orders}
      alerts={alerts.data?.data ?? []}
      instrument={instrument}
      account={account}
      quotes={lookupQuote}
      symbol={pairSymbol(pair)}
      onConfirm={onConfirm}
      sending={setStops.locked || setPending.locked}
    />
  );
}

/**
 * Every open position and pending order of the account: the orders page's own queries (all
 * their pages), so the order pushes the trade screen listens to (OrderPushes: placed,
 * filled, edited, closed) keep the lines where the orders are.
 */
function useChartOrders(): { orders: readonly Order[]; positions: readonly Order[] | undefined } {
  const { positions } = useAllOpenPositions();
  const { data, hasNextPage, isFetching, fetchNextPage } = useInfiniteQuery(myDealQueryOptions(0));
  useEffect(() => {
    if (hasNextPage && !isFetching) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetching, fetchNextPage]);
  // Pending orders are drawn as their pages arrive: a line that shows late is better than none.
  const pending = useMemo(() => flattenOrders(data?.pages), [data]);
  const orders = useMemo(() => [...(positions ?? []), ...pending], [positions, pending]);
  return { orders, positions };
}
