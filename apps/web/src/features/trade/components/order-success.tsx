import { OrderStatus, Side, type Order } from '@pipwise/shared';
import { Modal } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { DialogFocus } from '@/components/dialog-focus';
import { formatPrice } from '@/lib/format';
import { formatMoneyIn } from '@/lib/format-money';
import styles from './order-success.module.css';

interface Props {
  /** The order just placed, or null when the popup is closed. */
  order: Order | null;
  onClose: () => void;
  /** "View": the page opens /order on the order's tab. */
  onView: (order: Order) => void;
}

/** The success popup of docs/product.md §2, linking to the holding (or pending) orders. */
export function OrderSuccess({ order, onClose, onView }: Props) {
  const { t } = useTranslation();
  const pending = order?.Status === OrderStatus.Pending;
  // Margin, fee and commission in the account currency, as every money line of the app.
  const money = (value: number) => formatMoneyIn(value, t('common.currency'));
  const title = t(pending ? 'trade.pending_placed' : 'trade.order_opened');
  const content = order ? (
    <DialogFocus label={title} onEscape={onClose}>
      <div className={styles.body} data-testid="order-success">
        <CheckCircleFill className={styles.icon} aria-hidden />
        <h3 className={styles.title}>{title}</h3>
        <dl className={styles.lines}>
          <div>
            <dt>{order.ForexTradeLists.ShowCode}</dt>
            <dd className={order.OrderType === Side.Buy ? styles.buy : styles.sell}>
              {t(order.OrderType === Side.Buy ? 'trading.buy' : 'trading.sell')} ·{' '}
              <bdi>{t('orders.lots_value', { lots: order.Quantity })}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t(pending ? 'trading.target_price' : 'orders.open_price')}</dt>
            <dd className="pw-num">
              {formatPrice(pending ? order.Price : order.OriginPrice, order.ForexTradeLists.PricePrecision)}
            </dd>
          </div>
          {pending ? null : (
            <>
              <div>
                <dt>{t('orders.margin')}</dt>
                <dd className="pw-num" data-testid="success-margin">
                  {money(order.CautionMoney)}
                </dd>
              </div>
              <div>
                <dt>{t('orders.fee')}</dt>
                <dd className="pw-num" data-testid="success-fee">
                  {money(order.TradeFee)}
                </dd>
              </div>
              {order.Commission ? (
                <div>
                  <dt>{t('orders.commission')}</dt>
                  <dd className="pw-num" data-testid="success-commission">
                    {money(order.Commission)}
                  </dd>
                </div>
              ) : null}
            </>
          )}
        </dl>
      </div>
    </DialogFocus>
  ) : null;

  return (
    <Modal
      visible={order !== null}
      content={content}
      closeOnMaskClick
      onClose={onClose}
      actions={[
        {
          key: 'view',
          text: t(pending ? 'trading.view_pending' : 'trading.view_positions'),
          primary: true,
          onClick: () => {
            if (order) onView(order);
          },
        },
        { key: 'stay', text: t('trading.continue_trading'), onClick: onClose },
      ]}
    />
  );
}
