/**
 * Money display, USD: every amount the app shows — balance, equity, margin, fee, profit,
 * totals, account log, deposits and withdrawals — to the cent, with Latin digits and
 * grouped thousands in every language, like prices (see format.ts). The values behind
 * stay exact (the API keeps 6 decimals, docs/product.md §9); only what is shown is rounded, half away
 * from zero. See apps/web/README.md "Numbers, money and times".
 */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(signed: boolean): Intl.NumberFormat {
  const key = signed ? 'signed' : 'plain';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: true,
      signDisplay: signed ? 'exceptZero' : 'auto',
      roundingMode: 'halfExpand',
    });
    formats.set(key, format);
  }
  return format;
}

export interface MoneyFormat {
  /** "+12.30" for gains (profit, ledger amounts). */
  signed?: boolean;
  /**
   * @deprecated Ignored: USD amounts always show to the cent (one format everywhere).
   * Kept so call sites written for 6-decimal display still compile; drop it from them.
   */
  max?: number;
}

/** "10,000.00", "23.16" (from 23.1616), "+0.30" ({signed: true}); "--" when not a number. */
export function formatMoney(value: number | null | undefined, { signed = false }: MoneyFormat = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  // -0.001 shown to the cent is "-0.00": make it a plain zero.
  const shown = Math.abs(value) < 0.005 ? 0 : value;
  return numberFormat(signed).format(shown);
}

/**
 * "1,158.10 USD": a money figure followed by the account currency (`common.currency`), as
 * money reads wherever its label does not already name the currency; "--" alone when not a
 * number. Put the result in one isolated run (`<bdi>` or `.pw-num`) so Arabic keeps the
 * figure and its unit together.
 */
export function formatMoneyIn(
  value: number | null | undefined,
  currency: string,
  format: MoneyFormat = {},
): string {
  const figure = formatMoney(value, format);
  return figure === '--' ? figure : `${figure} ${currency}`;
}

/** Up (> 0), down (< 0) or flat, for colouring profits and ledger amounts. */
export function trendOf(value: number | null | undefined): 'up' | 'down' | 'flat' {
  if (value === null || value === undefined || !Number.isFinite(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

/** A percentage figure such as a margin level: "1,234.56%"; "--" when not a number. */
export function formatRatio(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  return `${numberFormat(false).format(value)}%`;
}
