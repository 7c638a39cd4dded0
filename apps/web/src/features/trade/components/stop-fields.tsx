import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { trailingHint } from '@/lib/trailing-hint';
import styles from './order-form.module.css';

interface Props {
  takeProfit: string;
  stopLoss: string;
  onTakeProfit: (price: string) => void;
  onStopLoss: (price: string) => void;
  /** A trailing stop's distance in whole points, as typed (empty: none). */
  trailing: string;
  onTrailing: (points: string) => void;
  /** The pair's price precision. */
  decimals: number;
}

/** The optional take-profit and stop-loss, side by side. Memoised: the quotes clock does not re-render it. */
export const StopFields = memo(function StopFields({
  takeProfit,
  stopLoss,
  onTakeProfit,
  onStopLoss,
  trailing,
  onTrailing,
  decimals,
}: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.stops}>
      <label className={styles.stop}>
        <span className={styles.label}>{t('trading.take_profit')}</span>
        <DecimalInput
          className={styles.input}
          value={takeProfit}
          onChange={onTakeProfit}
          decimals={decimals}
          placeholder={t('trading.optional')}
          label={t('trading.take_profit')}
          testId="take-profit"
        />
      </label>
      <label className={styles.stop}>
        <span className={styles.label}>{t('trading.stop_loss')}</span>
        <DecimalInput
          className={styles.input}
          value={stopLoss}
          onChange={onStopLoss}
          decimals={decimals}
          placeholder={t('trading.optional')}
          label={t('trading.stop_loss')}
          testId="stop-loss"
        />
      </label>
      <label className={`${styles.stop} ${styles.wide}`}>
        <span className={styles.label}>{t('trading.trailing')}</span>
        <DecimalInput
          className={styles.input}
          value={trailing}
          onChange={onTrailing}
          decimals={0}
          placeholder={t('trading.optional')}
          label={t('trading.trailing')}
          testId="trailing-stop"
        />
        <span className={styles.hint}>{trailingHint(t, trailing, decimals)}</span>
      </label>
    </div>
  );
});
