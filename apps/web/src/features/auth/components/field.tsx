import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState, type ComponentProps, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldInput, fieldInputLtr, FormField } from '@/components/form-field';
import styles from './form.module.css';

/**
 * The app's one labelled input box (components/form-field.tsx). Here `end` is placed bare
 * inside the box: the eye, the code button and the captcha bring their own size and padding.
 */
export function Field({ end, children, ...field }: ComponentProps<typeof FormField>) {
  return (
    <FormField {...field}>
      {children}
      {end}
    </FormField>
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
      className={`${ltr ? fieldInputLtr : fieldInput} ${className ?? ''}`}
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
