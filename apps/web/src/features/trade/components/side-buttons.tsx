import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BoltIcon } from './bolt-icon';
import styles from './order-form.module.css';

type Side = 'buy' | 'sell';

interface Props {
  side: Side;
  /** A tap on a side: chooses it, or — one-tap (`instant`) — sends that side's order. */
  onSide: (side: Side) => void;
  /** The market is closed, or its prices are stale (`paused`). */
  disabled: boolean;
  /** Trading pauses on stale prices: the buttons point at the notice that says so. */
  paused: boolean;
  /** The live price a side's button shows (buy: the ask, sell: the bid), a leaf of its own. */
  livePrice: (side: Side) => ReactNode;
  /**
   * One-tap trading is on and the ticket is at market (docs/money.md "One-tap trading"):
   * each button sends its side's order, so neither is a choice that stays pressed.
   */
  instant?: boolean;
  /** An order is on its way (the submission gate is locked): the buttons show it. */
  sending?: boolean;
}

/**
 * Buy | Sell, each with the price it would fill at. Memoised: the prices draw themselves
 * (LivePrice), so the quotes clock that re-renders the form leaves the buttons alone
 * (docs/benchmarks.md "Live rendering").
 */
export const SideButtons = memo(function SideButtons({
  side,
  onSide,
  disabled,
  paused,
  livePrice,
  instant = false,
  sending = false,
}: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.sides} data-instant={instant ? '1' : undefined}>
      {(['buy', 'sell'] as const).map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={instant ? undefined : side === s}
          aria-busy={instant && sending ? true : undefined}
          disabled={disabled || (instant && sending)}
          aria-describedby={paused ? 'prices-stale' : instant ? 'one-tap-hint' : undefined}
          className={`${styles.side} ${styles[s]} ${instant || side === s ? styles.sideActive : ''}`}
          data-testid={`side-${s}`}
          onClick={() => onSide(s)}
        >
          <span className={styles.sideLabel}>
            {instant ? <BoltIcon className={styles.sideBolt} /> : null}
            {t(s === 'buy' ? 'trading.buy' : 'trading.sell')}
          </span>
          <span className={`pw-num ${styles.sidePrice}`}>{livePrice(s)}</span>
        </button>
      ))}
    </div>
  );
});
