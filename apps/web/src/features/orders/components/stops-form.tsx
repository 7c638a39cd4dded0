import type { Order } from '@pipwise/shared';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { stopText, stopValue, trailingValue } from '@/lib/decimal-text';
import { trailingHint } from '@/lib/trailing-hint';
import { useSetStopPrice } from '../api/set-stop-price';
import styles from './order-detail.module.css';

/**
 * Take-profit and stop-loss of a holding or pending order (docs/product.md §2). Empty or 0 clears a
 * stop; the server checks each is on the right side of the price and says so if not.
 */
/** `paused`: offline, nothing can be sent (the detail says why). */
export function StopsForm({ order, paused = false }: { order: Order; paused?: boolean }) {
  const { t } = useTranslation();
  const [tp, setTp] = useState(stopText(order.TargetProfitPrice));
  const [sl, setSl] = useState(stopText(order.TargetLossPrice));
  const [trailing, setTrailing] = useState(order.TrailingPoints > 0 ? String(order.TrailingPoints) : '');
  const save = useSetStopPrice();
  const decimals = order.ForexTradeLists.PricePrecision;

  const onSave = () => {
    const takeProfit = stopValue(tp);
    const stopLoss = stopValue(sl);
    const trailingPoints = trailingValue(trailing);
    if (takeProfit === 'invalid' || stopLoss === 'invalid' || trailingPoints === 'invalid') {
      Toast.show({ content: t('trading.stops_invalid') });
      return;
    }
    void save.submit({
      id: order.Id,
      target_profit_price: takeProfit,
      stop_loss_price: stopLoss,
      trailing_points: trailingPoints,
    });
  };

  return (
    <section className={styles.stops} data-testid="stops-form">
      <h4 className={styles.sectionTitle}>{t('orders.edit_stops')}</h4>
      <div className={styles.stopFields}>
        <label>
          <span>{t('trading.take_profit')}</span>
          <DecimalInput
            className={styles.input}
            value={tp}
            onChange={setTp}
            decimals={decimals}
            placeholder={t('orders.not_set')}
            label={t('trading.take_profit')}
            testId="detail-take-profit"
          />
        </label>
        <label>
          <span>{t('trading.stop_loss')}</span>
          <DecimalInput
            className={styles.input}
            value={sl}
            onChange={setSl}
            decimals={decimals}
            placeholder={t('orders.not_set')}
            label={t('trading.stop_loss')}
            testId="detail-stop-loss"
          />
        </label>
        <label className={styles.wideField}>
          <span>{t('trading.trailing')}</span>
          <DecimalInput
            className={styles.input}
            value={trailing}
            onChange={setTrailing}
            decimals={0}
            placeholder={t('orders.not_set')}
            label={t('trading.trailing')}
            testId="detail-trailing-stop"
          />
          <span className={styles.hint}>{trailingHint(t, trailing, decimals)}</span>
        </label>
      </div>
      <p className={styles.hint}>{t('orders.stops_hint')}</p>
      <button
        type="button"
        className={styles.secondary}
        onClick={onSave}
        disabled={save.locked || paused}
        data-testid="save-stops"
      >
        {t('orders.save_stops')}
      </button>
    </section>
  );
}
