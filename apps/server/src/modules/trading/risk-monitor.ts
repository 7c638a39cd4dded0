import { accountMarginLevel, Dec, fromMicros, isMarginCall, isStopOutDue, microUsd } from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';
import { listGroupLevels } from '../../core/money/trading-groups.repository.js';
import type { SettingsService } from '../../core/settings/settings.service.js';
import type { Instrument, MarketService } from '../market/index.js';
import type { AccountBook } from './account-book.js';
import type { Valuation } from './valuation.js';

interface Levels {
  stopOut: Dec;
  marginCall: Dec;
}

/**
 * Nominates accounts for a stop-out on every tick, from the engine's index. Equity is priced
 * from each account's per-instrument sums, so a check costs O(instruments held), not
 * O(positions). It only nominates: the stop-out itself is decided again in the database by
 * the trade desk with the same shared functions (docs/money.md "Stop-out").
 */
export class RiskMonitor {
  /** The broker's settings: the levels of an account whose group sets none. */
  private brokerLevels: Levels = { stopOut: new Dec(50), marginCall: new Dec(100) };
  /** Group id → the levels it sets (docs/trading-groups.md). */
  private groupLevels = new Map<number, Levels>();
  /** Told when the levels were read again (the engine's bands rest on them). */
  private readonly levelListeners = new Set<() => void>();

  constructor(
    private readonly valuation: Valuation,
    private readonly market: MarketService,
    private readonly settings: SettingsService,
    private readonly db: Db,
    private readonly onRefreshError: (err: unknown) => void = () => {},
  ) {}

  /**
   * Reads the operator's levels, the broker's and each group's (at start, and whenever the
   * settings or the groups change, on every instance).
   */
  async loadLevels(): Promise<void> {
    const stopOut = new Dec(await this.settings.number('stop_out_level'));
    const marginCall = new Dec(await this.settings.number('margin_call_level'));
    const groups = new Map<number, Levels>();
    for (const g of await listGroupLevels(this.db))
      if (g.stop_out_level !== null && g.margin_call_level !== null)
        groups.set(Number(g.id), {
          stopOut: new Dec(g.stop_out_level),
          marginCall: new Dec(g.margin_call_level),
        });
    this.brokerLevels = { stopOut, marginCall };
    this.groupLevels = groups;
    for (const listener of this.levelListeners) listener();
  }

  /** Hears every new reading of the levels. */
  onLevelsChanged(listener: () => void): void {
    this.levelListeners.add(listener);
  }

  /**
   * Reads the levels again after a change, in the background: a read that fails (the
   * database away, or closing) keeps the levels it had, and says so.
   */
  refreshLevels(): void {
    this.loadLevels().catch((err: unknown) => this.onRefreshError(err));
  }

  /** The stop-out and margin-call levels that apply to the account. */
  levelsOf(account: AccountBook): Levels {
    return (account.groupId !== null && this.groupLevels.get(account.groupId)) || this.brokerLevels;
  }

  /** USD per unit of the instrument's quote currency now, as a float (for bounds, not money). */
  quoteToUsd(inst: Instrument): number {
    return this.valuation.quoteToUsd(inst).toNumber();
  }

  /**
   * Margin level from the index (2 decimals, as shown), or null with nothing open; each
   * instrument's floating profit (micro-USD) goes into `profits` when given.
   */
  marginLevel(account: AccountBook, profits?: Map<number, number>): Dec | null {
    if (account.usedMargin <= 0) return null;
    let floating = 0;
    for (const [instrumentId, sums] of account.exposures) {
      const inst = this.market.instrument(instrumentId);
      const q = this.market.liveQuote(instrumentId);
      if (!inst || !q) continue;
      const profit = this.valuation.exposureProfit(inst, sums, q);
      profits?.set(instrumentId, profit);
      floating += profit;
    }
    return accountMarginLevel({
      equity: fromMicros(account.balance).plus(fromMicros(microUsd(floating))),
      usedMargin: fromMicros(account.usedMargin),
    });
  }

  /**
   * After a price move: sets the account's margin level and margin-call flag, and says whether a stop-out
   * should be checked in the database. The index sums round once where the desk rounds each
   * position, so a level one display step (0.01 %) above the stop-out level is nominated too.
   */
  assess(account: AccountBook, profits?: Map<number, number>): boolean {
    const level = this.marginLevel(account, profits);
    account.marginLevel = level;
    const levels = this.levelsOf(account);
    account.marginCalled = isMarginCall({ marginLevel: level, marginCallLevel: levels.marginCall });
    return isStopOutDue({ marginLevel: level, stopOutLevel: levels.stopOut.plus('0.01') });
  }
}
