import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './form.module.css';

interface FieldProps {
  /** The id of the input the label names. */
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Inside the box, before the input (area code). */
  start?: ReactNode;
  /** Inside the box, after the input (eye, code button, captcha). */
  end?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/** A labelled input box with its error (or hint) underneath. */
export function Field({ id, label, error, hint, start, end, testId, children }: FieldProps) {
  return (
    <div className={`${styles.field} ${error ? styles.invalid : ''}`} data-testid={testId}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        {start}
        {children}
        {end}
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

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  id: string;
  value: string;
  onValue: (value: string) => void;
  invalid?: boolean;
  /** Numbers, codes and addresses read left to right in Arabic too. */
  ltr?: boolean;
  hasHint?: boolean;
};

/** What a form hands each of its inputs: which one, its text, and whether it is in error. */
export type FieldValueProps = Pick<InputProps, 'id' | 'value' | 'onValue' | 'invalid'>;

/** The bare input of a Field, tied to its error or hint for screen readers. */
export function FieldInput({ id, value, onValue, invalid, ltr, hasHint, className, ...rest }: InputProps) {
  const describedBy = invalid ? `${id}-error` : hasHint ? `${id}-hint` : undefined;
  return (
    <input
      id={id}
      className={`${styles.input} ${ltr ? styles.ltr : ''} ${className ?? ''}`}
      value={value}
      onChange={(e) => onValue(e.target.value)}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      {...rest}
    />
  );
}

/** A password input with a show/hide eye at its end. */
export function PasswordField({
  id,
  label,
  error,
  hint,
  testId,
  ...input
}: Omit<InputProps, 'type'> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      end={
        <button
          type="button"
          className={styles.iconButton}
          aria-label={shown ? t('access.hide_password') : t('access.show_password')}
          aria-pressed={shown}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      }
    >
      <FieldInput
        id={id}
        type={shown ? 'text' : 'password'}
        invalid={!!error}
        hasHint={!!hint}
        ltr
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        data-testid={testId}
        {...input}
      />
    </Field>
  );
}
