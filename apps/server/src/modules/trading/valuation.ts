import {
  aggregateProfit,
  Dec,
  instrumentRates,
  marginRequired,
  pointsToPrice,
  positionProfit,
  spreadCost,
  type TicketInstrument,
  toMicros,
  tradeFee,
  usdPerUnit,
} from '@pipwise/shared';
import { AppError } from '../../http/app-error.js';
import type { Instrument } from '../market/instrument.js';
import type { MarketService } from '../market/market.service.js';
import { LOT_SCALE } from './live-order.js';

/** An instrument as the shared order-ticket math takes it (packages/shared math/ticket.ts). */
export function ticketInstrument(inst: Instrument): TicketInstrument {
  return {
    code: inst.code,
    base: inst.baseCurrency,
    quote: inst.quoteCurrency,
    precision: inst.precision,
    contractSize: inst.contractSize,
    marginMode: inst.marginMode,
    feeRate: inst.feeRate,
    lotStep: inst.lotStep,
    minLots: inst.minLots,
  };
}

/**
 * Prices an order or position with the shared math (packages/shared/src/math), reading the
 * live quotes for currency conversion. Results are integer micro-USD.
 */
export class Valuation {
  constructor(private readonly market: MarketService) {}

  private price(inst: Instrument, points: number): number {
    return pointsToPrice(points, inst.precision);
  }

  /** USD per unit of the instrument's quote currency, now. */
  quoteToUsd(inst: Instrument): Dec {
    const rate = usdPerUnit({ currency: inst.quoteCurrency, quotes: this.market.quoteLookup });
    if (!rate) throw AppError.rule('errors.no_rate');
    return rate;
  }

  /** Margin of `lots` filled at `fillPoints`, with base→USD at this moment. */
  margin(inst: Instrument, lots: string, leverage: number, fillPoints: number): number {
    const rates = instrumentRates({
      base: inst.baseCurrency,
      quote: inst.quoteCurrency,
      price: this.price(inst, fillPoints),
      quotes: this.market.quoteLookup,
    });
    if (!rates) throw AppError.rule('errors.no_rate');
    return toMicros(
      marginRequired({
        lots,
        contractSize: inst.contractSize,
        marginMode: inst.marginMode,
        leverage,
        baseToUsd: rates.baseToUsd,
      }),
    );
  }

  fee(inst: Instrument, lots: string, marginMicros: number, tradeFeeType: number): number {
    return toMicros(
      tradeFee({ tradeFeeType, lots, feeRate: inst.feeRate, margin: new Dec(marginMicros).div(1_000_000) }),
    );
  }

  /**
   * Spread paid by `lots` at the current quote, micro-USD: (ask − bid) × lots × contract
   * size × quote→USD now (the shared `spreadCost`); 0 without a quote.
   */
  spreadCost(inst: Instrument, lots: string): number {
    if (!this.market.liveQuote(inst.id)) return 0;
    return toMicros(
      spreadCost({
        order: { instrument: ticketInstrument(inst), side: 1, lots, leverage: 1, entry: 1 },
        quotes: this.market.quoteLookup,
      }),
    );
  }

  /** Gross profit of one position closed at `closePoints`, converted at today's quote→USD. */
  profit(inst: Instrument, p: { side: 1 | 2; lots: string; openPrice: number }, closePoints: number): number {
    return toMicros(
      positionProfit({
        side: p.side,
        openPrice: this.price(inst, p.openPrice),
        closePrice: this.price(inst, closePoints),
        lots: p.lots,
        contractSize: inst.contractSize,
        quoteToUsd: this.quoteToUsd(inst),
      }),
    );
  }

  /** Floating profit of an account's exposure to one instrument, from its running sums. */
  exposureProfit(
    inst: Instrument,
    sums: { buyUnits: bigint; buyCost: bigint; sellUnits: bigint; sellCost: bigint },
    quote: { bid: number; ask: number },
  ): number {
    const scale = new Dec(LOT_SCALE.toString());
    const costScale = scale.mul(new Dec(10).pow(inst.precision));
    return toMicros(
      aggregateProfit({
        buyLots: new Dec(sums.buyUnits.toString()).div(scale),
        buyOpenLots: new Dec(sums.buyCost.toString()).div(costScale),
        sellLots: new Dec(sums.sellUnits.toString()).div(scale),
        sellOpenLots: new Dec(sums.sellCost.toString()).div(costScale),
        bid: this.price(inst, quote.bid),
        ask: this.price(inst, quote.ask),
        contractSize: inst.contractSize,
        quoteToUsd: this.quoteToUsd(inst),
      }),
    );
  }
}
