import { memo } from 'react';
import { sanitizeDecimal } from '@/lib/decimal-text';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name (the visible label may be elsewhere). */
  label: string;
  placeholder?: string;
  /** Most decimals the field accepts (a price's precision). */
  decimals?: number;
  className?: string;
  testId?: string;
  /** The value cannot be used as it is (aria-invalid), explained by `describedBy`. */
  invalid?: boolean;
  describedBy?: string | undefined;
}

/**
 * A number field for prices and lots: the decimal keyboard, digits and one point only,
 * styled by the caller (give it tabular digits: `font-variant-numeric: tabular-nums`).
 * Memoised: a form that re-renders with live prices leaves fields whose props did not
 * change alone (give it a stable `onChange`).
 */
export const DecimalInput = memo(function DecimalInput({
  value,
  onChange,
  label,
  placeholder,
  decimals,
  className = '',
  testId,
  invalid = false,
  describedBy,
}: Props) {
  return (
    <input
      className={className}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      enterKeyHint="done"
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      placeholder={placeholder}
      value={value}
      data-testid={testId}
      onChange={(e) => onChange(sanitizeDecimal(e.target.value, decimals))}
    />
  );
});
