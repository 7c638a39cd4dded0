import { type DecimalInput } from './decimal.js';
import { type QuoteLookup } from './rates.js';
import { type TradeSide } from './side.js';

// What the order ticket's formulas take (docs/money.md "The order ticket"): the instrument,
// the account with its open positions, the market with the operator's levels, and the order.
// One vocabulary, so the app (from its screens) and the server (from its tables) build the
// same inputs and every family of ticket figures reads them alike.

/** What the ticket needs of an instrument. Prices are decimals (not points). */
export interface TicketInstrument {
  code: string;
  base: string;
  quote: string;
  /** Decimals of its prices. */
  precision: number;
  contractSize: DecimalInput;
  /** 1 fixed margin, otherwise leveraged. */
  marginMode: number;
  feeRate: DecimalInput;
  lotStep: DecimalInput;
  minLots: DecimalInput;
}

/** An open position of the account. */
export interface TicketPosition {
  instrument: Pick<TicketInstrument, 'code' | 'base' | 'quote' | 'contractSize'>;
  side: TradeSide;
  lots: DecimalInput;
  openPrice: DecimalInput;
  /** Its stored margin, USD. */
  margin: DecimalInput;
}

export interface TicketAccount {
  /** USD; may be below zero while positions are open. */
  balance: DecimalInput;
  /** Held by pending withdrawals, USD. */
  held: DecimalInput;
  positions: readonly TicketPosition[];
}

/** The market and the operator's rules the figures are taken at. */
export interface TicketMarket {
  quotes: QuoteLookup;
  /** getBasicInfo `trade_fee_type`. */
  tradeFeeType: number;
  stopOutLevel: DecimalInput;
  marginCallLevel: DecimalInput;
}

/** The order being considered. */
export interface TicketOrder {
  instrument: TicketInstrument;
  side: TradeSide;
  lots: DecimalInput;
  leverage: DecimalInput;
  /** Where it opens: the fill (ask for a buy, bid for a sell) or a pending order's target. */
  entry: DecimalInput;
  tp?: DecimalInput | undefined;
  sl?: DecimalInput | undefined;
}
