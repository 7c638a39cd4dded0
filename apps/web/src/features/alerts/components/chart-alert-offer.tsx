import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/format';
import styles from './chart-alert-offer.module.css';

/**
 * What a tap on the trade screen's chart offers (docs/notifications.md "Price alerts"): an
 * alert at the price tapped, opened in the alert sheet like the bell's.
 */
export function ChartAlertOffer({
  price,
  precision,
  onPick,
}: {
  price: number;
  precision: number;
  onPick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button type="button" className={styles.offer} onClick={onPick} data-testid="chart-alert-offer">
      <BellOutline aria-hidden />
      <span>
        {t('alerts.alert_at')} <bdi className="pw-num">{formatPrice(price, precision)}</bdi>
      </span>
    </button>
  );
}
