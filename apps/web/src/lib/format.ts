/**
 * Number display. Prices keep Latin digits and a fixed number of decimals in every
 * language: traders compare digits column by column, and mixed digit systems on one
 * screen would make that harder.
 */
const priceFormats = new Map<number, Intl.NumberFormat>();

/** "1.08340", "68,123.45" — exactly `precision` decimals, grouped thousands. */
export function formatPrice(value: number, precision: number): string {
  const digits = Math.min(Math.max(Math.trunc(precision), 0), 10);
  let format = priceFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: true,
    });
    priceFormats.set(digits, format);
  }
  return Number.isFinite(value) ? format.format(value) : '--';
}

const percentFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** "+0.12%", "-1.05%", "0.00%" — `change` is already in percent. */
export function formatPercent(change: number): string {
  return Number.isFinite(change) ? `${percentFormat.format(change)}%` : '--';
}
