import {
  accountState,
  Dec,
  distance,
  lots as asLots,
  moneyAt,
  OrderStatus,
  orderMargin,
  price as asPrice,
  type LevelFigures,
  type Order,
  type QuoteLookup,
  type TicketAccount,
  type TicketInstrument,
} from '@pipwise/shared';

/**
 * A take-profit, a stop-loss or a pending order's own price dragged to a new level, waiting
 * for the trader's word.
 */
export interface StopMove {
  order: Order;
  kind: 'tp' | 'sl' | 'pending';
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

/** A stop's figures from the order's price now and from the new one. */
export interface StopAcross {
  now: StopLevel;
  next: StopLevel;
}

/**
 * What moving a pending order's price changes: the money at its take-profit and stop-loss
 * (null: none set) from the entry now and from the new one, and the margin it will hold once
 * it fills there.
 */
export interface PendingMoveFigures {
  tp: StopAcross | null;
  sl: StopAcross | null;
  margin: { now: Dec; next: Dec };
}

/** The order as the ticket's math takes it, entering at `entry`. */
function positionOf(order: Order, instrument: TicketInstrument, entry: number | string) {
  return {
    instrument,
    side: order.OrderType,
    lots: asLots(String(order.Quantity)),
    leverage: order.Leverage > 0 ? order.Leverage : 1,
    entry: asPrice(String(entry)),
  };
}

/** Money at `text` closing the position, its distance and share of `equity`. */
function levelOf(
  position: ReturnType<typeof positionOf>,
  text: string,
  quotes: QuoteLookup,
  equity: Dec | null,
): StopLevel {
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
}

/** What both a stop's and a pending order's figures are priced from. */
export interface MoveFiguresInput {
  move: StopMove;
  instrument: TicketInstrument;
  /** The whole account, for the share of equity; null: shown without it. */
  account: TicketAccount | null;
  quotes: QuoteLookup;
}

/**
 * `build`'s figures given the account's equity (null without the account), or null while a
 * quote or a USD rate is missing: the shared math throws a RangeError then.
 */
function pricedMove<T>({ account, quotes }: MoveFiguresInput, build: (equity: Dec | null) => T): T | null {
  try {
    const equity = account ? accountState(account, quotes).equity : null;
    return build(equity);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * What moving a stop changes (docs/chart.md "Trading from the chart"): the money the order
 * makes or loses if it closes at the old level and at the new one, its distance from the
 * entry and its share of equity — the order ticket's risk-first figures
 * (docs/money.md "The order ticket"), with the same shared math (`moneyAt`, `distance`,
 * `accountState`) from the order's own entry (a pending order's price). Null while a quote
 * or a USD rate is missing.
 */
export function stopMoveFigures(input: MoveFiguresInput): StopMoveFigures | null {
  const { move, instrument, quotes } = input;
  const { order } = move;
  const entry = order.Status === OrderStatus.Holding ? order.OriginPrice : order.Price;
  if (!(entry > 0) || move.kind === 'pending') return null;
  const position = positionOf(order, instrument, entry);
  return pricedMove(input, (equity) => {
    const level = (text: string) => levelOf(position, text, quotes, equity);
    const current = move.kind === 'tp' ? order.TargetProfitPrice : order.TargetLossPrice;
    return { now: current > 0 ? level(String(current)) : null, next: level(move.price) };
  });
}

/**
 * What moving a pending order's price changes (docs/chart.md "Trading from the chart"): its
 * take-profit and stop-loss stay where they are, so the money at them, their distance and
 * share of equity are priced from the old entry and from the new one, with the ticket's
 * shared math; and the margin it will hold once filled (`orderMargin`, as the server books
 * it). Null while a quote or a USD rate is missing, or for a move that is not a pending one.
 */
export function pendingMoveFigures(input: MoveFiguresInput): PendingMoveFigures | null {
  const { move, instrument, quotes } = input;
  const { order } = move;
  if (move.kind !== 'pending' || order.Status !== OrderStatus.Pending || !(order.Price > 0)) return null;
  const before = positionOf(order, instrument, order.Price);
  const after = positionOf(order, instrument, move.price);
  return pricedMove(input, (equity) => {
    const across = (stop: number): StopAcross | null =>
      stop > 0
        ? {
            now: levelOf(before, String(stop), quotes, equity),
            next: levelOf(after, String(stop), quotes, equity),
          }
        : null;
    return {
      tp: across(order.TargetProfitPrice),
      sl: across(order.TargetLossPrice),
      margin: { now: orderMargin({ order: before, quotes }), next: orderMargin({ order: after, quotes }) },
    };
  });
}

/** The set_pending_price input of a pending order's price moved. */
export function pendingInputOf(move: StopMove): { id: number; target_price: string } {
  return { id: move.order.Id, target_price: move.price };
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
