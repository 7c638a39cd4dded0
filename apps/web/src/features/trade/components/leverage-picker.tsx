import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '@/lib/bidi';
import styles from './order-form.module.css';

interface Props {
  /** The leverages this account is offered on the pair (its group's, or the pair's `HasForexMultiple`). */
  options: readonly number[];
  value: number | null;
  onChange: (value: number) => void;
  /**
   * The retail cap that cut the choices (lib/ticket-conditions.ts `leverageCapCut`), or
   * null: a note under the chips says why the higher ones are missing.
   */
  cap?: number | null | undefined;
}

/**
 * The leverage row: the leverages the pair offers, as chips ("1:10"), and, when a retail cap
 * cut them, "Max 1:30 for retail clients (EU rules)" under them. Memoised: the quotes clock
 * that re-renders the form does not re-render it.
 */
export const LeveragePicker = memo(function LeveragePicker({ options, value, onChange, cap = null }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.leverage}>
      <div className={styles.row}>
        <span className={styles.label}>{t('trading.leverage')}</span>
        <div
          className={styles.chips}
          role="radiogroup"
          aria-label={t('trading.leverage')}
          aria-describedby={cap !== null ? 'leverage-cap' : undefined}
          data-testid="leverage-picker"
        >
          {options.map((v) => (
            <button
              key={v}
              type="button"
              role="radio"
              aria-checked={v === value}
              className={`pw-num ${styles.chip} ${v === value ? styles.chipActive : ''}`}
              data-testid="leverage-option"
              data-value={v}
              onClick={() => onChange(v)}
            >
              1:{v}
            </button>
          ))}
        </div>
      </div>
      {cap !== null ? (
        <p className={styles.capNote} id="leverage-cap" data-testid="leverage-cap" data-cap={cap}>
          {t('ticket.leverage_cap', { cap: isolate(`1:${cap}`) })}
        </p>
      ) : null}
    </div>
  );
});
