import {
  OrderMode,
  type PendingKind,
  type Points,
  type submitOrderEndpoint,
  widenedPoints,
} from '@pipwise/shared';
import type { z } from 'zod';
import type { Instrument } from '../market/index.js';
import {
  checkLeverage,
  checkLots,
  checkStops,
  checkTrailing,
  judgePendingPrice,
  optionalPoints,
  trailedStop,
} from './order-rules.js';
import type { OrderTerms } from './groups/order-terms.js';
import type { NewOrder, TradeDesk } from './trade-desk.js';

/** Keys that may hold undefined may also be left out (callers inside the server omit them). */
type OmittableUndefined<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: T[K];
};

/** A submit as the contract has parsed it: decimals are canonical strings. */
export type SubmitInput = OmittableUndefined<z.output<(typeof submitOrderEndpoint)['input']>>;

/** A submit, checked: the order to book and where it would open (points). */
export interface ParsedSubmit {
  inst: Instrument;
  /** The account's terms it was judged on (its trading group's). */
  terms: OrderTerms;
  order: NewOrder;
  /**
   * The fill (ask for a buy, bid for a sell, widened by the group's markup) of a market
   * order, or a pending order's target.
   */
  entry: Points;
  /** Set for a pending order: how it triggers. */
  pending?: PendingKind;
}

/**
 * The order rules of a submit (docs/api.md "Trading"), shared by the submit itself and the
 * order preview so that both judge an order the same way: instrument, open market, lots,
 * leverage, prices and the sides of TP/SL against the entry.
 */
export function parseSubmit(
  desk: TradeDesk,
  input: SubmitInput,
  /** The account's terms on the instrument `input.forex_id` names (desk.termsOf). */
  terms: OrderTerms,
): ParsedSubmit {
  const inst = desk.instrument(input.forex_id);
  // The account's price: the board's quote widened by its group's markup (docs/trading-groups.md).
  const quote = widenedPoints(desk.openQuote(inst), terms.markup);
  const lots = checkLots(inst, input.cont);
  const leverage = checkLeverage(inst, input.multiple, terms);
  const order: NewOrder = {
    instrument_id: inst.id,
    side: input.type,
    lots,
    leverage,
    margin_mode: inst.marginMode,
    tp: optionalPoints(inst, input.target_profit_price, 'target_profit_price'),
    sl: optionalPoints(inst, input.stop_loss_price, 'stop_loss_price'),
    trailing_points: null,
  };
  // The price it would close at now: where a trailing stop starts from.
  const closing = input.type === 1 ? quote.bid : quote.ask;
  if (input.trailing_points !== undefined)
    order.trailing_points = checkTrailing(inst, input.trailing_points, closing);
  if (input.status === OrderMode.Pending) {
    // The trailing distance, judged above against the price it would close at now, must also
    // fit the price it will fill at, as when the order is moved (set_pending_price).
    const stops = { tp: order.tp ?? null, sl: order.sl ?? null, trailing: order.trailing_points ?? null };
    const { target, kind } = judgePendingPrice(inst, input.type, input.target_price, quote, stops);
    return { inst, terms, order, entry: target, pending: kind };
  }
  const fill = input.type === 1 ? quote.ask : quote.bid;
  checkStops(inst, input.type, fill, order.tp ?? null, order.sl ?? null);
  // A market order opens with its trailing stop's first level (a pending one's is set at the fill).
  if (order.trailing_points)
    order.sl = trailedStop(input.type, closing, order.trailing_points, order.sl ?? null);
  return { inst, terms, order, entry: fill };
}
