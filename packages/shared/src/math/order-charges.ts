import { commissionCharge } from './commission.js';
import { Dec } from './decimal.js';
import { notionalUsd } from './notional.js';
import { tradeFee } from './fee.js';
import { marginRequired } from './margin.js';
import { roundMoney } from './money.js';
import { pointsToDecimal } from './rounding.js';
import { instrumentRates, type QuoteLookup } from './rates.js';
import { isBuy } from './side.js';
import { nightlySwap, swapRateFor } from './swap.js';
import { type TicketMarket, type TicketOrder } from './ticket-inputs.js';
import { rate, spreadOf } from './ticket-quotes.js';
import { points, type Price } from './units.js';
import { positive } from './validate.js';

// What an order costs the moment it opens: the margin and fee the server charges at the
// entry, and the spread the position starts down by. The ticket shows them before the tap,
// and they must match what the submit books to the micro-dollar.

/**
 * Spread cost of an order at the current quote, USD: spread × lots × contract size ×
 * quote→USD — what the position is down the moment it opens. The spread is the board's
 * widened by the account's group markup on the instrument (domain/markup.ts).
 */
export function spreadCost({ order, quotes }: { order: TicketOrder; quotes: QuoteLookup }): Dec {
  const inst = order.instrument;
  return roundMoney(
    spreadOf(quotes, inst.code)
      .plus(pointsToDecimal(points(inst.markup ?? 0), inst.precision))
      .mul(positive('lots', order.lots))
      .mul(positive('contractSize', inst.contractSize))
      .mul(rate(inst.quote, quotes)),
  );
}

/**
 * Margin, fee and the open's commission of the order at its entry, exactly as the server
 * charges them (the account's commission terms ride on the instrument; none: 0).
 */
export function orderCharges({ order, market }: { order: TicketOrder; market: TicketMarket }): {
  margin: Dec;
  fee: Dec;
  commission: Dec;
} {
  const margin = orderMargin({ order, quotes: market.quotes });
  return {
    margin,
    fee: tradeFee({
      tradeFeeType: market.tradeFeeType,
      lots: order.lots,
      feeRate: order.instrument.feeRate,
      margin,
    }),
    commission: commissionAt({ order, at: order.entry, quotes: market.quotes }),
  };
}

/**
 * The margin the order holds once it opens at its entry, USD, as the server books it: a
 * pending order's at its target (what moving it on the chart changes, docs/chart.md).
 */
export function orderMargin({ order, quotes }: { order: TicketOrder; quotes: QuoteLookup }): Dec {
  const inst = order.instrument;
  return marginRequired({
    lots: order.lots,
    contractSize: inst.contractSize,
    marginMode: inst.marginMode,
    leverage: order.leverage,
    baseToUsd: ratesAt(order, order.entry, quotes).baseToUsd,
  });
}

/**
 * One side's commission of the order dealt at `at` — its entry for the open, a close price
 * for the close (charged on the terms it opened with, docs/trading-groups.md) — USD; 0 when
 * the account pays none.
 */
export function commissionAt({
  order,
  at,
  quotes,
}: {
  order: TicketOrder;
  at: Price | Dec;
  quotes: QuoteLookup;
}): Dec {
  const inst = order.instrument;
  if (!inst.commission) return new Dec(0);
  return commissionCharge({
    terms: inst.commission,
    lots: order.lots,
    notionalUsd: notionalUsd({
      lots: order.lots,
      contractSize: inst.contractSize,
      baseToUsd: ratesAt(order, at, quotes).baseToUsd,
    }),
  });
}

/** The order's USD rates with its instrument dealt at `at`; RangeError without one. */
function ratesAt(order: TicketOrder, at: Price | Dec, quotes: QuoteLookup) {
  const inst = order.instrument;
  const rates = instrumentRates({ base: inst.base, quote: inst.quote, price: at, quotes });
  if (!rates) throw new RangeError(`no USD rate for ${inst.quote}`);
  return rates;
}

/**
 * One night's financing of the order once open, USD, signed (negative: the trader pays): the
 * instrument's rate for the order's side at the entry, as the rollover would charge it on a
 * night that counts once (three times that on the triple day). Null when the instrument
 * carries no terms; 0 on a swap-free account (the caller passes no terms then).
 */
export function overnightSwap({ order, quotes }: { order: TicketOrder; quotes: QuoteLookup }): Dec | null {
  const inst = order.instrument;
  if (!inst.swap) return null;
  const rates = instrumentRates({ base: inst.base, quote: inst.quote, price: order.entry, quotes });
  if (!rates) throw new RangeError(`no USD rate for ${inst.quote}`);
  return nightlySwap({
    unit: inst.swap.unit,
    rate: swapRateFor(isBuy(order.side) ? 1 : 2, inst.swap),
    lots: order.lots,
    contractSize: inst.contractSize,
    pointSize: new Dec(10).pow(-inst.precision),
    quoteToUsd: rate(inst.quote, quotes),
    baseToUsd: rates.baseToUsd,
  });
}
