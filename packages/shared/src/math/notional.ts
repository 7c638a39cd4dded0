import { type Dec, type DecimalInput } from './decimal.js';
import { roundMoney } from './money.js';
import { type Lots } from './units.js';
import { finite, nonNegative } from './validate.js';

/**
 * Notional value in USD of `lots` of an instrument (what the position is worth, not what
 * it costs in margin), 6 decimals half up:
 *
 *   lots × contractSize × baseToUsd
 *
 * where `baseToUsd` is the base currency's USD value at the instrument's mid price now
 * (`instrumentRates`: the price itself for XXX/USD, 1 for USD/XXX, price × quote→USD for a
 * cross). Lots may be a sum over positions: the figure is linear, so it is rounded once.
 */
export function notionalUsd({
  lots,
  contractSize,
  baseToUsd,
}: {
  lots: Lots | Dec;
  contractSize: DecimalInput;
  baseToUsd: DecimalInput;
}): Dec {
  return roundMoney(
    nonNegative('lots', lots)
      .mul(nonNegative('contractSize', contractSize))
      .mul(finite('baseToUsd', baseToUsd)),
  );
}
