import { PERIODS, type Period } from '@pipwise/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useZoneName } from '@/lib/use-date-time';
import styles from './period-bar.module.css';

interface Props {
  value: Period;
  onChange: (period: Period) => void;
}

/**
 * 1M 5M 15M 30M 1H 4H 1D 1W (docs/product.md §2) → the candle periods of docs/product.md §9,
 * then the zone the chart's times are in (the trader's, utils/chart-time.ts), named once here.
 * Where the periods' words are long (vn, de, th) they scroll sideways on one line, the zone
 * staying in view; the chosen one is scrolled into view.
 */
export function PeriodBar({ value, onChange }: Props) {
  const { t } = useTranslation();
  const zone = useZoneName();
  const active = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // `nearest`: the list scrolls only when the chosen period is out of it, the page never.
    active.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [value]);
  return (
    <div className={styles.bar}>
      <div className={styles.periods} role="tablist" aria-label={t('trading.period_label')}>
        {PERIODS.map((period) => (
          <button
            key={period}
            ref={period === value ? active : undefined}
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
      </div>
      <span className={styles.zone} title={zone.long} data-testid="chart-zone">
        {zone.short}
      </span>
    </div>
  );
}
