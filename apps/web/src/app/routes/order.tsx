import type { TicketMarket } from '@pipwise/shared';
import { Toast } from 'antd-mobile';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AccountKindBadge } from '@/components/account-kind-badge';
import { ConnectionBadge } from '@/components/connection-badge';
import { PageNav } from '@/components/page-nav';
import { ROUTES } from '@/config/routes';
import { AccountFigures } from '@/features/account/components/account-figures';
import { useLivePairs } from '@/features/markets/hooks/use-live-pairs';
import { useQuotesVersion } from '@/features/markets/hooks/use-quotes-version';
import { lookupQuote } from '@/features/markets/store/quote-lookup';
import { useAllOpenPositions, type OrderTab } from '@/features/orders/api/get-my-deal';
import { OrderBoard } from '@/features/orders/components/order-board';
import { OrderTabs, parseOrderTab } from '@/features/orders/components/order-tabs';
import { useFindOrder } from '@/features/orders/hooks/use-find-order';
import type { OrderPricing } from '@/features/orders/utils/close-figures';
import { useBasicInfo } from '@/features/trade/api/get-basic-info';
import { useAccountFigures } from '@/lib/account-figures';
import { instrumentBook, positionRisks, ticketAccountOf } from '@/lib/ticket-account';
import { accountRulesOf } from '@/lib/ticket-conditions';
import { useTradingConditions } from '@/lib/trading-conditions';
import styles from './order.module.css';

/**
 * /order (docs/product.md §2, login): `?type=` 1 holding, 0 pending, 3 history. The holding tab's
 * summary carries the live account figures (equity, margin, free margin, ratios), and each
 * position its stop-out price and money at its stops, priced over the whole account with
 * live quotes (docs/money.md "The order ticket"). `?order=<Id>` (a link from the account
 * log) opens that order's details on its tab.
 */
export default function OrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = parseOrderTab(params.get('type'));
  const onTab = (next: OrderTab) => setParams({ type: String(next) }, { replace: true });
  const { risks, pricing } = usePositionRisks(tab === 1);

  // A linked order: found on whichever tab it is, then opened there.
  const linked = parseOrderId(params.get('order'));
  const found = useFindOrder(linked);
  const focus = found.data ?? undefined;
  useEffect(() => {
    if (focus && focus.tab !== tab)
      setParams({ type: String(focus.tab), order: String(focus.order.Id) }, { replace: true });
  }, [focus, tab, setParams]);
  useEffect(() => {
    if (linked !== null && found.isSuccess && found.data === null) {
      Toast.show({ content: t('ticket.log.order_missing') });
      setParams({ type: String(tab) }, { replace: true });
    }
  }, [linked, found.isSuccess, found.data, t, tab, setParams]);
  const focusHere = focus && focus.tab === tab ? focus.order : undefined;

  return (
    <div className={styles.page} data-testid="order-page">
      <PageNav
        title={t('route.order')}
        backable={false}
        start={<AccountKindBadge />}
        right={<ConnectionBadge />}
      />
      <div className={styles.tabs}>
        <OrderTabs value={tab} onChange={onTab} />
      </div>
      <OrderBoard
        // Remounted when a linked order is found, so its details open at once.
        key={`${tab}:${focusHere?.Id ?? ''}`}
        tab={tab}
        figures={tab === 1 ? <AccountFigures omit={['balance', 'floating_profit']} /> : undefined}
        onTrade={() => void navigate(ROUTES.trade.path)}
        risks={tab === 1 ? risks : undefined}
        pricing={tab === 1 ? pricing : undefined}
        focus={focusHere}
        onFocusClosed={() => setParams({ type: String(tab) }, { replace: true })}
      />
    </div>
  );
}

/** `?order=` as an order id, or null. */
function parseOrderId(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * Each open position's stop-out price and money at its stops (lib/ticket-account.ts), as
 * the market moves: every instrument quoted live, all open positions, the live balance,
 * the funds held and the account's levels (its group's, else the operator's); and the
 * board's instruments with the live quotes, which a partial close prices with.
 */
function usePositionRisks(enabled: boolean) {
  const pairs = useLivePairs();
  const basic = useBasicInfo();
  // The account's group sets the stop-out level its positions are priced against.
  const conditions = useTradingConditions({ enabled });
  const rules = useMemo(() => accountRulesOf(conditions.data, basic.data), [conditions.data, basic.data]);
  const figures = useAccountFigures({ enabled });
  const { positions } = useAllOpenPositions({ enabled });
  const codes = useMemo(() => (pairs.data ?? []).map((p) => p.Code), [pairs.data]);
  const quotesVersion = useQuotesVersion(enabled ? codes : []);
  const book = useMemo(() => instrumentBook(pairs.data), [pairs.data]);
  const balance = figures.data?.balance;
  const held = figures.data?.lock_balance;
  const account = useMemo(
    () =>
      balance !== undefined && held !== undefined && positions && pairs.data
        ? ticketAccountOf({ balance, held, positions, book })
        : null,
    [balance, held, positions, book, pairs.data],
  );
  const market = useMemo<TicketMarket | null>(
    () => (rules ? { quotes: lookupQuote, ...rules } : null),
    [rules],
  );
  const risks = useMemo(
    () =>
      enabled && positions && market
        ? positionRisks({ orders: positions, account, market, book })
        : undefined,
    // quotesVersion: the figures read the live quotes (lookupQuote) outside React.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [enabled, positions, account, market, book, quotesVersion],
  );
  // A position's partial close: its lot step and minimum, and its estimate at live quotes.
  const pricing = useMemo<OrderPricing>(() => ({ book, quotes: lookupQuote }), [book]);
  return { risks, pricing };
}
