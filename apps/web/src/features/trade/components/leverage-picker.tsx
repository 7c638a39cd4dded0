import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './order-form.module.css';

interface Props {
  /** The pair's `HasForexMultiple` values. */
  options: readonly number[];
  value: number | null;
  onChange: (value: number) => void;
}

/**
 * The leverage row: the leverages the pair offers, as chips ("1:10"). Memoised: the quotes
 * clock that re-renders the form does not re-render it.
 */
export const LeveragePicker = memo(function LeveragePicker({ options, value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.row}>
      <span className={styles.label}>{t('trading.leverage')}</span>
      <div
        className={styles.chips}
        role="radiogroup"
        aria-label={t('trading.leverage')}
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
  );
});
