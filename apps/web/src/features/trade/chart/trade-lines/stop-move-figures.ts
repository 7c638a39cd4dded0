import {
  accountState,
  Dec,
  distance,
  lots as asLots,
  moneyAt,
  OrderStatus,
  price as asPrice,
  type LevelFigures,
  type Order,
  type QuoteLookup,
  type TicketAccount,
  type TicketInstrument,
} from '@pipwise/shared';

/** A take-profit or stop-loss dragged to a new level, waiting for the trader's word. */
export interface StopMove {
  order: Order;
  kind: 'tp' | 'sl';
  /** The new level as decimal text at the pair's precision. */
  price: string;
}

/** A level's figures: the ticket's (LevelFigures), the share of equity null without the account. */
export type StopLevel = Omit<LevelFigures, 'percentOfEquity'> & { percentOfEquity: Dec | null };

export interface StopMoveFigures {
  /** The level it has now and what closing there makes or loses; null when none is set. */
  now: StopLevel | null;
  next: StopLevel;
}

/**
 * What moving a stop changes (docs/chart.md "Trading from the chart"): the money the order
 * makes or loses if it closes at the old level and at the new one, its distance from the
 * entry and its share of equity — the order ticket's risk-first figures
 * (docs/money.md "The order ticket"), with the same shared math (`moneyAt`, `distance`,
 * `accountState`) from the order's own entry (a pending order's price). Null while a quote
 * or a USD rate is missing.
 */
export function stopMoveFigures({
  move,
  instrument,
  account,
  quotes,
}: {
  move: StopMove;
  instrument: TicketInstrument;
  /** The whole account, for the share of equity; null: shown without it. */
  account: TicketAccount | null;
  quotes: QuoteLookup;
}): StopMoveFigures | null {
  const { order } = move;
  const entry = order.Status === OrderStatus.Holding ? order.OriginPrice : order.Price;
  if (!(entry > 0)) return null;
  const position = {
    instrument,
    side: order.OrderType,
    lots: asLots(String(order.Quantity)),
    leverage: order.Leverage > 0 ? order.Leverage : 1,
    entry: asPrice(String(entry)),
  };
  try {
    const equity = account ? accountState(account, quotes).equity : null;
    const level = (text: string): StopLevel => {
      const price = new Dec(text);
      const money = moneyAt({ order: position, exit: price, quotes });
      const d = distance({ order: position, price });
      return {
        price,
        money,
        points: d.points,
        pips: d.pips,
        percentOfEquity:
          equity && equity.gt(0) ? money.div(equity).mul(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP) : null,
      };
    };
    const current = move.kind === 'tp' ? order.TargetProfitPrice : order.TargetLossPrice;
    return { now: current > 0 ? level(String(current)) : null, next: level(move.price) };
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * The set_stop_price input that moves one stop and keeps the others as they are (the call
 * sets take-profit, stop-loss and the trailing distance together; 0 clears one).
 */
export function stopsInputOf(move: StopMove): {
  id: number;
  target_profit_price: number;
  stop_loss_price: number;
  trailing_points: number | undefined;
} {
  const { order } = move;
  const next = Number(move.price);
  return {
    id: order.Id,
    target_profit_price: move.kind === 'tp' ? next : order.TargetProfitPrice,
    stop_loss_price: move.kind === 'sl' ? next : order.TargetLossPrice,
    trailing_points: order.TrailingPoints > 0 ? order.TrailingPoints : undefined,
  };
}
