import type { Order, Period, TradePair } from '@pipwise/shared';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AccountKindBadge } from '@/components/account-kind-badge';
import { ConnectionBadge } from '@/components/connection-badge';
import { StatusView } from '@/components/status-view';
import { ROUTES } from '@/config/routes';
import { AlertBell } from '@/features/alerts/components/alert-bell';
import { ChartAlertOffer } from '@/features/alerts/components/chart-alert-offer';
import { FavouriteStar } from '@/features/markets/components/favourite-star';
import { LiveQuoteText } from '@/features/markets/components/live-price';
import { PairLogo } from '@/features/markets/components/pair-logo';
import { useLivePairs } from '@/features/markets/hooks/use-live-pairs';
import { marketBids, useLiveQuoteValue, type LiveQuote } from '@/features/markets/store/quotes-store';
import { ChartToolbar } from '@/features/trade/chart/chart-toolbar';
import { PeriodBar } from '@/features/trade/components/period-bar';
import { TradeHeader, TradeQuote } from '@/features/trade/components/trade-header';
import { ChartSkeleton, TradeSkeleton } from '@/features/trade/components/trade-skeleton';
import { formatPercent, formatPrice } from '@/lib/format';
import { pairSymbol } from '@/lib/instrument-name';
import { loginPath } from '@/lib/navigation';
import { selectPair, useSelectedPair } from '@/lib/selected-pair';
import { readTradeLink, resolveTradePair, tradeLink } from '@/lib/trade-link';
import { useSession } from '@/lib/use-session';
import type { PairPicker } from '@/features/markets/components/pair-picker';
import type { OrderSuccess } from '@/features/trade/components/order-success';
import { TicketSkeleton } from './trade-ticket-skeleton';
import styles from './trade.module.css';

/*
 * The header (pair, live price) and the chart's frame paint first, from this file alone;
 * the rest of the screen is lazy (docs/benchmarks.md "First screen"):
 * - the chart (lightweight-charts, the screen's largest part);
 * - the order ticket (./trade-ticket.tsx): decimal math, the account's calls and
 *   antd-mobile's toast and animation runtime, which the header does not need;
 * - the pair drawer and the success popup (antd-mobile's popups), fetched once the
 *   ticket is in (loadPopups).
 * The boot script preloads this file on /trade (build/boot-script.ts), and the build keeps
 * what it imports statically in its own chunk (build/chunk-groups.ts).
 */
const CandleChart = lazy(() =>
  import('@/features/trade/components/candle-chart').then((m) => ({ default: m.CandleChart })),
);
/** The drawings and the orders' lines over the chart, once it is drawn (./trade-chart-layers.tsx). */
const TradeChartLayers = lazy(() => import('./trade-chart-layers'));
const loadTicket = () => import('./trade-ticket');
const TradeTicket = lazy(() => loadTicket().then((m) => ({ default: m.TradeTicket })));
const OrderPushes = lazy(() => loadTicket().then((m) => ({ default: m.OrderPushes })));

interface Popups {
  PairPicker: typeof PairPicker;
  OrderSuccess: typeof OrderSuccess;
}

let popupsModule: Promise<Popups> | null = null;

/**
 * The drawer and the success popup, after the ticket (they share its antd-mobile runtime).
 * Rendered once loaded rather than through React.lazy: a lazy part suspends on its first
 * render, and React then holds back what a Suspense boundary reveals for 300 ms — the
 * first tap on the pair would wait that long.
 */
function loadPopups(): Promise<Popups> {
  popupsModule ??= loadTicket()
    .then(() =>
      Promise.all([
        import('@/features/markets/components/pair-picker'),
        import('@/features/trade/components/order-success'),
      ]),
    )
    .then(([picker, success]) => ({ PairPicker: picker.PairPicker, OrderSuccess: success.OrderSuccess }));
  // A failed chunk is forgotten, so the next tap on the pair tries again.
  popupsModule.catch(() => (popupsModule = null));
  return popupsModule;
}

