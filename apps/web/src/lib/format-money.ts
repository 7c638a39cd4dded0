/**
 * Money display, USD (spec §9): balances with 2 decimals, profit, margin and fees with up
 * to 6. Latin digits and grouped thousands in every language, like prices (see format.ts).
 */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(min: number, max: number, signed: boolean): Intl.NumberFormat {
  const key = `${min}:${max}:${signed ? 's' : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      useGrouping: true,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    formats.set(key, format);
  }
  return format;
}

export interface MoneyFormat {
  /** Fewest decimals shown (default 2). */
  min?: number;
  /** Most decimals shown; trailing zeros past `min` are dropped (default = min). */
  max?: number;
  /** "+12.30" for gains (profit, ledger amounts). */
  signed?: boolean;
}

/** "10,000.00", "137.59508" ({max: 6}), "+0.30" ({signed: true}); "--" when not a number. */
export function formatMoney(
  value: number | null | undefined,
  { min = 2, max, signed = false }: MoneyFormat = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  const hi = Math.max(max ?? min, min);
  // -0.000001 shown with 2 decimals is "-0.00": make it a plain zero.
  const shown = Number(value.toFixed(hi)) === 0 ? 0 : value;
  return numberFormat(min, hi, signed).format(shown);
}

/** Up (> 0), down (< 0) or flat, for colouring profits and ledger amounts. */
export function trendOf(value: number | null | undefined): 'up' | 'down' | 'flat' {
  if (value === null || value === undefined || !Number.isFinite(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

/** A percentage figure such as a margin level: "1,234.56%"; "--" when not a number. */
export function formatRatio(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  return `${numberFormat(2, 2, false).format(value)}%`;
}
