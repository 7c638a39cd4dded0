import { MarginMode } from '../domain/market.js';
import { type Dec, type DecimalInput } from './decimal.js';
import { roundMoney } from './money.js';
import { type Lots } from './units.js';
import { positive } from './validate.js';

/**
 * Margin (`CautionMoney`) of a position, USD, 6 decimals half up (docs/product.md §5, docs/money.md):
 * - `marginMode` 1 (fixed): lots × contractSize;
 * - otherwise: lots × contractSize × baseToUsd / leverage.
 *
 * `baseToUsd` is the USD value of one unit of the base (see `baseToUsd` in rates.ts): the
 * fill price for XXX/USD, so margin = lots × ForexContNum × OriginPrice / leverage exactly;
 * 1 for USD/XXX. In fixed mode `leverage` and `baseToUsd` are not used (nor checked).
 * RangeError unless lots, contractSize and, when leveraged, leverage and baseToUsd are > 0.
 */
export function marginRequired({
  lots,
  contractSize,
  marginMode,
  leverage,
  baseToUsd,
}: {
  lots: Lots | Dec;
  contractSize: DecimalInput;
  /** `MarginMode` of the pair: 1 fixed, anything else leveraged. */
  marginMode: number;
  leverage: DecimalInput;
  baseToUsd: DecimalInput;
}): Dec {
  const units = positive('lots', lots).mul(positive('contractSize', contractSize));
  if (marginMode === MarginMode.Fixed) return roundMoney(units);
  return roundMoney(units.mul(positive('baseToUsd', baseToUsd)).div(positive('leverage', leverage)));
}
