import { Dec, lots as asLots, points, type Lots, type Points } from '@pipwise/shared';
import { markupOnSide, type Instrument } from '../../market/index.js';

/**
 * Between the trader's terms (lots, marked-up prices in points) and the provider's (units,
 * raw decimal prices): docs/execution.md "Prices and quantities".
 */

/** OrderQty (38): lots × contract size, exact. */
export function unitsOf(inst: Instrument, lots: Lots): string {
  return Dec(lots).times(inst.contractSize).toFixed();
}

/**
 * Lots of a provider's filled quantity, rounded down to the lot step: a fill of a fraction of
 * a step is not a position a trader can hold (the rest is recorded on the execution).
 */
export function lotsOfUnits(inst: Instrument, units: string): Lots & string {
  const raw = Dec(units).div(inst.contractSize);
  const steps = raw.div(inst.lotStep).floor();
  const decimals = Dec(inst.lotStep).decimalPlaces();
  return asLots(steps.times(inst.lotStep).toFixed(decimals));
}

/** The lots a provider filled, exactly (for the record, not for the position). */
export function exactLotsOfUnits(inst: Instrument, units: string): Lots & string {
  return asLots(Dec(units).div(inst.contractSize).toFixed());
}

/**
 * The worst provider price an order on `side` accepts: the provider's own quote (the trader's
 * without the markups) moved against the trader by the instrument's allowed slippage.
 */
export function limitPoints(inst: Instrument, side: 1 | 2, traderPrice: Points, groupMarkup: number): Points {
  const raw = rawPoints(inst, side, traderPrice, groupMarkup);
  return points(side === 1 ? raw + inst.maxSlippagePoints : raw - inst.maxSlippagePoints);
}

/**
 * The provider's price behind a trader's price on `side`: the instrument's markup and the
 * group's (`groupMarkup`, the order's) taken off.
 */
export function rawPoints(inst: Instrument, side: 1 | 2, traderPrice: Points, groupMarkup: number): Points {
  const markup = markupOnSide(inst, side, groupMarkup);
  return points(side === 1 ? traderPrice - markup : traderPrice + markup);
}

/** The trader's price for a provider's price on `side`: `markup` points worse for the trader. */
export function traderPoints(markup: number, side: 1 | 2, providerPoints: Points): Points {
  return points(side === 1 ? providerPoints + markup : providerPoints - markup);
}

/** Points as the provider's decimal price. */
export function decimalPrice(inst: Instrument, at: Points): string {
  return Dec(at)
    .div(10 ** inst.precision)
    .toFixed(inst.precision);
}

/**
 * A provider's average price in points of the instrument: rounded to the nearest point, a
 * tie against the trader (up for a buy, down for a sell).
 */
export function providerPoints(inst: Instrument, side: 1 | 2, avgPrice: string): Points {
  const scaled = Dec(avgPrice).times(10 ** inst.precision);
  const rounding = side === 1 ? Dec.ROUND_HALF_UP : Dec.ROUND_HALF_DOWN;
  return points(scaled.toDecimalPlaces(0, rounding).toNumber());
}
