import { type Dec, type DecimalInput } from './decimal.js';
import { roundMoney } from './money.js';
import { type Lots, type Price } from './units.js';
import { finite, nonNegative } from './validate.js';

/**
 * Floating profit in USD of all of one account's positions on one instrument, computed
 * from running sums instead of position by position (the risk check runs on every tick):
 *
 *   Σ_buy (bid − open_i) × lots_i + Σ_sell (open_i − ask) × lots_i
 *     = bid × buyLots − buyOpenLots + sellOpenLots − ask × sellLots
 *
 * times contractSize × quoteToUsd, where buyLots = Σ lots of buys and buyOpenLots =
 * Σ open_i × lots_i of buys (likewise for sells). Rounded once to 6 decimals, so it can
 * differ from the sum of per-position rounded profits by under 0.5e-6 per position.
 */
export function aggregateProfit({
  buyLots,
  buyOpenLots,
  sellLots,
  sellOpenLots,
  bid,
  ask,
  contractSize,
  quoteToUsd,
}: {
  buyLots: Lots | Dec;
  /** Σ open price × lots of the buys (a price times a volume: no unit of its own). */
  buyOpenLots: DecimalInput;
  sellLots: Lots | Dec;
  sellOpenLots: DecimalInput;
  bid: Price | Dec;
  ask: Price | Dec;
  contractSize: DecimalInput;
  quoteToUsd: DecimalInput;
}): Dec {
  const buys = finite('bid', bid)
    .mul(nonNegative('buyLots', buyLots))
    .minus(finite('buyOpenLots', buyOpenLots));
  const sells = finite('sellOpenLots', sellOpenLots).minus(
    finite('ask', ask).mul(nonNegative('sellLots', sellLots)),
  );
  return roundMoney(
    buys
      .plus(sells)
      .mul(nonNegative('contractSize', contractSize))
      .mul(nonNegative('quoteToUsd', quoteToUsd)),
  );
}
