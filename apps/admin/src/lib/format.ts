import { LANG_INFO } from '@pipwise/shared';
import { currentLang } from './i18n';

/**
 * Numbers and times in the operator's language. Money in the back office is USD with two
 * decimals; decimals that arrive as strings (lots, rates) are shown as they are, so no
 * float rounding ever changes what the server stored.
 */
function locale(): string {
  return LANG_INFO[currentLang()].bcp47;
}

/**
 * USD as "$1,234.50" / "-$25.00" in every language: the digits follow the operator's
 * locale, the sign and "$" stay in front (Intl's Arabic currency format reads "US$" after
 * the number, which a right-to-left table turns around).
 */
export function formatUsd(value: number): string {
  const digits = new Intl.NumberFormat(locale(), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.abs(value));
  return `${value < 0 ? '-' : ''}$${digits}`;
}

export function formatNumber(value: number, maxDecimals = 2): string {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: maxDecimals }).format(value);
}

/** A signed amount with its sign always shown (+25.00, −10.00). */
export function formatSigned(value: number): string {
  return new Intl.NumberFormat(locale(), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(value);
}

export function formatTime(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined) return '—';
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'medium' }).format(epochMs);
}
