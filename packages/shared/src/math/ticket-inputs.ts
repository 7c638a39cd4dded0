import { type Dec, type DecimalInput } from './decimal.js';
import { type QuoteLookup } from './rates.js';
import { type TradeSide } from './side.js';
import { type SwapTerms } from './swap.js';
import { type CommissionTerms } from '../domain/trading-groups.js';
import { type Lots, type Price } from './units.js';

// What the order ticket's formulas take (docs/money.md "The order ticket"): the instrument,
// the account with its open positions, the market with the operator's levels, and the order.
// One vocabulary, so the app (from its screens) and the server (from its tables) build the
// same inputs and every family of ticket figures reads them alike. Prices are `Price` and
// volumes `Lots` (units.ts), or exact decimals computed from them; money is USD.

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
  lotStep: Lots | Dec;
  minLots: Lots | Dec;
  /** Its overnight financing (docs/money.md "Overnight financing (swap)"); absent: none shown. */
  swap?: SwapTerms | undefined;
  /** The account's commission terms on it (docs/trading-groups.md); absent: none. */
  commission?: CommissionTerms | undefined;
  /**
   * The account's group markup on it, points (docs/trading-groups.md "Markup"): the spread it
   * deals at is the quotes' widened by it. Absent: none (the quotes are the account's own).
   */
  markup?: number | undefined;
}

/** An open position of the account. */
export interface TicketPosition {
  instrument: Pick<TicketInstrument, 'code' | 'base' | 'quote' | 'contractSize'>;
  side: TradeSide;
  lots: Lots | Dec;
  openPrice: Price | Dec;
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
  lots: Lots | Dec;
  leverage: DecimalInput;
  /** Where it opens: the fill (ask for a buy, bid for a sell) or a pending order's target. */
  entry: Price | Dec;
  tp?: Price | Dec | undefined;
  sl?: Price | Dec | undefined;
}
