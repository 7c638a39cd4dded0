import type { ReactNode } from 'react';
import styles from './form-field.module.css';

interface Props {
  /** The id of the control inside, for the label. */
  id: string;
  label: ReactNode;
  /** The field's problem, shown under it and outlining it in red. */
  error?: string | null;
  hint?: ReactNode;
  /** Inside the box, before the input (an area code). */
  start?: ReactNode;
  /** Something at the end of the box (a unit, an "All" button, a show-password eye). */
  end?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/**
 * A labelled input box with its error (or hint) underneath — one look for the access, money
 * and identity forms. Give the input `className={fieldInput}` (or `fieldInputLtr` for
 * addresses, numbers, ids) and `aria-describedby` `${id}-error` / `${id}-hint`.
 */
export function FormField({ id, label, error, hint, start, end, children, testId }: Props) {
  return (
    <div className={`${styles.field} ${error ? styles.invalid : ''}`} data-testid={testId}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.control}>
        {start}
        {children}
        {end ? <span className={styles.end}>{end}</span> : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert" data-testid="field-error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export const fieldInput = styles.input;
/** Addresses, account numbers and amounts read left to right in Arabic too. */
export const fieldInputLtr = `${styles.input} ${styles.ltr}`;
export const fieldTextArea = `${styles.input} ${styles.textarea}`;
