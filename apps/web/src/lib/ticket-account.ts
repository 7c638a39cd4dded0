import {
  lots as asLots,
  moneyAt,
  OrderStatus,
  price as asPrice,
  stopOutPrice,
  SWAP_UNITS,
  TRIPLE_SWAP_DAYS,
  type Dec,
  type Order,
  type CommissionTerms,
  type TicketAccount,
  type TicketInstrument,
  type TicketMarket,
  type SwapTerms,
  type TicketPosition,
  type TradePair,
} from '@pipwise/shared';

/**
 * The account as the order ticket's shared math takes it (packages/shared/src/math/ticket-inputs.ts,
 * docs/money.md "The order ticket"), built from what the app already has: the board's
 * instruments, every open position (all pages of my_deal) and the account's balance and
 * held funds. Pure, so the trade screen and the orders screen build it the same way and
 * the server's `forex/preview` builds the same from its own tables.
 */

/** A board instrument's fields the ticket reads (the app's screens and its unit tests alike). */
export type TicketPair = Pick<
  TradePair,
  | 'Code'
  | 'BaseCurrency'
  | 'QuoteCurrency'
  | 'PricePrecision'
  | 'ForexContNum'
  | 'MarginMode'
  | 'ForexFeeRate'
  | 'Pip'
  | 'ForexMinCont'
> &
  SwapFields;

/**
 * The instrument's overnight financing as trade_list gives it (docs/money.md "Overnight
 * financing (swap)"). Optional here: a server that does not send them yet (or a test row)
 * simply has no swap to show.
 */
export type SwapFields = Partial<Pick<TradePair, 'SwapLong' | 'SwapShort' | 'SwapUnit' | 'SwapTripleDay'>>;

/** A signed decimal as the API writes rates: "-6.5", "0", "1.25". */
const DECIMAL_TEXT = /^[-+]?\d+(\.\d+)?$/;

/**
 * The pair's swap terms as the shared math takes them, or undefined when it carries none
 * the app can read (fields missing, an unknown unit or day, a rate that is not a number):
 * the screens then show no swap rather than a wrong one.
 */
export function swapTermsOf(pair: SwapFields): SwapTerms | undefined {
  const { SwapLong: long, SwapShort: short, SwapUnit: unit, SwapTripleDay: tripleDay } = pair;
  if (long === undefined || short === undefined || unit === undefined || tripleDay === undefined)
    return undefined;
  if (!DECIMAL_TEXT.test(long) || !DECIMAL_TEXT.test(short)) return undefined;
  if (!SWAP_UNITS.includes(unit) || !TRIPLE_SWAP_DAYS.includes(tripleDay)) return undefined;
  return { long, short, unit, tripleDay };
}

/** The account's terms on an instrument besides the pair's own (lib/ticket-conditions.ts). */
export interface AccountInstrumentTerms {
  /** The commission a side (docs/trading-groups.md "Commission"); absent: none. */
  commission?: CommissionTerms | undefined;
  /** A swap-free group: no overnight financing is charged or paid, so none is priced. */
  swapFree?: boolean | undefined;
}

/**
 * An instrument of the board as the ticket math names it. Numbers go in as their decimal
 * text ("0.01", not the float behind it), exactly as the server's copy reads them. With the
 * account's terms: its commission rides on it, and a swap-free account prices no swap.
 */
export function ticketInstrumentOf(pair: TicketPair, account: AccountInstrumentTerms = {}): TicketInstrument {
  const swap = account.swapFree ? undefined : swapTermsOf(pair);
  return {
    code: pair.Code,
    base: pair.BaseCurrency,
    quote: pair.QuoteCurrency,
    precision: pair.PricePrecision,
    contractSize: String(pair.ForexContNum),
    marginMode: pair.MarginMode,
    feeRate: String(pair.ForexFeeRate),
    lotStep: asLots(String(pair.Pip)),
    minLots: asLots(String(pair.ForexMinCont)),
    // With its terms the ticket prices a night's financing (`swapPerNight`); without, none.
    ...(swap ? { swap } : {}),
    ...(account.commission ? { commission: account.commission } : {}),
  };
}

/** The board's instruments by code. */
export type InstrumentBook = ReadonlyMap<string, TicketInstrument>;

export function instrumentBook(pairs: readonly TicketPair[] | undefined): InstrumentBook {
  return new Map((pairs ?? []).map((p) => [p.Code, ticketInstrumentOf(p)]));
}

