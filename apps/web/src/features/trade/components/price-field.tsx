import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import styles from './order-form.module.css';

interface Props {
  mode: 'market' | 'pending';
  targetPrice: string;
  onTargetPrice: (price: string) => void;
  /** The pair's price precision. */
  decimals: number;
  /** The price the side would fill at now, as the pending price's placeholder. */
  placeholder: string;
}

/**
 * The order's price: "at market", or a pending order's price as typed. Memoised: at market
 * it stays as it is while the quotes move.
 */
export const PriceField = memo(function PriceField({
  mode,
  targetPrice,
  onTargetPrice,
  decimals,
  placeholder,
}: Props) {
  const { t } = useTranslation();
  if (mode === 'market') {
    return (
      <div className={styles.row}>
        <span className={styles.label}>{t('trading.price')}</span>
        <span className={styles.marketPrice}>{t('trading.market_price')}</span>
      </div>
    );
  }
  return (
    <label className={styles.row}>
      <span className={styles.label}>{t('trading.target_price')}</span>
      <DecimalInput
        className={styles.input}
        value={targetPrice}
        onChange={onTargetPrice}
        decimals={decimals}
        placeholder={placeholder}
        label={t('trading.target_price')}
        testId="target-price"
      />
    </label>
  );
});
