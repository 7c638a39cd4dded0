import { fromMicros, microUsd } from '@pipwise/shared';
import { LANG_INFO } from '@pipwise/shared';
import { currentLang } from '@/lib/i18n';

/**
 * The reports' money (docs/reports.md "Money"): integer micro-USD from the server, shown as
 * USD to the cent through the shared `fromMicros` — an exact decimal, never a float — with
 * the operator's digit grouping. The sign and "$" stay in front in every language.
 */
export function formatMicros(micros: number): string {
  const cents = fromMicros(microUsd(micros)).toFixed(2);
  const unsigned = cents.startsWith('-') ? cents.slice(1) : cents;
  // Intl formats a decimal string exactly (no float on the way).
  const digits = new Intl.NumberFormat(LANG_INFO[currentLang()].bcp47, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(unsigned as `${number}`);
  return `${cents.startsWith('-') && cents !== '-0.00' ? '-' : ''}$${digits}`;
}

/** A bar's height in USD: only for drawing (a chart scales floats); labels use formatMicros. */
export const chartUsd = (micros: number): number => fromMicros(microUsd(micros)).toNumber();
