import { canDecreaseLots, lots as asLots, nextLots, prevLots } from '@pipwise/shared';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { positiveDecimal } from '../utils/order-estimate';

import styles from './order-form.module.css';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** The pair's `Pip`: the lot step. */
  step: number;
  disabled?: boolean;
  /** The lots typed cannot be ordered (more than free margin covers). */
  invalid?: boolean;
  /** The id of the text that says why, when invalid. */
  describedBy?: string;
}

/** No lots typed yet: the plus starts from zero. */
const NO_LOTS = asLots(0);

/** Number of decimals of the step, so typed lots cannot be finer than the grid allows. */
const decimalsOf = (step: number) => (String(step).split('.')[1] ?? '').length;

/**
 * Lots with − and + (docs/product.md §5): the shared `nextLots`/`prevLots` snap to the step's grid,
 * and the minus is disabled when lots − step would be at or below zero. Memoised: it renders
 * when the lots change, not with the quotes.
 */
export const LotsStepper = memo(function LotsStepper({
  value,
  onChange,
  step,
  disabled = false,
  invalid = false,
  describedBy,
}: Props) {
  const { t } = useTranslation();
  const lots = positiveDecimal(value);
  const grid = asLots(step);
  const canMinus = lots !== null && canDecreaseLots({ lots, step: grid });
  const minus = () => {
    const prev = lots && prevLots({ lots, step: grid });
    if (prev) onChange(prev.toString());
  };
  const plus = () => onChange(nextLots({ lots: lots ?? NO_LOTS, step: grid }).toString());
  return (
    <div className={styles.stepper} data-testid="lots-stepper">
      <button
        type="button"
        className={styles.stepButton}
        onClick={minus}
        disabled={disabled || !canMinus}
        aria-label={t('trading.lots_decrease')}
        data-testid="lots-minus"
      >
        <MinusOutline />
      </button>
      <DecimalInput
        className={`${styles.input} ${styles.lotsInput}`}
        invalid={invalid}
        describedBy={invalid ? describedBy : undefined}
        value={value}
        onChange={onChange}
        decimals={Math.max(decimalsOf(step), 0)}
        label={t('trading.lots')}
        testId="lots-input"
      />
      <button
        type="button"
        className={styles.stepButton}
        onClick={plus}
        disabled={disabled}
        aria-label={t('trading.lots_increase')}
        data-testid="lots-plus"
      >
        <AddOutline />
      </button>
    </div>
  );
});