/**
 * /trade (docs/product.md §2): the pair drawer, live price, period bar, candlestick chart and order
 * form. The pair is the URL's (`?forex_id=` or `?code=`, lib/trade-link.ts): a link opens
 * it, and without one the last pick is written into the address, so it can be shared.
 * Composes markets (pairs, live quotes, drawer), trade (chart, form), orders and account
 * (what a new order makes stale).
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
  const location = useLocation();
  const loggedIn = useSession() !== null;
  const [pickerOpen, setPickerOpen] = useState(false);
  const [period, setPeriod] = useState<Period>('1min');
  const [placed, setPlaced] = useState<Order | null>(null);
  const [popups, setPopups] = useState<Popups | null>(null);
  /** A price tapped on the chart and picked for an alert: the bell's sheet opens there. */
  const [alertAt, setAlertAt] = useState<{ price: number; at: number } | null>(null);

  const fetchPopups = useCallback(() => {
    loadPopups().then(setPopups, () => undefined);
  }, []);
  useEffect(fetchPopups, [fetchPopups]);

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
  // Tapped before the drawer's code is in: it opens when that arrives.
  const openPicker = useCallback(() => {
    setPickerOpen(true);
    fetchPopups();
  }, [fetchPopups]);

  const toLogin = useCallback(
    () => void navigate(loginPath(location.pathname + location.search)),
    [navigate, location.pathname, location.search],
  );

  const alertPair = useMemo(
    () => ({ forexId: pair.Id, code: pair.Code, symbol: pairSymbol(pair), precision: pair.PricePrecision }),
    [pair],
  );

  // No live quote is read here: a tick redraws the price line and the buttons' prices,
  // not the screen (docs/benchmarks.md "Live rendering").
  return (
    <div className={styles.page} data-testid="trade-page" data-code={pair.Code}>
      <TradeHeader
        pair={pair}
        quote={
          <LiveTradeQuote
            pair={pair}
            action={
              <>
                <FavouriteStar forexId={pair.Id} loggedIn={loggedIn} onLogin={toLogin} />
                {/* Price alerts watch the market's bid, not the account's widened one. */}
                <AlertBell
                  pair={alertPair}
                  bids={marketBids}
                  loggedIn={loggedIn}
                  onLogin={toLogin}
                  preset={alertAt}
                />
              </>
            }
          />
        }
        logo={<PairLogo logo={pair.Logo} label={pair.ShowCode || pair.Code} />}
        onOpenPicker={openPicker}
        extra={
          <>
            <AccountKindBadge />
            <ConnectionBadge />
          </>
        }
      />
      <PeriodBar value={period} onChange={setPeriod} />
      <ChartToolbar />
      <Suspense fallback={<ChartSkeleton />}>
        <CandleChart
          pair={pair}
          period={period}
          tapAction={(price, dismiss) => (
            <ChartAlertOffer
              price={price}
              precision={pair.PricePrecision}
              onPick={() => {
                dismiss();
                if (!loggedIn) return toLogin();
                setAlertAt({ price, at: Date.now() });
              }}
            />
          )}
        >
          {/* Its own boundary: the layers' chunk arriving never hides the chart. */}
          <Suspense fallback={null}>
            <TradeChartLayers pair={pair} pairs={pairs} loggedIn={loggedIn} onLogin={toLogin} />
          </Suspense>
        </CandleChart>
      </Suspense>
      <Suspense fallback={<TicketSkeleton />}>
        <OrderPushes />
        <TradeTicket key={pair.Id} pair={pair} pairs={pairs} onPlaced={setPlaced} />
      </Suspense>
      {popups ? (
        <>
          <popups.PairPicker
            visible={pickerOpen}
            onClose={() => setPickerOpen(false)}
            selectedId={pair.Id}
            onSelect={onPick}
          />
          <popups.OrderSuccess
            order={placed}
            onClose={() => setPlaced(null)}
            onView={(order) => {
              setPlaced(null);
              void navigate(`${ROUTES.order.path}?type=${order.Status === 0 ? 0 : 1}`);
            }}
          />
        </>
      ) : null}
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
function LiveTradeQuote({ pair, action }: { pair: TradePair; action?: ReactNode }) {
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
  return <TradeQuote figures={figures} trend={trend} open={open} action={action} />;
}
