import { PULL_REFRESH_CLOSE_MS, type Order } from '@pipwise/shared';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { ExclamationCircleOutline, FileOutline } from 'antd-mobile-icons';
import { Fragment, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusView } from '@/components/status-view';
import type { PositionRisk } from '@/lib/ticket-account';
import { useLinkStatus } from '@/lib/use-connection-state';
import { useDateTime } from '@/lib/use-date-time';
import { flattenOrders, useMyDeal, type OrderTab } from '../api/get-my-deal';
import { tabOf } from '../store/live-merge';
import { isBeforeReset } from '../utils/reset-marker';
import { useLiveOrders } from '../hooks/use-live-orders';
import type { OrderPricing } from '../utils/close-figures';
import { CloseAll } from './close-all';
import { OrderCard } from './order-card';
import { OrderDetail } from './order-detail';
import { OrderListSkeleton } from './order-list-skeleton';
import { OrderSummary } from './order-summary';
import styles from './order-board.module.css';

interface Props {
  tab: OrderTab;
  /** Extra figures in the summary card (the page passes the live account figures). */
  figures?: ReactNode;
  /** The empty list's action: go and trade. */
  onTrade: () => void;
  /**
   * Each open position's stop-out price and money at its stops, live (the page prices them
   * over the whole account: lib/ticket-account.ts `positionRisks`), by order id.
   */
  risks?: ReadonlyMap<number, PositionRisk> | undefined;
  /** The board's instruments and live quotes: a position's partial close prices with them. */
  pricing?: OrderPricing | undefined;
  /** An order to open at once (a link from the account log), even if not on a loaded page. */
  focus?: Order | undefined;
  /** The detail of `focus` was closed. */
  onFocusClosed?: () => void;
}

const EMPTY = {
  1: 'orders.empty_holding',
  0: 'orders.empty_pending',
  3: 'orders.empty_history',
} as const;

/**
 * One tab of /order: its totals, "Close all" on the open positions (close-all.tsx), the list
 * (pull to refresh, 20 more per scroll), live updates from the socket, and the detail popup
 * of the tapped order.
 */
export function OrderBoard({ tab, figures, onTrade, risks, pricing, focus, onFocusClosed }: Props) {
  const { t } = useTranslation();
  const when = useDateTime();
  const query = useMyDeal(tab);
  const offline = useLinkStatus() === 'offline';
  const resetAt = tab === 3 ? (query.data?.pages[0]?.reset_at ?? 0) : 0;
  useLiveOrders();
  const orders = useMemo(() => flattenOrders(query.data?.pages), [query.data]);
  const [openId, setOpenId] = useState<number | null>(focus?.Id ?? null);
  // The popup shows the live copy from the list; it closes itself when the order leaves.
  // A linked order that has ended and is on a page not loaded shows as it was found (an
  // ended order no longer changes); a live one only from the list, which keeps it current.
  const open =
    openId === null
      ? undefined
      : (orders.find((o) => o.Id === openId) ??
        (focus && focus.Id === openId && tabOf(focus) === 3 ? focus : undefined));
  const onOpen = useCallback((order: Order) => setOpenId(order.Id), []);

  const refresh = async () => {
    await query.refetch();
  };

  let list: ReactNode;
  if (query.isPending) {
    list = <OrderListSkeleton />;
  } else if (query.isError && !query.data) {
    list = (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('orders.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void query.refetch() }}
      />
    );
  } else if (orders.length === 0) {
    list = (
      <StatusView
        testId="orders-empty"
        icon={<FileOutline />}
        title={t(EMPTY[tab])}
        action={tab === 3 ? undefined : { label: t('orders.go_trade'), onClick: onTrade }}
      />
    );
  } else {
    list = (
      <>
        <div className={styles.list} role="list" data-testid="order-list">
          {orders.map((order, i) => (
            <Fragment key={order.Id}>
              {/* History keeps the orders of before a demo reset, under a line that says so. */}
              {resetAt > 0 &&
              isBeforeReset(order, resetAt) &&
              (i === 0 || !isBeforeReset(orders[i - 1]!, resetAt)) ? (
                <div className={styles.divider} role="separator" data-testid="reset-divider">
                  <span>{t('orders.reset_divider', { time: when(resetAt) })}</span>
                </div>
              ) : null}
              <div
                role="listitem"
                className={resetAt > 0 && isBeforeReset(order, resetAt) ? styles.older : undefined}
              >
                <OrderCard order={order} tab={tab} onOpen={onOpen} risk={risks?.get(order.Id)} />
              </div>
            </Fragment>
          ))}
        </div>
        <InfiniteScroll
          hasMore={query.hasNextPage}
          loadMore={async () => {
            await query.fetchNextPage({ throwOnError: true });
          }}
        />
      </>
    );
  }

  return (
    <div className={styles.board} data-testid="order-board" data-type={tab}>
      {/* Spec §9: the pull-to-refresh head closes 500 ms after the answer. */}
      <PullToRefresh onRefresh={refresh} completeDelay={PULL_REFRESH_CLOSE_MS}>
        <OrderSummary tab={tab} page={query.data?.pages[0]}>
          {figures}
        </OrderSummary>
        {tab === 1 && orders.length > 0 ? <CloseAll paused={offline} /> : null}
        {list}
      </PullToRefresh>
      <OrderDetail
        order={open}
        tab={tab}
        risk={open ? risks?.get(open.Id) : undefined}
        pricing={pricing}
        onClose={() => {
          if (openId !== null && openId === focus?.Id) onFocusClosed?.();
          setOpenId(null);
        }}
      />
    </div>
  );
}
