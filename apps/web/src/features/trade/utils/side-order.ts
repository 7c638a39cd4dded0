import type { TicketAccount, TicketInstrument, TicketMarket, TradePair, TradeSide } from '@pipwise/shared';
import { affordability, entryPrice, type PricingInput } from './order-estimate';
import { sizeFromRisk, type RiskChoice } from './risk-sizing';
import { submitGuard, type BlockReason } from './submit-guard';
import { ticketView } from './ticket-view';

/**
 * One-tap's check of the side tapped (docs/money.md "One-tap trading"): with one-tap on,
 * Buy and Sell each send their own order while the ticket shows one side's figures, so the
 * side tapped is priced at the tap — its lots (from risk when that is on), its ticket, what
 * free margin covers — and held to the same guard as the submit (`submitGuard`). Pure: the
 * form passes what it holds at that moment.
 */
export interface SideOrderInput {
  /** Everything that prices the order but its side and lots; null until getBasicInfo is in. */
  pricing: (Omit<PricingInput, 'side'> & { pair: TradePair }) | null;
  market: TicketMarket | null;
  instrument: TicketInstrument;
  /** The lots typed (used unless risk sizes them). */
  lots: string;
  risk: RiskChoice;
  takeProfit: string;
  stopLoss: string;
  account: TicketAccount | null;
  freeMargin: number | undefined;
  loggedIn: boolean;
  marketOpen: boolean;
  pricesStale: boolean;
  noLeverage: boolean;
}

export interface SideOrder {
  /** The lots the order of that side would carry. */
  lots: string;
  /** Why that side cannot be sent now (the submit's own reasons), or null. */
  blocked: BlockReason | null;
}

export function sideOrder(input: SideOrderInput, side: TradeSide): SideOrder {
  const { market, instrument, risk, takeProfit, stopLoss, account } = input;
  const pricing = input.pricing && { ...input.pricing, side };
  const entry = market && pricing ? entryPrice(pricing) : null;
  const sizing =
    risk.mode === 'off'
      ? ({ kind: 'off' } as const)
      : sizeFromRisk({
          choice: risk,
          instrument,
          side,
          entry,
          leverage: pricing?.leverage ?? null,
          stopLoss,
          account,
          market,
        });
  const lots = sizing.kind === 'sized' ? sizing.lots.toString() : input.lots;
  const view =
    market && pricing
      ? ticketView({ ...pricing, instrument, lots, takeProfit, stopLoss, market, account })
      : null;
  const afford = pricing && input.loggedIn ? affordability({ ...pricing, lots }, input.freeMargin) : null;
  const { blocked } = submitGuard({
    marketOpen: input.marketOpen,
    pricesStale: input.pricesStale,
    noLeverage: input.noLeverage,
    short: afford?.short === true,
    view,
    sizing,
  });
  return { lots, blocked };
}
