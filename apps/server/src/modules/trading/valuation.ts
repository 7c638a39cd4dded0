import {
  aggregateProfit,
  commissionCharge,
  type CommissionTerms,
  notionalUsd,
  Dec,
  fromMicros,
  instrumentRates,
  type Lots,
  marginRequired,
  microUsd,
  nightlySwap,
  swapRateFor,
  type MicroUsd,
  type Points,
  pointsToDecimal,
  pointsToPrice,
  positionProfit,
  price,
  spreadCost,
  type TicketInstrument,
  toMicros,
  tradeFee,
  usdPerUnit,
} from '@pipwise/shared';
import { AppError } from '../../core/app-error.js';
import type { Instrument } from '../market/index.js';
import type { MarketService } from '../market/index.js';
import type { OrderTerms } from './groups/order-terms.js';
import { LOT_SCALE } from './live-order.js';

/** Integers below this have at most 15 significant digits, which a float carries exactly. */
const EXACT_IN_FLOAT = 1e15;
/** Distinct decimal strings kept parsed; past it, parsed each time. */
const PARSED_CACHE_MAX = 1_000;
/** `spreadCost` reads no entry: a placeholder price where the order shape asks for one. */
const UNREAD_ENTRY = price(1);

/**
 * An instrument as the shared order-ticket math takes it (packages/shared/src/math/ticket-inputs.ts),
 * on the account's terms when given: its group's fee rate, commission and markup, no swap when
 * swap-free.
 */
export function ticketInstrument(
  inst: Instrument,
  terms?: Pick<OrderTerms, 'feeRate' | 'commission' | 'swapFree' | 'markup'>,
): TicketInstrument {
  return {
    code: inst.code,
    base: inst.baseCurrency,
    quote: inst.quoteCurrency,
    precision: inst.precision,
    contractSize: inst.contractSize,
    marginMode: inst.marginMode,
    feeRate: terms?.feeRate ?? inst.feeRate,
    lotStep: inst.lotStep,
    minLots: inst.minLots,
    swap: terms?.swapFree ? undefined : inst.swap,
    commission: terms?.commission,
    markup: terms?.markup,
  };
}

/**
 * Prices an order or position with the shared math (packages/shared/src/math), reading the
 * live quotes for currency conversion. Results are integer micro-USD.
 */
export class Valuation {
  constructor(private readonly market: MarketService) {}

  /** Contract sizes and lot sizes as `Dec`, parsed once per distinct value. */
  private readonly contractSizes = new Map<string, Dec>();
  private readonly lotSizes = new Map<string, Dec>();

  /**
   * A price in points as the math reads it. The math always took `pointsToPrice`'s number,
   * which reads back (by its shortest spelling) as exactly points ÷ 10^precision whenever
   * that has at most 15 significant digits: then the exact quotient is used directly, the
   * same value without two conversions per price (docs/benchmarks.md "Order path").
   */
  private price(inst: Instrument, points: Points): Dec {
    return Number.isSafeInteger(points) && Math.abs(points) < EXACT_IN_FLOAT
      ? pointsToDecimal(points, inst.precision)
      : new Dec(pointsToPrice(points, inst.precision));
  }

  /** The contract size as the math takes it. */
  private contractSize(inst: Instrument): Dec | string {
    return this.parsed(this.contractSizes, inst.contractSize);
  }

  /**
   * A decimal string as a `Dec`, from `cache` when seen before (contract sizes and lot sizes
   * repeat across positions); one that does not parse is passed on for the math to refuse.
   */
  private parsed<T extends string>(cache: Map<string, Dec>, text: T): Dec | T {
    const cached = cache.get(text);
    if (cached) return cached;
    let value: Dec;
    try {
      value = new Dec(text);
    } catch {
      return text;
    }
    if (cache.size < PARSED_CACHE_MAX) cache.set(text, value);
    return value;
  }

  /** USD per unit of the instrument's quote currency, now. */
  quoteToUsd(inst: Instrument): Dec {
    const rate = usdPerUnit({ currency: inst.quoteCurrency, quotes: this.market.quoteLookup });
    if (!rate) throw AppError.rule('errors.no_rate');
    return rate;
  }

