import { Dec } from './decimal.js';
import { positionProfit } from './profit.js';
import { type QuoteLookup } from './rates.js';
import { isBuy } from './side.js';
import { type TicketOrder } from './ticket-inputs.js';
import { rate, spreadOf, withQuote } from './ticket-quotes.js';
import { type Price } from './units.js';
import { finite, positive } from './validate.js';

// The order's figures at a stop-loss or a take-profit: the money it makes or loses if it
// closes there, converted as the server would at that moment, and how far the level is from
// the entry in points and pips. What the trader sets the levels by, so it is the booking's math.

/**
 * Money the position makes (positive) or loses (negative) if it closes at `exit`, USD,
 * converted as the server would at that moment: an instrument that is its own quote's USD
 * rate (USD/JPY) is priced at the exit; other rates stay where they are now.
 */
export function moneyAt({
  order,
  exit,
  quotes,
}: {
  order: TicketOrder;
  exit: Price | Dec;
  quotes: QuoteLookup;
}): Dec {
  const inst = order.instrument;
  const price = positive('exit', exit);
  const spread = spreadOf(quotes, inst.code);
  // The closing side is at `exit`: the bid for a buy, the ask for a sell.
  const then = isBuy(order.side)
    ? withQuote(quotes, inst.code, price, price.plus(spread))
    : withQuote(quotes, inst.code, price.minus(spread), price);
  return positionProfit({
    side: order.side,
    openPrice: order.entry,
    closePrice: price,
    lots: order.lots,
    contractSize: inst.contractSize,
    quoteToUsd: rate(inst.quote, then),
  });
}

/** Distance of `price` from the entry in points, and in pips for currency pairs (10 points). */
export function distance({ order, price }: { order: TicketOrder; price: Price | Dec }): {
  points: Dec;
  pips: Dec | null;
} {
  const inst = order.instrument;
  const points = finite('price', price)
    .minus(order.entry)
    .abs()
    .mul(new Dec(10).pow(inst.precision))
    .toDecimalPlaces(0);
  const forex = inst.precision === 3 || inst.precision === 5;
  return { points, pips: forex ? points.div(10) : null };
}

/** The ticket's figures at a stop or a target. */
export interface LevelFigures {
  price: Dec;
  money: Dec;
  points: Dec;
  pips: Dec | null;
  /** money ÷ equity × 100, 2 decimals. */
  percentOfEquity: Dec;
}
