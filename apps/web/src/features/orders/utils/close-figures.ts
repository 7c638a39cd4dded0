import {
  Dec,
  lots as asLots,
  moneyAt,
  nextLots,
  OrderStatus,
  prevLots,
  price as asPrice,
  type Order,
  type QuoteLookup,
  type TicketInstrument,
} from '@pipwise/shared';

/**
 * The figures of a partial close and of a close-all as the app shows them before the trader
 * confirms (docs/money.md "Partial close and close all"): which lots a part may take, and
 * the money each would book at the prices of the moment, with the shared math. Estimates:
 * the server books at its own quote when the request arrives.
 */

/**
 * What the orders screen prices a partial close with: the board's instruments by code
 * (lib/ticket-account.ts `instrumentBook`) and the live quotes.
 */
export interface OrderPricing {
  book: ReadonlyMap<string, TicketInstrument>;
  quotes: QuoteLookup;
}

/** The lots a partial close may take: one lot step up to what leaves the minimum open. */
export interface PartRange {
  step: Dec;
  /** The most that can close, on the step's grid: lots − minimum, rounded down. */
  max: Dec;
  /** What the position holds. */
  lots: Dec;
  /** The pair's minimum, which must stay open. */
  min: Dec;
}

/** The range of a partial close of this position, or null when it is too small for one. */
export function partRange(
  order: Pick<Order, 'Quantity'>,
  instrument: Pick<TicketInstrument, 'lotStep' | 'minLots'>,
): PartRange | null {
  const lots = new Dec(String(order.Quantity));
  const step = new Dec(instrument.lotStep);
  const min = new Dec(instrument.minLots);
  if (!step.gt(0)) return null;
  const max = lots.minus(min).div(step).floor().mul(step);
  return max.gte(step) ? { step, max, lots, min } : null;
}

/** The lots a partial close offers first: half the position on the step's grid, within range. */
export function firstPartLots(range: PartRange): string {
  const half = range.lots.div(2).div(range.step).floor().mul(range.step);
  return Dec.max(range.step, Dec.min(half, range.max)).toFixed();
}

/** The lots typed, when they can close part of the position: a plain decimal in range, on the grid. */
export function validPartLots(text: string, range: PartRange): Dec | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const lots = new Dec(trimmed);
  if (lots.lt(range.step) || lots.gt(range.max) || !lots.mod(range.step).isZero()) return null;
  return lots;
}

/** The stepper's next value up or down, snapped to the grid and kept within the range. */
export function stepPartLots(text: string, range: PartRange, direction: 1 | -1): string {
  const trimmed = text.trim();
  const current = /^\d+(\.\d+)?$/.test(trimmed) ? new Dec(trimmed) : range.step;
  const step = asLots(range.step.toFixed());
  const moved =
    direction === 1 ? nextLots({ lots: current, step }) : (prevLots({ lots: current, step }) ?? range.step);
  return Dec.max(range.step, Dec.min(moved, range.max)).toFixed();
}

/**
 * What closing `lots` of the position books now, USD (gross, as `FactProfits`): its profit
 * from its open price to the price it would close at now — the live `UpdatePrice` — converted
 * as the server would. Null while that cannot be priced (no live price, no USD rate).
 */
export function partEstimate({
  order,
  lots,
  instrument,
  quotes,
}: {
  order: Pick<Order, 'OrderType' | 'Leverage' | 'OriginPrice' | 'UpdatePrice' | 'Status'>;
  lots: Dec;
  instrument: TicketInstrument;
  quotes: QuoteLookup;
}): Dec | null {
  if (order.Status !== OrderStatus.Holding || !(order.UpdatePrice > 0) || !lots.gt(0)) return null;
  try {
    return moneyAt({
      order: {
        instrument,
        side: order.OrderType,
        lots,
        leverage: order.Leverage > 0 ? order.Leverage : 1,
        entry: asPrice(String(order.OriginPrice)),
      },
      exit: asPrice(String(order.UpdatePrice)),
      quotes,
    });
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** Open positions counted and summed, all of them or one instrument's. */
export interface PositionGroup {
  /** The instrument's id; null for all positions. */
  forexId: number | null;
  /** Its code as shown ("BTC/USD"); empty for all positions. */
  code: string;
  count: number;
  /** Σ their live gross profit, USD, exact: what a close-all books at the prices now. */
  profit: Dec;
}

/**
 * The choices of a close-all: every open position, then each instrument that has some, in
 * the order they first appear (the list's: newest first).
 */
export function positionGroups(
  positions: readonly Pick<Order, 'ForexId' | 'ForexTradeLists' | 'FactProfits' | 'Status'>[],
): { all: PositionGroup; pairs: PositionGroup[] } {
  const all: PositionGroup = { forexId: null, code: '', count: 0, profit: new Dec(0) };
  const pairs = new Map<number, PositionGroup>();
  for (const p of positions) {
    if (p.Status !== OrderStatus.Holding) continue;
    const profit = new Dec(String(p.FactProfits));
    all.count += 1;
    all.profit = all.profit.plus(profit);
    const group = pairs.get(p.ForexId) ?? {
      forexId: p.ForexId,
      code: p.ForexTradeLists.ShowCode,
      count: 0,
      profit: new Dec(0),
    };
    group.count += 1;
    group.profit = group.profit.plus(profit);
    pairs.set(p.ForexId, group);
  }
  return { all, pairs: [...pairs.values()] };
}

/** What a close-all left open, by instrument: its code, how many, and why (the server's words). */
export function keptByPair(
  kept: readonly { ForexId: number; ShowCode: string; msg: string }[],
): { code: string; count: number; why: string }[] {
  const byPair = new Map<number, { code: string; count: number; why: string }>();
  for (const k of kept) {
    const known = byPair.get(k.ForexId);
    if (known) known.count += 1;
    else byPair.set(k.ForexId, { code: k.ShowCode, count: 1, why: k.msg });
  }
  return [...byPair.values()];
}