  /** Margin of `lots` filled at `fillPoints`, with base→USD at this moment. */
  margin(inst: Instrument, lots: Lots, leverage: number, fillPoints: Points): MicroUsd {
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
        contractSize: this.contractSize(inst),
        marginMode: inst.marginMode,
        leverage,
        baseToUsd: rates.baseToUsd,
      }),
    );
  }

  /** The fee of `trade_fee_type` at `feeRate` (the account's group's, docs/trading-groups.md). */
  fee(lots: Lots, marginMicros: MicroUsd, tradeFeeType: number, feeRate: string): MicroUsd {
    return toMicros(tradeFee({ tradeFeeType, lots, feeRate, margin: fromMicros(marginMicros) }));
  }

  /**
   * One side's commission of `lots` dealt at `atPoints`, micro-USD: the shared
   * `commissionCharge` with the notional converted at this moment (docs/trading-groups.md).
   */
  commission(inst: Instrument, lots: Lots, terms: CommissionTerms, atPoints: Points): MicroUsd {
    if (terms.type === 'none') return microUsd(0);
    const rates = instrumentRates({
      base: inst.baseCurrency,
      quote: inst.quoteCurrency,
      price: this.price(inst, atPoints),
      quotes: this.market.quoteLookup,
    });
    if (!rates) throw AppError.rule('errors.no_rate');
    return toMicros(
      commissionCharge({
        terms,
        lots,
        notionalUsd: notionalUsd({ lots, contractSize: this.contractSize(inst), baseToUsd: rates.baseToUsd }),
      }),
    );
  }

  /**
   * Spread paid by `lots` at the current quote widened by the order's group markup,
   * micro-USD: (ask − bid + markup) × lots × contract size × quote→USD now (the shared
   * `spreadCost`); 0 without a quote.
   */
  spreadCost(inst: Instrument, lots: Lots, groupMarkup: number): MicroUsd {
    if (!this.market.liveQuote(inst.id)) return microUsd(0);
    return toMicros(
      spreadCost({
        order: {
          instrument: { ...ticketInstrument(inst), markup: groupMarkup },
          side: 1,
          lots,
          leverage: 1,
          entry: UNREAD_ENTRY,
        },
        quotes: this.market.quoteLookup,
      }),
    );
  }

  /** Gross profit of one position closed at `closePoints`, converted at today's quote→USD. */
  profit(
    inst: Instrument,
    p: { side: 1 | 2; lots: Lots & string; openPrice: Points },
    closePoints: Points,
  ): MicroUsd {
    return toMicros(
      positionProfit({
        side: p.side,
        openPrice: this.price(inst, p.openPrice),
        closePrice: this.price(inst, closePoints),
        lots: this.parsed(this.lotSizes, p.lots),
        contractSize: this.contractSize(inst),
        quoteToUsd: this.quoteToUsd(inst),
      }),
    );
  }

  /**
   * A position's financing at one rollover, signed micro-USD (negative: charged): one night at
   * the instrument's rate for its side, times `nights` (docs/money.md "Overnight financing
   * (swap)"). Converted at the last quote, the price the position would close at (bid for a
   * buy, ask for a sell); undefined when no quote is known for the instrument or its currencies.
   */
  swapCharge(
    inst: Instrument,
    p: { side: 1 | 2; lots: Lots & string },
    nights: number,
  ): MicroUsd | undefined {
    const quote = this.market.quoteLookup(inst.code);
    if (!quote) return undefined;
    const rates = instrumentRates({
      base: inst.baseCurrency,
      quote: inst.quoteCurrency,
      price: p.side === 1 ? quote.bid : quote.ask,
      quotes: this.market.quoteLookup,
    });
    if (!rates) return undefined;
    const night = nightlySwap({
      unit: inst.swap.unit,
      rate: swapRateFor(p.side, inst.swap),
      lots: this.parsed(this.lotSizes, p.lots),
      contractSize: this.contractSize(inst),
      pointSize: new Dec(10).pow(-inst.precision),
      quoteToUsd: rates.quoteToUsd,
      baseToUsd: rates.baseToUsd,
    });
    return toMicros(night.mul(nights));
  }

  /** Floating profit of an account's exposure to one instrument, from its running sums. */
  exposureProfit(
    inst: Instrument,
    sums: { buyUnits: bigint; buyCost: bigint; sellUnits: bigint; sellCost: bigint },
    quote: { bid: Points; ask: Points },
  ): MicroUsd {
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
        contractSize: this.contractSize(inst),
        quoteToUsd: this.quoteToUsd(inst),
      }),
    );
  }
}
