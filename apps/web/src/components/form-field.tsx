import type { ReactNode } from 'react';
import styles from './form-field.module.css';

interface Props {
  /** The id of the control inside, for the label. */
  id: string;
  label: ReactNode;
  /** The field's problem, shown under it and outlining it in red. */
  error?: string | null;
  hint?: ReactNode;
  /** Something at the end of the box (a unit, an "All" button). */
  end?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/**
 * A labelled input box for the money and identity forms, in the access forms' look: give
 * the input `className={fieldInput}` (or `fieldInputLtr` for addresses, numbers, ids).
 */
export function FormField({ id, label, error, hint, end, children, testId }: Props) {
  return (
    <div className={`${styles.field} ${error ? styles.invalid : ''}`} data-testid={testId}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.control}>
        {children}
        {end ? <span className={styles.end}>{end}</span> : null}
      </div>
      {error ? (
        <p className={styles.error} role="alert" data-testid="field-error">
          {error}
        </p>
      ) : hint ? (
        <p className={styles.hint}>{hint}</p>
      ) : null}
    </div>
  );
}

export const fieldInput = styles.input;
/** Addresses, account numbers and amounts read left to right in Arabic too. */
export const fieldInputLtr = `${styles.input} ${styles.ltr}`;
export const fieldTextArea = `${styles.input} ${styles.textarea}`;
