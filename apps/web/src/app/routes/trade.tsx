import type { Order, Period, TradePair } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AccountKindBadge } from '@/components/account-kind-badge';
import { ConnectionBadge } from '@/components/connection-badge';
import { StatusView } from '@/components/status-view';
import { ROUTES } from '@/config/routes';
import { useBalance } from '@/features/account/api/get-balance';
import { invalidateAccount, useForexDetail } from '@/features/account/api/get-forex-detail';
// The site gate's copy of the operator's settings (always loaded): one request for both.
import { useBasicInfo } from '@/features/auth/api/get-basic-info';
import { useLiveFigures } from '@/features/account/hooks/use-live-figures';
import { LivePrice, LiveQuoteText } from '@/features/markets/components/live-price';
import { PairLogo } from '@/features/markets/components/pair-logo';
import { PairPicker } from '@/features/markets/components/pair-picker';
import { useLivePairs } from '@/features/markets/hooks/use-live-pairs';
import { usePricesStale } from '@/features/markets/hooks/use-prices-stale';
import { useQuotesVersion } from '@/features/markets/hooks/use-quotes-version';
import { lookupQuote } from '@/features/markets/store/quote-lookup';
import { getQuote, useLiveQuoteValue, type LiveQuote } from '@/features/markets/store/quotes-store';
import { invalidateOrders, useAllOpenPositions } from '@/features/orders/api/get-my-deal';
import { useOrderPushes } from '@/features/orders/hooks/use-order-pushes';
import { OrderForm } from '@/features/trade/components/order-form';
import { OrderSuccess } from '@/features/trade/components/order-success';
import { PeriodBar } from '@/features/trade/components/period-bar';
import { TradeHeader, TradeQuote } from '@/features/trade/components/trade-header';
import { ChartSkeleton, TradeSkeleton } from '@/features/trade/components/trade-skeleton';
import { formatPercent, formatPrice } from '@/lib/format';
import { loginPath } from '@/lib/navigation';
import { selectPair, useSelectedPair } from '@/lib/selected-pair';
import { readTradeLink, resolveTradePair, tradeLink } from '@/lib/trade-link';
import { instrumentBook, ticketAccountOf } from '@/lib/ticket-account';
import { useSession } from '@/lib/use-session';
import styles from './trade.module.css';

// lightweight-charts is the screen's largest part: the price and the order form show
// while it loads (the boot script preloads it on /trade; build/boot-script.ts).
const CandleChart = lazy(() =>
  import('@/features/trade/components/candle-chart').then((m) => ({ default: m.CandleChart })),
);

/**
 * /trade (docs/product.md §2): the pair drawer, live price, period bar, candlestick chart and order
 * form. The pair is the URL's (`?forex_id=` or `?code=`, lib/trade-link.ts): a link opens
 * it, and without one the last pick is written into the address, so it can be shared.
 * Composes markets (pairs, live quotes, drawer), trade (chart, form), orders and account
 * (what a new order makes stale). This route's chunk is the only one that loads
 * lightweight-charts.
 */
export default function TradePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const list = useLivePairs();
  const selected = useSelectedPair();
  const { pair, canonical } = resolveTradePair(list.data, readTradeLink(params), selected);

  useEffect(() => {
    if (canonical) void navigate(canonical, { replace: true });
  }, [canonical, navigate]);
  // The linked pair becomes the last pick: the trade tab opens it next time.
  useEffect(() => {
    if (pair) selectPair({ id: pair.Id, code: pair.Code });
  }, [pair]);

  if (!pair) {
    return (
      <div className={styles.page} data-testid="trade-page">
        {list.isPending ? (
          <TradeSkeleton />
        ) : (
          <StatusView
            fill
            icon={<ExclamationCircleOutline />}
            title={t('home.load_failed')}
            action={{ label: t('common.retry'), onClick: () => void list.refetch() }}
          />
        )}
      </div>
    );
  }
  return <TradeScreen pair={pair} pairs={list.data ?? []} />;
}