export type PositionOrder = Pick<
  Order,
  'Id' | 'Status' | 'OrderType' | 'Quantity' | 'OriginPrice' | 'CautionMoney' | 'ForexTradeLists'
>;

/** An open position as the ticket math takes it; null when its instrument is not on the board. */
export function ticketPositionOf(order: PositionOrder, book: InstrumentBook): TicketPosition | null {
  const instrument = book.get(order.ForexTradeLists.Code);
  if (!instrument || order.Status !== OrderStatus.Holding) return null;
  return {
    instrument,
    side: order.OrderType,
    lots: asLots(String(order.Quantity)),
    openPrice: asPrice(String(order.OriginPrice)),
    margin: String(order.CautionMoney),
  };
}

export interface AccountSources {
  /** The booked balance, USD (forexDetail `balance`, kept live by FOREX_TRADE). */
  balance: number;
  /** Funds held by pending withdrawals, USD (getBalance `lock_balance`). */
  held: number;
  /** Every open position of the account: all pages of the holding list. */
  positions: readonly PositionOrder[];
  book: InstrumentBook;
}

/**
 * The ticket's account, or null when it cannot be priced faithfully: a position whose
 * instrument the board does not list (the figures would leave it out and look safer than
 * they are), or a row that is not an open position.
 */
export function ticketAccountOf({ balance, held, positions, book }: AccountSources): TicketAccount | null {
  if (!Number.isFinite(balance) || !Number.isFinite(held)) return null;
  const out: TicketPosition[] = [];
  for (const order of positions) {
    const position = ticketPositionOf(order, book);
    if (!position) return null;
    out.push(position);
  }
  return { balance: String(balance), held: String(held), positions: out };
}

/** What a position risks now (docs/money.md "The order ticket"), USD and price. */
export interface PositionRisk {
  /**
   * The bid of its instrument at which the account would be stopped out, every other
   * instrument at its current price; null when none is within reach (hedged, say);
   * undefined while the account cannot be priced.
   */
  stopOut: Dec | null | undefined;
  /** Money made (+) or lost (−) if it closed at its stop-loss / take-profit; null when none is set. */
  atStop: Dec | null;
  atTarget: Dec | null;
}

export type RiskOrder = PositionOrder & Pick<Order, 'Leverage' | 'TargetLossPrice' | 'TargetProfitPrice'>;

/**
 * Each open position's stop-out price and money at its stops, with the shared functions the
 * ticket showed them with before the trade: `stopOutPrice` over the whole account (one
 * answer per instrument: every position on it shares it) and `moneyAt` from its open price.
 * A figure that cannot be priced (no quote yet) is left out rather than guessed.
 */
export function positionRisks({
  orders,
  account,
  market,
  book,
}: {
  orders: readonly RiskOrder[];
  /** Null while it cannot be priced (ticketAccountOf): the stop-out price is then unknown. */
  account: TicketAccount | null;
  market: TicketMarket;
  book: InstrumentBook;
}): Map<number, PositionRisk> {
  const stopOuts = new Map<string, Dec | null>();
  const stopOutOf = (instrument: TicketInstrument): Dec | null | undefined => {
    if (!account) return undefined;
    if (!stopOuts.has(instrument.code)) {
      stopOuts.set(
        instrument.code,
        attempt(() => stopOutPrice({ instrument, account, market })),
      );
    }
    return stopOuts.get(instrument.code) ?? null;
  };
  const risks = new Map<number, PositionRisk>();
  for (const order of orders) {
    const instrument = book.get(order.ForexTradeLists.Code);
    if (!instrument || order.Status !== OrderStatus.Holding) continue;
    const position = {
      instrument,
      side: order.OrderType,
      lots: asLots(String(order.Quantity)),
      leverage: order.Leverage > 0 ? order.Leverage : 1,
      entry: asPrice(String(order.OriginPrice)),
    };
    const at = (price: number) =>
      price > 0
        ? attempt(() => moneyAt({ order: position, exit: asPrice(String(price)), quotes: market.quotes }))
        : null;
    risks.set(order.Id, {
      stopOut: stopOutOf(instrument),
      atStop: at(order.TargetLossPrice),
      atTarget: at(order.TargetProfitPrice),
    });
  }
  return risks;
}

/** The shared math throws RangeError when a quote or a USD rate is missing: show nothing then. */
function attempt<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}
