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

export function formatUsd(value: number): string {
  return new Intl.NumberFormat(locale(), {
    style: 'currency',
    currency: 'USD',
    // "$", not "US$": the operators' money is always USD.
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
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
