import type { Order, TradePair } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '@/config/routes';
// The site gate's copy of the operator's settings (always loaded): one request for both.
import { useBasicInfo } from '@/features/auth/api/get-basic-info';
import { LivePrice } from '@/features/markets/components/live-price';
import { usePricesStale } from '@/features/markets/hooks/use-prices-stale';
import { useLinkStatus } from '@/lib/use-connection-state';
import { useQuotesVersion } from '@/features/markets/hooks/use-quotes-version';
import { maxQuoteAgeOf } from '@/features/markets/store/price-staleness';
import { lookupQuote } from '@/features/markets/store/quote-lookup';
import { getQuote, useLiveQuoteValue, type LiveQuote } from '@/features/markets/store/quotes-store';
import { invalidateOrders, useAllOpenPositions } from '@/features/orders/api/get-my-deal';
import { useOrderPushes } from '@/features/orders/hooks/use-order-pushes';
import { OrderForm } from '@/features/trade/components/order-form';
import { SwapTerms } from '@/features/trade/components/swap-terms';
import { invalidateAccount, useAccountFigures, type LiveAccountFigures } from '@/lib/account-figures';
import { loginPath } from '@/lib/navigation';
import { instrumentBook, ticketAccountOf } from '@/lib/ticket-account';
import { accountRulesOf, ticketConditionsOf } from '@/lib/ticket-conditions';
import { useTradingConditions } from '@/lib/trading-conditions';
import { useSession } from '@/lib/use-session';

/*
 * The trade screen's lazy part (app/routes/trade.tsx): the order form and what it prices
 * from — decimal math, the account's calls, antd-mobile's toasts and their animation
 * runtime. The header and the chart frame paint without waiting for it
 * (docs/benchmarks.md "First screen").
 */

const marketStatusOf = (live: LiveQuote | undefined) => live?.MarketStatus;

/**
 * FOREX_ORDER pushes keep the cached order lists right for the next visit (orders placed
 * or closed elsewhere). A component, so the screen mounts it once, apart from the ticket
 * it remounts per pair.
 */
export function OrderPushes() {
  useOrderPushes();
  return null;
}

interface TicketProps {
  pair: TradePair;
  pairs: readonly TradePair[];
  /** The order just placed: the screen shows its success popup. */
  onPlaced: (order: Order) => void;
}

/**
 * The order form with what it prices from: the account, its trading conditions (the
 * group's leverage choices, fee, commission and levels: lib/ticket-conditions.ts; the
 * board's and the operator's settings for a guest or until they are in) and the quotes;
 * under it, the instrument's overnight financing terms. Its figures follow the quotes clock (400 ms, over every instrument, as the
 * account's equity does); the buttons' prices draw themselves (LivePrice); whether the
 * market is open and its prices fresh reach it as soon as either flips. Memoised: the
 * screen's own state (the period, the drawer, the success popup) does not re-render it.
 */
export const TradeTicket = memo(function TradeTicket({ pair, pairs, onPlaced }: TicketProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const basic = useBasicInfo();
  const conditions = useTradingConditions({ enabled: session !== null }).data;
  const mine = session ? conditions : undefined;
  const traded = useMemo(() => ticketConditionsOf(mine, pair), [mine, pair]);
  const rules = useMemo(() => accountRulesOf(mine, basic.data), [mine, basic.data]);
  const figures = useAccountFigures({ enabled: session !== null });
  const account = useTicketAccount(pairs, session !== null, figures.data);
  // The ticket prices the whole account: it follows every instrument's quote, not only this one's.
  const quotesVersion = useQuotesVersion(useMemo(() => pairs.map((p) => p.Code), [pairs]));
  const levels = useMemo(
    () => (rules ? { stopOutLevel: rules.stopOutLevel, marginCallLevel: rules.marginCallLevel } : undefined),
    [rules],
  );
  const marketOpen = (useLiveQuoteValue(pair.Code, marketStatusOf) ?? pair.MarketStatus) === 1;
  // Offline (a start from the kept copy, or the network lost), the prices shown are old.
  const offline = useLinkStatus() === 'offline';
  const pricesStale = usePricesStale(pair.Code, marketOpen, maxQuoteAgeOf(pair)) || offline;
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
  const onSubmitted = useCallback(
    (order: Order) => {
      onPlaced(order);
      void invalidateOrders(queryClient);
      void invalidateAccount(queryClient);
    },
    [onPlaced, queryClient],
  );

  return (
    <>
      <OrderForm
        pair={traded.pair}
        terms={traded.terms}
        bid={bid}
        ask={ask}
        livePrice={livePrice}
        marketOpen={marketOpen}
        pricesStale={pricesStale}
        quotes={lookupQuote}
        tradeFeeType={rules?.tradeFeeType}
        loggedIn={session !== null}
        freeMargin={session ? figures.data?.free_margin : undefined}
        levels={levels}
        account={account}
        quotesVersion={quotesVersion}
        onLoginRequired={() => void navigate(loginPath(ROUTES.trade.path))}
        onSubmitted={onSubmitted}
      />
      <SwapTerms pair={pair} swapFree={traded.terms.swapFree} />
    </>
  );
});

/**
 * The account as the order ticket prices it (lib/ticket-account.ts): the live balance and
 * the funds held by withdrawals (lib/account-figures.ts, moved by FOREX_TRADE) and every
 * open position (all pages of the holding list, kept current by the order pushes). Null
 * for a guest and until all of it is in.
 */
function useTicketAccount(
  pairs: readonly TradePair[],
  loggedIn: boolean,
  figures: LiveAccountFigures | undefined,
) {
  const { positions } = useAllOpenPositions({ enabled: loggedIn });
  const book = useMemo(() => instrumentBook(pairs), [pairs]);
  const balance = figures?.balance;
  const held = figures?.lock_balance;
  return useMemo(
    () =>
      loggedIn && balance !== undefined && held !== undefined && positions
        ? ticketAccountOf({ balance, held, positions, book })
        : null,
    [loggedIn, balance, held, positions, book],
  );
}
