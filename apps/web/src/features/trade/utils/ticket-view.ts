import {
  Dec,
  isBuy,
  isStopOutDue,
  ticketFigures,
  type TicketAccount,
  type TicketFigures,
  type TicketInstrument,
  type TicketMarket,
  type TradeSide,
} from '@pipwise/shared';
import { estimateOrder, positiveDecimal, type EstimateInput } from './order-estimate';

/**
 * The order ticket as the trader types (docs/money.md "The order ticket"): every figure
 * comes from the shared `ticketFigures` — the function the server's `forex/preview` answers
 * with — at the price the order would open at (the estimate's rule: the ask for a buy, the
 * bid for a sell, a pending order's target). This file only decides what to feed it and
 * how to read its answer (which stop is usable, how the margin level after is coloured).
 */

/** How a take-profit or stop-loss stands against the entry. */
export type StopCheck =
  /** None set. */
  | 'none'
  | 'ok'
  /** On the wrong side of the entry: the server refuses it (errors.tp/sl_wrong_side). */
  | 'wrong_side'
  /** A stop-loss the opening spread already reaches: the position would close at once. */
  | 'inside_spread';

/** The margin level after the trade against the operator's levels. */
export type LevelTone = 'safe' | 'margin_call' | 'stop_out';

export interface TicketInput extends Omit<EstimateInput, 'quotes' | 'tradeFeeType'> {
  instrument: TicketInstrument;
  /** The fields as typed; empty or 0 is none. */
  takeProfit: string;
  stopLoss: string;
  /** Live quotes, fee type and the operator's levels; null until getBasicInfo answers. */
  market: TicketMarket | null;
  /** The account with every open position; null for a guest or while it loads. */
  account: TicketAccount | null;
}

export interface TicketView {
  /** The price the figures assume the order opens at. */
  entry: Dec;
  figures: TicketFigures;
  /** The account figures (free margin and level after, stop-out, % of equity) are real. */
  withAccount: boolean;
  tp: StopCheck;
  sl: StopCheck;
  /** Null without the account. */
  levelTone: LevelTone | null;
}

/** A guest has no account: the order's own figures are still worth showing. */
const NO_ACCOUNT: TicketAccount = { balance: 0, held: 0, positions: [] };

/** A stop field's price: null when empty, 0 or not a number (the form refuses the last). */
export function stopPrice(text: string): Dec | null {
  return positiveDecimal(text);
}

/**
 * Where a stop stands, with the server's own side rule (order-rules `checkStops`: a buy's
 * take-profit above the entry, its stop-loss below; a sell the other way round). A
 * stop-loss within the spread of the entry is hit by the first closing price: a buy closes
 * at the bid, which starts a spread below its entry.
 */
export function checkStop({
  kind,
  side,
  entry,
  price,
  spread,
}: {
  kind: 'tp' | 'sl';
  side: TradeSide;
  entry: Dec;
  price: Dec | null;
  spread: Dec;
}): StopCheck {
  if (!price) return 'none';
  const buy = isBuy(side);
  const above = price.gt(entry);
  const below = price.lt(entry);
  if (kind === 'tp') return (buy ? above : below) ? 'ok' : 'wrong_side';
  if (!(buy ? below : above)) return 'wrong_side';
  const inside = buy ? price.gte(entry.minus(spread)) : price.lte(entry.plus(spread));
  return inside ? 'inside_spread' : 'ok';
}

/** The margin level after the trade, against the stop-out and margin-call levels. */
export function levelToneOf(figures: TicketFigures, market: TicketMarket): LevelTone {
  if (isStopOutDue({ marginLevel: figures.marginLevelAfter, stopOutLevel: market.stopOutLevel }))
    return 'stop_out';
  return figures.marginCallAfter ? 'margin_call' : 'safe';
}

/**
 * The ticket for the order being typed, or null while it cannot be priced: lots, price or
 * leverage missing or invalid, getBasicInfo not in yet, no quote or USD rate for the
 * instrument (the server would refuse such an order too).
 */
export function ticketView(input: TicketInput): TicketView | null {
  const { market, instrument } = input;
  if (!market) return null;
  const estimate = estimateOrder({ ...input, quotes: market.quotes, tradeFeeType: market.tradeFeeType });
  const lots = positiveDecimal(input.lots);
  if (!estimate || !lots) return null;
  const quote = market.quotes(instrument.code);
  if (!quote) return null;
  const entry = estimate.price;
  const spread = new Dec(quote.ask).minus(quote.bid);
  const tpPrice = stopPrice(input.takeProfit);
  const slPrice = stopPrice(input.stopLoss);
  const tp = checkStop({ kind: 'tp', side: input.side, entry, price: tpPrice, spread });
  const sl = checkStop({ kind: 'sl', side: input.side, entry, price: slPrice, spread });
  const account = input.account ?? NO_ACCOUNT;
  let figures: TicketFigures;
  try {
    figures = ticketFigures({
      order: {
        instrument,
        side: input.side,
        lots,
        leverage: input.leverage ?? 1,
        entry,
        // A stop on the wrong side is refused by the server: no money is shown for it.
        tp: tp === 'ok' ? (tpPrice ?? undefined) : undefined,
        sl: sl === 'ok' || sl === 'inside_spread' ? (slPrice ?? undefined) : undefined,
      },
      account,
      market,
    });
  } catch (error) {
    if (error instanceof RangeError) return null; // a missing rate or a broken instrument
    throw error;
  }
  const withAccount = input.account !== null;
  return {
    entry,
    figures,
    withAccount,
    tp,
    sl,
    levelTone: withAccount ? levelToneOf(figures, market) : null,
  };
}
