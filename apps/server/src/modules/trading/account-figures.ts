import { computeAccountFigures, Dec, fromMicros, type AccountFigures } from '@pipwise/shared';
import type { MarketService } from '../market/market.service.js';
import type { AccountBook } from './account-book.js';
import type { TradingEngine } from './engine.js';
import type { Valuation } from './valuation.js';

/** One open position's live closing price (points) and floating profit (micro-USD). */
export interface LiveValue {
  price: number;
  profit: number;
  precision: number;
}

export type AccountSnapshot = AccountFigures & { values: Map<number, LiveValue>; marginCall: boolean };

/**
 * The live figures of an account, position by position: what `forexDetail`, `my_deal` and
 * the FOREX_TRADE push show. (The risk check uses the faster per-instrument sums.)
 */
export class AccountFiguresService {
  constructor(
    private readonly engine: TradingEngine,
    private readonly market: MarketService,
    private readonly valuation: Valuation,
  ) {}

  /** The engine's book of a user if it is loaded (the socket push must not wait). */
  engineAccount(userId: number): AccountBook | undefined {
    return this.engine.state.accounts.get(userId);
  }

  async figures(userId: number): Promise<AccountSnapshot> {
    return this.snapshot(await this.engine.state.account(userId));
  }

  snapshot(account: AccountBook): AccountSnapshot {
    const values = new Map<number, LiveValue>();
    let floating = 0;
    for (const p of account.positions.values()) {
      const inst = this.market.instrument(p.instrumentId);
      const q = this.market.liveQuote(p.instrumentId);
      if (!inst || !q) continue;
      const price = p.side === 1 ? q.bid : q.ask;
      const profit = this.valuation.profit(inst, p, price);
      values.set(p.id, { price, profit, precision: inst.precision });
      floating += profit;
    }
    const used = fromMicros(account.usedMargin);
    const f = computeAccountFigures({
      balance: fromMicros(account.balance),
      floatingProfit: fromMicros(floating),
      usedMargin: used,
    });
    return {
      balance: fromMicros(account.balance).toNumber(),
      equity: f.equity.toNumber(),
      margin: used.toNumber(),
      free_margin: f.freeMargin.toNumber(),
      margin_level: f.marginLevel?.toNumber() ?? 0,
      risk_rate: riskRate(used, f.equity),
      floating_profit: fromMicros(floating).toNumber(),
      values,
      marginCall: account.marginCalled,
    };
  }
}

/** Used margin / equity × 100, 2 decimals: 0 with nothing open, 100 once equity is gone. */
function riskRate(used: Dec, equity: Dec): number {
  if (used.isZero()) return 0;
  if (equity.lte(0)) return 100;
  return used.div(equity).mul(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toNumber();
}
