import { OrderStatus, Side, type Order } from '@pipwise/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/format';
import { formatMoney, trendOf } from '@/lib/format-money';
import { pairSymbol } from '@/lib/instrument-name';
import type { PositionRisk } from '@/lib/ticket-account';
import { useDateTime } from '@/lib/use-date-time';
import type { OrderTab } from '../api/get-my-deal';
import { stopOutText } from '../utils/position-figures';
import { closeReasonKey } from './close-reason';
import styles from './order-card.module.css';

interface Props {
  order: Order;
  tab: OrderTab;
  onOpen: (order: Order) => void;
  /** An open position's stop-out price and money at its stop-loss, live (holding tab). */
  risk?: PositionRisk | undefined;
}

/**
 * One order in a list: side, pair, lots, prices and profit, and for an open position its
 * stop-out price, what it loses at its stop-loss, the swap charged or paid so far and the
 * commission charged at its open; tapping opens the details.
 */
export const OrderCard = memo(function OrderCard({ order, tab, onOpen, risk }: Props) {
  const { t } = useTranslation();
  const when = useDateTime();
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
        <span className={styles.code}>{pairSymbol(order.ForexTradeLists)}</span>
        {/* Each figure with its unit is one isolated run: "0.01 لوت" stays whole in Arabic. */}
        <span className={styles.meta}>
          <bdi>{t('orders.lots_value', { lots: order.Quantity })}</bdi>
          {order.Leverage > 0 ? (
            <>
              {' · '}
              <bdi className="pw-num">1:{order.Leverage}</bdi>
            </>
          ) : null}
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
      {tab === 1 ? (
        <span className={styles.risk} data-testid="order-risk">
          <bdi className={styles.riskItem}>
            <span className={styles.label}>{t('ticket.position.stop_out')}</span>{' '}
            <span className="pw-num" data-testid="order-stop-out">
              {stopOutText(risk, p, t('ticket.stop_out_none'))}
            </span>
          </bdi>
          {risk?.atStop ? (
            <bdi className={styles.riskItem}>
              <span className={styles.label}>{t('ticket.position.at_sl')}</span>{' '}
              <span className={`pw-num ${styles[trendOf(risk.atStop.toNumber())]}`} data-testid="order-at-sl">
                {formatMoney(risk.atStop.toNumber(), { signed: true })}
              </span>
            </bdi>
          ) : null}
          {/* Overnight financing so far, once a rollover has charged or paid some. */}
          {order.Swap ? (
            <bdi className={styles.riskItem}>
              <span className={styles.label}>{t('ticket.position.swap')}</span>{' '}
              <span className={`pw-num ${styles[trendOf(order.Swap)]}`} data-testid="order-swap">
                {formatMoney(order.Swap, { signed: true })}
              </span>
            </bdi>
          ) : null}
          {/* The commission its open was charged (the close charges its side again). */}
          {order.Commission ? (
            <bdi className={styles.riskItem}>
              <span className={styles.label}>{t('orders.commission')}</span>{' '}
              <span className="pw-num" data-testid="order-commission">
                {formatMoney(order.Commission)}
              </span>
            </bdi>
          ) : null}
        </span>
      ) : null}
      <span className={styles.bottom}>
        <bdi className={styles.time} data-testid="order-time">
          {when(tab === 3 ? order.CompletedAt : order.CreatedAt)}
        </bdi>
        {tab === 3 && !cancelled ? (
          <span className={styles.reason} data-testid="close-reason">
            {t(closeReasonKey(order.CloseReason))}
          </span>
        ) : tab === 3 ? null : (
          <span className={styles.stops}>
            <bdi>
              {t('orders.tp_short')}{' '}
              <span className="pw-num">
                {order.TargetProfitPrice > 0 ? formatPrice(order.TargetProfitPrice, p) : '--'}
              </span>
            </bdi>
            <bdi>
              {t('orders.sl_short')}{' '}
              <span className="pw-num">
                {order.TargetLossPrice > 0 ? formatPrice(order.TargetLossPrice, p) : '--'}
              </span>
            </bdi>
          </span>
        )}
      </span>
    </button>
  );
});
