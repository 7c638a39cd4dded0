import type { Dec } from '@pipwise/shared';

/**
 * An exact amount for a confirmation: "1,234.50", "0.125" — every digit the value has (the
 * fee keeps 6 decimals), at least `minDecimals`, thousands grouped, Latin digits. Read from
 * the decimal's own digits: a float (formatMoney) would round what the trader confirms.
 */
export function exactAmount(value: Dec, minDecimals = 2): string {
  const fixed = value.toFixed(Math.max(minDecimals, value.decimalPlaces()));
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
