import {
  closingPoints,
  computeAccountFigures,
  type Dec,
  fromMicros,
  riskRate,
  type AccountFigures as AccountFiguresDto,
  microUsd,
  type Lots,
  type MicroUsd,
  type Points,
} from '@pipwise/shared';
import type { MarketService } from '../market/index.js';
import type { Valuation } from './valuation.js';

/** What an account's figures are made of, from the database or from the engine's index. */
export interface AccountState {
  balance: MicroUsd;
  lock: MicroUsd;
  positions: Iterable<PositionLike>;
  /** Margin of positions that cannot be priced (unreadable rows): held, not valued. */
  unpricedMargin?: MicroUsd;
}

/** The fields of an open position that price it. */
export interface PositionLike {
  id: number;
  instrumentId: number;
  side: 1 | 2;
  lots: Lots & string;
  openPrice: Points;
  margin: MicroUsd;
  /** The group markup it was placed with: it is valued at the quote widened by it. */
  groupMarkup: number;
}

/** One open position's live closing price (points) and floating profit (micro-USD). */
export interface LiveValue {
  price: Points;
  profit: MicroUsd;
  precision: number;
}

export interface Figures {
  balance: Dec;
  held: Dec;
  equity: Dec;
  usedMargin: Dec;
  freeMargin: Dec;
  /** 2 decimals, as shown; null with nothing open. */
  marginLevel: Dec | null;
  floating: Dec;
  /** Per position, for lists and pushes. */
  values: Map<number, LiveValue>;
}

/**
 * The one computation of an account's figures (docs/money.md): what the order checks,
 * the stop-out decision, `forexDetail`, `my_deal` and the FOREX_TRADE push all use. Each
 * position is priced at its closing side of the current quote (bid for a buy, ask for a
 * sell, widened by the position's group markup) with the shared math; one without a quote
 * yet counts at its open price.
 */
export function figuresOf(state: AccountState, valuation: Valuation, market: MarketService): Figures {
  const values = new Map<number, LiveValue>();
  let floating = 0;
  let used = state.unpricedMargin ?? 0;
  for (const p of state.positions) {
    used += p.margin;
    const inst = market.instrument(p.instrumentId);
    const q = market.liveQuote(p.instrumentId);
    if (!inst || !q) continue;
    const price = closingPoints(q, p.side, p.groupMarkup);
    const profit = valuation.profit(inst, p, price);
    values.set(p.id, { price, profit, precision: inst.precision });
    floating += profit;
  }
  const balance = fromMicros(state.balance);
  const held = fromMicros(state.lock);
  const usedMargin = fromMicros(microUsd(used));
  const f = computeAccountFigures({
    balance,
    floatingProfit: fromMicros(microUsd(floating)),
    usedMargin,
    held,
  });
  return {
    balance,
    held,
    equity: f.equity,
    usedMargin,
    freeMargin: f.freeMargin,
    marginLevel: f.marginLevel,
    floating: fromMicros(microUsd(floating)),
    values,
  };
}

/** The figures as `forexDetail` and the push show them. */
export function figuresDto(f: Figures): AccountFiguresDto {
  return {
    balance: f.balance.toNumber(),
    equity: f.equity.toNumber(),
    margin: f.usedMargin.toNumber(),
    free_margin: f.freeMargin.toNumber(),
    margin_level: f.marginLevel?.toNumber() ?? 0,
    risk_rate: riskRate({ usedMargin: f.usedMargin, equity: f.equity }).toNumber(),
    floating_profit: f.floating.toNumber(),
  };
}
