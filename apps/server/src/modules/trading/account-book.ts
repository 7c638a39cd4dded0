import { microUsd, valuedOpenPoints, type Dec, type MicroUsd } from '@pipwise/shared';
import type { LiveAlert, LivePending, LivePosition } from './live-order.js';

/** Running sums of one account's positions on one instrument (see aggregateProfit). */
export interface ExposureSums {
  buyUnits: bigint;
  /** Σ lot units × open points of buys (each shifted by its group markup: valuedOpenPoints). */
  buyCost: bigint;
  sellUnits: bigint;
  sellCost: bigint;
  count: number;
}

/**
 * What the engine's index knows of one account: its balance, its live positions and
 * pending orders, the sums that price its exposure in O(instruments) instead of
 * O(positions), and its used margin. An index of the database, never an authority
 * (docs/money.md): money is decided in the database.
 */
export class AccountBook {
  readonly positions = new Map<number, LivePosition>();
  readonly pendings = new Map<number, LivePending>();
  /** Armed price alerts (docs/notifications.md): not money, but watched with the orders. */
  readonly alerts = new Map<number, LiveAlert>();
  readonly exposures = new Map<number, ExposureSums>();
  usedMargin = microUsd(0);
  /** Set once a margin call was sent, cleared when the level recovers, so it is sent once. */
  marginCalled = false;
  /** The margin level the last tick valued it at (2 decimals; null with nothing open). */
  marginLevel: Dec | null = null;

  constructor(
    readonly userId: number,
    /** As of the last committed change the index heard of. */
    public balance: MicroUsd,
    /** Held by withdrawals. */
    public lock: MicroUsd,
    /** Its trading group, whose levels apply (docs/trading-groups.md); null: the settings'. */
    public groupId: number | null = null,
  ) {}

  addPosition(p: LivePosition): void {
    this.positions.set(p.id, p);
    this.usedMargin = microUsd(this.usedMargin + p.margin);
    const sums = this.exposures.get(p.instrumentId) ?? {
      buyUnits: 0n,
      buyCost: 0n,
      sellUnits: 0n,
      sellCost: 0n,
      count: 0,
    };
    const cost = p.lotUnits * BigInt(valuedOpenPoints(p));
    if (p.side === 1) {
      sums.buyUnits += p.lotUnits;
      sums.buyCost += cost;
    } else {
      sums.sellUnits += p.lotUnits;
      sums.sellCost += cost;
    }
    sums.count += 1;
    this.exposures.set(p.instrumentId, sums);
  }

  removePosition(p: LivePosition): void {
    if (!this.positions.delete(p.id)) return;
    this.usedMargin = microUsd(this.usedMargin - p.margin);
    const sums = this.exposures.get(p.instrumentId);
    if (!sums) return;
    const cost = p.lotUnits * BigInt(valuedOpenPoints(p));
    if (p.side === 1) {
      sums.buyUnits -= p.lotUnits;
      sums.buyCost -= cost;
    } else {
      sums.sellUnits -= p.lotUnits;
      sums.sellCost -= cost;
    }
    sums.count -= 1;
    if (sums.count === 0) this.exposures.delete(p.instrumentId);
  }

  isEmpty(): boolean {
    return this.positions.size === 0 && this.pendings.size === 0 && this.alerts.size === 0;
  }
}