function TradeScreen({ pair, pairs }: { pair: TradePair; pairs: readonly TradePair[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [period, setPeriod] = useState<Period>('1min');
  const [placed, setPlaced] = useState<Order | null>(null);
  // Orders placed or closed elsewhere keep the cached order lists right for the next visit.
  useOrderPushes();

  // Another pair from the drawer takes this screen's place in the history: the back
  // button leaves /trade instead of stepping back through every pair looked at.
  const onPick = useCallback(
    (next: TradePair) => {
      selectPair({ id: next.Id, code: next.Code });
      setPickerOpen(false);
      void navigate(tradeLink(next), { replace: true });
    },
    [navigate],
  );

  const onSubmitted = useCallback(
    (order: Order) => {
      setPlaced(order);
      void invalidateOrders(queryClient);
      void invalidateAccount(queryClient);
    },
    [queryClient],
  );

  // No live quote is read here: a tick redraws the price line and the buttons' prices,
  // not the screen (docs/benchmarks.md "Live rendering").
  return (
    <div className={styles.page} data-testid="trade-page" data-code={pair.Code}>
      <TradeHeader
        pair={pair}
        quote={<LiveTradeQuote pair={pair} />}
        logo={<PairLogo logo={pair.Logo} label={pair.ShowCode || pair.Code} />}
        onOpenPicker={() => setPickerOpen(true)}
        extra={
          <>
            <AccountKindBadge />
            <ConnectionBadge />
          </>
        }
      />
      <PeriodBar value={period} onChange={setPeriod} />
      <Suspense fallback={<ChartSkeleton />}>
        <CandleChart pair={pair} period={period} />
      </Suspense>
      <TradeTicket key={pair.Id} pair={pair} pairs={pairs} onSubmitted={onSubmitted} />
      <PairPicker
        visible={pickerOpen}
        onClose={() => setPickerOpen(false)}
        selectedId={pair.Id}
        onSelect={onPick}
      />
      <OrderSuccess
        order={placed}
        onClose={() => setPlaced(null)}
        onView={(order) => {
          setPlaced(null);
          void navigate(`${ROUTES.order.path}?type=${order.Status === 0 ? 0 : 1}`);
        }}
      />
    </div>
  );
}

const marketStatusOf = (live: LiveQuote | undefined) => live?.MarketStatus;
const trendOf = (live: LiveQuote | undefined) => (live ? Math.sign(live.Change) : undefined);

/**
 * The header's price line: its figures are live leaves that draw each tick themselves
 * (LiveQuoteText); this renders again only when the day's change turns or the market
 * opens or closes.
 */
function LiveTradeQuote({ pair }: { pair: TradePair }) {
  const q = pair.ForexQuotations;
  const trend = useLiveQuoteValue(pair.Code, trendOf, { perFrame: true }) ?? Math.sign(q.Change);
  const open = (useLiveQuoteValue(pair.Code, marketStatusOf) ?? pair.MarketStatus) === 1;
  const figures = useMemo(() => {
    const p = pair.PricePrecision;
    const bidOf = (live: LiveQuote | undefined) => live?.Bid ?? q.Bid;
    const askOf = (live: LiveQuote | undefined) => live?.Ask ?? q.Ask;
    const bidText = (live: LiveQuote | undefined) => formatPrice(bidOf(live), p);
    return {
      price: <LiveQuoteText code={pair.Code} text={bidText} />,
      change: <LiveQuoteText code={pair.Code} text={(live) => formatPercent(live?.Change ?? q.Change)} />,
      bid: <LiveQuoteText code={pair.Code} text={bidText} />,
      ask: <LiveQuoteText code={pair.Code} text={(live) => formatPrice(askOf(live), p)} />,
      spread: (
        <LiveQuoteText
          code={pair.Code}
          text={(live) => formatPrice(Math.max(askOf(live) - bidOf(live), 0), p)}
        />
      ),
    };
  }, [pair, q]);
  return <TradeQuote figures={figures} trend={trend} open={open} />;
}

interface TicketProps {
  pair: TradePair;
  pairs: readonly TradePair[];
  onSubmitted: (order: Order) => void;
}

/**
 * The order form with what it prices from: the account, the fee and stop-out settings and
 * the quotes. Its figures follow the quotes clock (400 ms, over every instrument, as the
 * account's equity does); the buttons' prices draw themselves (LivePrice); whether the
 * market is open and its prices fresh reach it as soon as either flips. Memoised: the
 * screen's own state (the period, the drawer, the success popup) does not re-render it.
 */
const TradeTicket = memo(function TradeTicket({ pair, pairs, onSubmitted }: TicketProps) {
  const navigate = useNavigate();
  const session = useSession();
  const basic = useBasicInfo();
  const figures = useForexDetail({ enabled: session !== null });
  useLiveFigures();
  const account = useTicketAccount(pairs, session !== null, figures.data?.balance);
  // The ticket prices the whole account: it follows every instrument's quote, not only this one's.
  const quotesVersion = useQuotesVersion(useMemo(() => pairs.map((p) => p.Code), [pairs]));
  const levels = useMemo(
    () =>
      basic.data
        ? { stopOutLevel: basic.data.stop_out_level, marginCallLevel: basic.data.margin_call_level }
        : undefined,
    [basic.data],
  );
  const marketOpen = (useLiveQuoteValue(pair.Code, marketStatusOf) ?? pair.MarketStatus) === 1;
  const pricesStale = usePricesStale(pair.Code, marketOpen);
  // Read when the clock moves, not subscribed to: the figures' bid and ask.
  const { bid, ask } = useMemo(() => {
    const live = getQuote(pair.Code);
    const q = pair.ForexQuotations;
    return { bid: live?.Bid ?? q.Bid, ask: live?.Ask ?? q.Ask };
    // quotesVersion: the moment to read the store again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pair, quotesVersion]);
  const livePrice = useCallback(
    (side: 'buy' | 'sell') => (
      <LivePrice
        code={pair.Code}
        side={side === 'buy' ? 'ask' : 'bid'}
        precision={pair.PricePrecision}
        fallback={side === 'buy' ? pair.ForexQuotations.Ask : pair.ForexQuotations.Bid}
      />
    ),
    [pair],
  );

  return (
    <OrderForm
      pair={pair}
      bid={bid}
      ask={ask}
      livePrice={livePrice}
      marketOpen={marketOpen}
      pricesStale={pricesStale}
      quotes={lookupQuote}
      tradeFeeType={basic.data?.trade_fee_type}
      loggedIn={session !== null}
      freeMargin={session ? figures.data?.free_margin : undefined}
      levels={levels}
      account={account}
      quotesVersion={quotesVersion}
      onLoginRequired={() => void navigate(loginPath(ROUTES.trade.path))}
      onSubmitted={onSubmitted}
    />
  );
});

/**
 * The account as the order ticket prices it (lib/ticket-account.ts): the live balance
 * (forexDetail, moved by FOREX_TRADE), the funds held by withdrawals (getBalance) and every
 * open position (all pages of the holding list, kept current by the order pushes). Null
 * for a guest and until all of it is in.
 */
function useTicketAccount(pairs: readonly TradePair[], loggedIn: boolean, balance: number | undefined) {
  const wallet = useBalance({ enabled: loggedIn });
  const { positions } = useAllOpenPositions({ enabled: loggedIn });
  const book = useMemo(() => instrumentBook(pairs), [pairs]);
  const held = wallet.data?.lock_balance;
  return useMemo(
    () =>
      loggedIn && balance !== undefined && held !== undefined && positions
        ? ticketAccountOf({ balance, held, positions, book })
        : null,
    [loggedIn, balance, held, positions, book],
  );
}
