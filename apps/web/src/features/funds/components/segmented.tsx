import styles from './segmented.module.css';

interface Option<V extends string | number> {
  value: V;
  label: string;
}

interface Props<V extends string | number> {
  options: readonly Option<V>[];
  value: V;
  onChange: (value: V) => void;
  /** The accessible name of the group. */
  label: string;
  testId: string;
  /** Pills for a choice inside a form (default); underlined tabs for the page's own views. */
  variant?: 'pill' | 'underline';
}

/** A segmented switch (deposit method, withdraw type, form or records). */
export function Segmented<V extends string | number>({
  options,
  value,
  onChange,
  label,
  testId,
  variant = 'pill',
}: Props<V>) {
  return (
    <div
      className={`${styles.tabs} ${variant === 'underline' ? styles.underline : ''}`}
      role="tablist"
      aria-label={label}
      style={{ gridTemplateColumns: `repeat(${options.length}, minmax(0, 1fr))` }}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={option.value === value}
          className={`${styles.tab} ${option.value === value ? styles.active : ''}`}
          data-testid={testId}
          data-value={option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
