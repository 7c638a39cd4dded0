import { PERIODS, type Period } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import { useZoneName } from '@/lib/use-date-time';
import styles from './period-bar.module.css';

interface Props {
  value: Period;
  onChange: (period: Period) => void;
}

/**
 * 1M 5M 15M 30M 1H 1D (docs/product.md §2) → the candle periods of docs/product.md §9, then
 * the zone the chart's times are in (the trader's, utils/chart-time.ts), named once here.
 */
export function PeriodBar({ value, onChange }: Props) {
  const { t } = useTranslation();
  const zone = useZoneName();
  return (
    <div className={styles.bar} role="tablist" aria-label={t('trading.period_label')}>
      {PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          role="tab"
          aria-selected={period === value}
          className={`${styles.item} ${period === value ? styles.active : ''}`}
          data-testid="period"
          data-period={period}
          onClick={() => onChange(period)}
        >
          {t(`trading.period.${period}`)}
        </button>
      ))}
      <span className={styles.zone} title={zone.long} data-testid="chart-zone">
        {zone.short}
      </span>
    </div>
  );
}
