import type { SettingsService } from '../content/settings.service.js';
import type { MarketService } from '../market/market.service.js';
import type { AccountBook } from './account-book.js';
import type { TradingEngine } from './engine.js';
import type { Valuation } from './valuation.js';

/**
 * Margin levels and stop-out. Equity is priced from each account's per-instrument sums, so
 * a check costs O(instruments held), not O(positions). At or below the stop-out level the
 * position with the largest loss is closed, again and again, until the level recovers.
 */
export class RiskMonitor {
  private stopOutLevel = 50;
  private marginCallLevel = 100;
  private readonly stoppingOut = new Set<number>();

  constructor(
    private readonly engine: TradingEngine,
    private readonly valuation: Valuation,
    private readonly market: MarketService,
    private readonly settings: SettingsService,
  ) {}

  /** Reads the operator's levels (at start, and whenever the back office changes them). */
  async loadLevels(): Promise<void> {
    this.stopOutLevel = await this.settings.number('stop_out_level', 50);
    this.marginCallLevel = await this.settings.number('margin_call_level', 100);
  }

  /** Floating profit of all open positions, micro-USD. */
  floating(account: AccountBook): number {
    let total = 0;
    for (const [instrumentId, sums] of account.exposures) {
      const inst = this.market.instrument(instrumentId);
      const q = this.market.liveQuote(instrumentId);
      if (inst && q) total += this.valuation.exposureProfit(inst, sums, q);
    }
    return total;
  }

  equity(account: AccountBook): number {
    return account.balance + this.floating(account);
  }

  freeMargin(account: AccountBook): number {
    return this.equity(account) - account.usedMargin;
  }

  /** Equity / used margin × 100, or null with no open position. */
  marginLevel(account: AccountBook): number | null {
    if (account.usedMargin <= 0) return null;
    return (this.equity(account) / account.usedMargin) * 100;
  }

  /** After a price move: flags a margin call, and starts a stop-out when it is due. */
  check(userId: number): void {
    const account = this.engine.state.accounts.get(userId);
    if (!account) return;
    const level = this.marginLevel(account);
    account.marginCalled = level !== null && level <= this.marginCallLevel;
    if (level !== null && level <= this.stopOutLevel && !this.stoppingOut.has(userId)) {
      this.stoppingOut.add(userId);
      void this.engine
        .schedule(userId, () => this.stopOut(account))
        .finally(() => this.stoppingOut.delete(userId));
    }
  }

  /** Closes the largest loss first until the margin level is above the stop-out level. */
  private async stopOut(account: AccountBook): Promise<void> {
    for (;;) {
      const level = this.marginLevel(account);
      if (level === null || level > this.stopOutLevel) return;
      let worst:
        | {
            position: typeof account.positions extends Map<number, infer P> ? P : never;
            profit: number;
            close: number;
          }
        | undefined;
      for (const position of account.positions.values()) {
        const inst = this.market.instrument(position.instrumentId);
        const q = this.market.liveQuote(position.instrumentId);
        if (!inst || !q?.open) continue;
        const close = position.side === 1 ? q.bid : q.ask;
        const profit = this.valuation.profit(inst, position, close);
        if (!worst || profit < worst.profit) worst = { position, profit, close };
      }
      // Only closed markets hold positions: nothing can be closed until they open.
      if (!worst) return;
      await this.engine.closePosition(account, worst.position, 'stop_out', worst.close);
    }
  }
}
