/**
 * Decimal text fields (prices, lots): what they may hold while the trader types, and how a
 * stop field reads. Kept as text until sent, so no float rounding shows up in a field.
 */

/**
 * Keeps digits and one point, at most `decimals` places ("1.2.3" → "1.23", "abc" → "",
 * "1,5" → "1.5" for keyboards with a decimal comma).
 */
export function sanitizeDecimal(text: string, decimals = 8): string {
  const cleaned = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  if (dot < 0) return cleaned;
  const whole = cleaned.slice(0, dot);
  const fraction = cleaned
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, decimals);
  return decimals === 0 ? whole : `${whole || '0'}.${fraction}`;
}

const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

/** Whether the text is a plain decimal number ("1", "1.5", ".5", "1."). */
export function isDecimalText(text: string): boolean {
  return DECIMAL.test(text.trim());
}

/** A take-profit or stop-loss field: empty is none; otherwise a number ≥ 0 (docs/product.md §5). */
export function stopValue(text: string): number | undefined | 'invalid' {
  const value = text.trim();
  if (value === '') return undefined;
  if (!isDecimalText(value)) return 'invalid';
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : 'invalid';
}

/** A stop as a field shows it: 0 (none) is an empty field. */
export function stopText(price: number): string {
  return price > 0 ? String(price) : '';
}

/**
 * A trailing stop's distance as typed (whole points): the number to send, undefined when
 * empty or 0 (none), or 'invalid' (docs/notifications.md "Trailing stops").
 */
export function trailingValue(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '' || /^0+$/.test(trimmed)) return undefined;
  if (!/^\d{1,10}$/.test(trimmed)) return 'invalid';
  return Number(trimmed);
}
