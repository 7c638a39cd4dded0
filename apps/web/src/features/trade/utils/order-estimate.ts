import {
  type CommissionTerms,
  Dec,
  instrumentRates,
  isBuy,
  LOTS_RANGE,
  lots as asLots,
  MarginMode,
  marginRequired,
  maxAffordableLots,
  tradeFee,
  type QuoteLookup,
  type TradePair,
  type TradeSide,
} from '@pipwise/shared';
// Relative, not @/: the unit tests run in Node without the app's path alias.
import { isDecimalText } from '../../../lib/decimal-text';

export type EstimatePair = Pick<
  TradePair,
  'MarginMode' | 'ForexContNum' | 'ForexFeeRate' | 'BaseCurrency' | 'QuoteCurrency'
>;

export interface EstimateInput {
  pair: EstimatePair;
  side: TradeSide;
  /** Market orders fill at the ask (buy) or the bid (sell); pending ones at `targetPrice`. */
  mode: 'market' | 'pending';
  bid: number | undefined;
  ask: number | undefined;
  /** The pending order's price, as typed. */
  targetPrice?: string;
  /** Lots, as typed. */
  lots: string;
  /** The chosen leverage; not read for fixed-margin pairs. */
  leverage: number | null;
  /** `trade_fee_type` of getBasicInfo: 1 per lot, otherwise a share of margin. */
  tradeFeeType: number;
  /** The account's commission on the pair (lib/ticket-conditions.ts); none when absent. */
  commission?: CommissionTerms | undefined;
  /** The live quotes, for the base→USD and quote→USD rates of crosses. */
  quotes: QuoteLookup;
}

/**
 * Everything that prices an order but its lots: the order form builds it once and derives
 * its entry price (which sizes lots from risk), its ticket and what free margin allows from
 * it, adding the lots where they are needed.
 */
export type PricingInput = Omit<EstimateInput, 'lots'>;

export interface OrderEstimate {
  /** The price the estimate assumes. */
  price: Dec;
  margin: Dec;
  fee: Dec;
}

/** A finite number > 0 from a form field, or null. */
export function positiveDecimal(text: string | undefined): Dec | null {
  const value = text?.trim();
  if (!value || !isDecimalText(value)) return null;
  const d = new Dec(value);
  return d.gt(0) ? d : null;
}

interface Pricing {
  price: Dec;
  leverage: number;
  baseToUsd: Dec;
}

/**
 * The price an order would fill at and the USD rate of its base there — or null while the
 * price, the leverage or a USD rate is missing (the server refuses an order it cannot
 * convert, errors.no_rate; so does the estimate).
 */
function pricing(input: PricingInput): Pricing | null {
  const { pair } = input;
  const marketPrice = isBuy(input.side) ? input.ask : input.bid;
  const price =
    input.mode === 'pending'
      ? positiveDecimal(input.targetPrice)
      : marketPrice !== undefined && marketPrice > 0
        ? new Dec(marketPrice)
        : null;
  if (!price) return null;
  const fixed = pair.MarginMode === MarginMode.Fixed;
  if (!fixed && !(input.leverage && input.leverage > 0)) return null;
  const rates = instrumentRates({
    base: pair.BaseCurrency,
    quote: pair.QuoteCurrency,
    price,
    quotes: input.quotes,
  });
  if (!rates) return null;
  return { price, leverage: input.leverage ?? 1, baseToUsd: rates.baseToUsd };
}

/**
 * The price the order would open at — the ask for a buy, the bid for a sell, a pending
 * order's target — or null while it (or the leverage, or a USD rate) is missing: the
 * price the estimate and the order ticket price the order at.
 */
export function entryPrice(input: PricingInput): Dec | null {
  return pricing(input)?.price ?? null;
}

/**
 * The order form's estimated margin and fee: exactly the shared math the server charges
 * with (`instrumentRates` → `marginRequired` → `tradeFee`), at the price the order would
 * fill at. Null while something it needs is missing or not valid yet (no price, lots not
 * positive, no leverage, no USD rate for the quote currency): the form shows a dash.
 */
export function estimateOrder(input: EstimateInput): OrderEstimate | null {
  const { pair } = input;
  const lots = positiveDecimal(input.lots);
  if (!lots) return null;
  const at = pricing(input);
  if (!at) return null;
  try {
    const margin = marginRequired({
      lots,
      contractSize: pair.ForexContNum,
      marginMode: pair.MarginMode,
      leverage: at.leverage,
      baseToUsd: at.baseToUsd,
    });
    const fee = tradeFee({ tradeFeeType: input.tradeFeeType, lots, feeRate: pair.ForexFeeRate, margin });
    return { price: at.price, margin, fee };
  } catch {
    return null; // a pair configured with a zero contract size: nothing sensible to show
  }
}

export type AffordPair = EstimatePair & Pick<TradePair, 'Pip' | 'ForexMinCont'>;

export interface Affordability {
  /**
   * The most lots free margin covers (margin + fee + the open's commission), on the lot
   * step; 0 when not even the minimum.
   */
  maxLots: Dec;
  /** The lots typed cost more than free margin: the server would refuse them. */
  short: boolean;
}

/**
 * What free margin allows, as the trader types: the shared `maxAffordableLots` at the same
 * price and rates as the estimate (capped at the server's 1,000 lots an order), and whether
 * the typed lots go past it. Null while the estimate cannot be made or free margin is unknown.
 */
export function affordability(
  input: Omit<EstimateInput, 'pair'> & { pair: AffordPair },
  freeMargin: number | undefined,
): Affordability | null {
  if (freeMargin === undefined || !Number.isFinite(freeMargin)) return null;
  const at = pricing(input);
  if (!at) return null;
  const { pair } = input;
  try {
    const maxLots = maxAffordableLots({
      freeMargin,
      step: asLots(pair.Pip),
      min: asLots(pair.ForexMinCont),
      max: asLots(LOTS_RANGE.max),
      contractSize: pair.ForexContNum,
      marginMode: pair.MarginMode,
      leverage: at.leverage,
      baseToUsd: at.baseToUsd,
      tradeFeeType: input.tradeFeeType,
      feeRate: pair.ForexFeeRate,
      commission: input.commission,
    });
    const lots = positiveDecimal(input.lots);
    return { maxLots, short: lots !== null && lots.gt(maxLots) };
  } catch {
    return null;
  }
}
