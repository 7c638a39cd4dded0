import { accountMarginLevel, Dec, fromMicros, isMarginCall, isStopOutDue, microUsd } from '@pipwise/shared';
import type { SettingsService } from '../../core/settings/settings.service.js';
import type { MarketService } from '../market/index.js';
import type { AccountBook } from './account-book.js';
import type { Valuation } from './valuation.js';

/**
 * Nominates accounts for a stop-out on every tick, from the engine's index. Equity is priced
 * from each account's per-instrument sums, so a check costs O(instruments held), not
 * O(positions). It only nominates: the stop-out itself is decided again in the database by
 * the trade desk with the same shared functions (docs/money.md "Stop-out").
 */
export class RiskMonitor {
  private stopOutLevel = new Dec(50);
  private marginCallLevel = new Dec(100);

  constructor(
    private readonly valuation: Valuation,
    private readonly market: MarketService,
    private readonly settings: SettingsService,
  ) {}

  /** Reads the operator's levels (at start, and whenever the settings change). */
  async loadLevels(): Promise<void> {
    this.stopOutLevel = new Dec(await this.settings.number('stop_out_level'));
    this.marginCallLevel = new Dec(await this.settings.number('margin_call_level'));
  }

  /** Margin level from the index (2 decimals, as shown), or null with nothing open. */
  marginLevel(account: AccountBook): Dec | null {
    if (account.usedMargin <= 0) return null;
    let floating = 0;
    for (const [instrumentId, sums] of account.exposures) {
      const inst = this.market.instrument(instrumentId);
      const q = this.market.liveQuote(instrumentId);
      if (inst && q) floating += this.valuation.exposureProfit(inst, sums, q);
    }
    return accountMarginLevel({
      equity: fromMicros(account.balance).plus(fromMicros(microUsd(floating))),
      usedMargin: fromMicros(account.usedMargin),
    });
  }

  /**
   * After a price move: sets the account's margin-call flag, and says whether a stop-out
   * should be checked in the database. The index sums round once where the desk rounds each
   * position, so a level one display step (0.01 %) above the stop-out level is nominated too.
   */
  assess(account: AccountBook): boolean {
    const level = this.marginLevel(account);
    account.marginCalled = isMarginCall({ marginLevel: level, marginCallLevel: this.marginCallLevel });
    return isStopOutDue({ marginLevel: level, stopOutLevel: this.stopOutLevel.plus('0.01') });
  }
}
