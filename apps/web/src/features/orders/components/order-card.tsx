import { OrderStatus, Side, type Order } from '@pipwise/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/format';
import { formatMoney, trendOf } from '@/lib/format-money';
import type { OrderTab } from '../api/get-my-deal';
import { closeReasonKey } from './close-reason';
import styles from './order-card.module.css';

interface Props {
  order: Order;
  tab: OrderTab;
  onOpen: (order: Order) => void;
}

/** One order in a list: side, pair, lots, prices and profit; tapping opens the details. */
export const OrderCard = memo(function OrderCard({ order, tab, onOpen }: Props) {
  const { t } = useTranslation();
  const buy = order.OrderType === Side.Buy;
  const p = order.ForexTradeLists.PricePrecision;
  const cancelled = order.Status === OrderStatus.Cancelled;
  const trend = trendOf(order.FactProfits);
  return (
    <button
      type="button"
      className={styles.card}
      onClick={() => onOpen(order)}
      data-testid="order-card"
      data-id={order.Id}
    >
      <span className={styles.top}>
        <span className={`${styles.side} ${buy ? styles.buy : styles.sell}`}>
          {t(buy ? 'trading.buy' : 'trading.sell')}
        </span>
        <span className={styles.code}>{order.ForexTradeLists.ShowCode}</span>
        <span className={`pw-num ${styles.meta}`}>
          {t('orders.lots_value', { lots: order.Quantity })}
          {order.Leverage > 0 ? ` · 1:${order.Leverage}` : ''}
        </span>
        {tab === 0 || cancelled ? (
          <span className={styles.badge}>
            {t(tab === 0 ? 'orders.status_pending' : 'orders.reason.cancelled')}
          </span>
        ) : (
          <span className={`pw-num ${styles.profit} ${styles[trend]}`} data-testid="order-profit">
            {formatMoney(order.FactProfits, { signed: true })}
          </span>
        )}
      </span>
      <span className={styles.prices}>
        {tab === 0 ? (
          <>
            <span className={styles.label}>{t('orders.target_price')}</span>
            <span className="pw-num">{formatPrice(order.Price, p)}</span>
          </>
        ) : (
          <>
            <span className={styles.label}>{t('orders.open_price')}</span>
            <span className="pw-num">{formatPrice(order.OriginPrice, p)}</span>
            <span className={styles.arrow} aria-hidden>
              →
            </span>
            <span className={`pw-num ${styles.current}`} data-testid="order-update-price">
              {order.UpdatePrice > 0 ? formatPrice(order.UpdatePrice, p) : '--'}
            </span>
          </>
        )}
      </span>
      <span className={styles.bottom}>
        <span className="pw-num">{tab === 3 ? order.CompleteTimeHandler : order.CreateTimeHandler}</span>
        {tab === 3 && !cancelled ? (
          <span className={styles.reason} data-testid="close-reason">
            {t(closeReasonKey(order.CloseReason))}
          </span>
        ) : tab === 3 ? null : (
          <span className={`pw-num ${styles.stops}`}>
            {t('orders.tp_short')}{' '}
            {order.TargetProfitPrice > 0 ? formatPrice(order.TargetProfitPrice, p) : '--'}
            {'  '}
            {t('orders.sl_short')} {order.TargetLossPrice > 0 ? formatPrice(order.TargetLossPrice, p) : '--'}
          </span>
        )}
      </span>
    </button>
  );
});
