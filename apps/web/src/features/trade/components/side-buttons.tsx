import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './order-form.module.css';

type Side = 'buy' | 'sell';

interface Props {
  side: Side;
  onSide: (side: Side) => void;
  /** The market is closed, or its prices are stale (`paused`). */
  disabled: boolean;
  /** Trading pauses on stale prices: the buttons point at the notice that says so. */
  paused: boolean;
  /** The live price a side's button shows (buy: the ask, sell: the bid), a leaf of its own. */
  livePrice: (side: Side) => ReactNode;
}

/**
 * Buy | Sell, each with the price it would fill at. Memoised: the prices draw themselves
 * (LivePrice), so the quotes clock that re-renders the form leaves the buttons alone
 * (docs/benchmarks.md "Live rendering").
 */
export const SideButtons = memo(function SideButtons({ side, onSide, disabled, paused, livePrice }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.sides}>
      {(['buy', 'sell'] as const).map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={side === s}
          disabled={disabled}
          aria-describedby={paused ? 'prices-stale' : undefined}
          className={`${styles.side} ${styles[s]} ${side === s ? styles.sideActive : ''}`}
          data-testid={`side-${s}`}
          onClick={() => onSide(s)}
        >
          <span className={styles.sideLabel}>{t(s === 'buy' ? 'trading.buy' : 'trading.sell')}</span>
          <span className={`pw-num ${styles.sidePrice}`}>{livePrice(s)}</span>
        </button>
      ))}
    </div>
  );
});
