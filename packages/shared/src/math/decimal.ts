import { Decimal } from 'decimal.js';

/**
 * The one exact-decimal type of the project. Money and prices are never plain floats in
 * arithmetic: values come in as numbers or strings, are computed as `Decimal`, and are
 * rounded once, at the edge, by the rounding helpers.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = Decimal;

export type DecimalInput = Decimal.Value;
