import type { ReactNode } from 'react';
import styles from './choice-chips.module.css';

interface Choice<V extends string | number> {
  value: V;
  label: ReactNode;
  /** A second, smaller line (a network, a minimum). */
  sub?: ReactNode;
}

interface Props<V extends string | number> {
  choices: readonly Choice<V>[];
  value: V | null;
  onChange: (value: V) => void;
  /** The accessible name of the group. */
  label: string;
  testId: string;
}

/** One choice among a few (coin, network, currency), as a row of chips that wraps. */
export function ChoiceChips<V extends string | number>({
  choices,
  value,
  onChange,
  label,
  testId,
}: Props<V>) {
  return (
    <div className={styles.chips} role="radiogroup" aria-label={label}>
      {choices.map((choice) => {
        const selected = choice.value === value;
        return (
          <button
            key={choice.value}
            type="button"
            role="radio"
            aria-checked={selected}
            className={`${styles.chip} ${selected ? styles.selected : ''}`}
            data-testid={testId}
            data-value={choice.value}
            onClick={() => onChange(choice.value)}
          >
            <span className={styles.main}>{choice.label}</span>
            {choice.sub ? <span className={styles.sub}>{choice.sub}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
