import type { Points } from '@pipwise/shared';
import type { LivePending, LivePosition, TriggerEntry } from './live-order.js';
import { TriggerBook } from './trigger-book.js';

/**
 * The four trigger books of one instrument, by the price that drives them:
 * - bid rising:  buy take-profit, sell limit;   - bid falling: buy stop-loss, sell stop;
 * - ask rising:  sell stop-loss, buy stop;      - ask falling: sell take-profit, buy limit.
 * Buy positions close at the bid and sell positions at the ask, so that is where their
 * TP/SL are watched; pending buys fill at the ask and sells at the bid.
 */
export class InstrumentBooks {
  private readonly bidUp = new TriggerBook<TriggerEntry>('up');
  private readonly bidDown = new TriggerBook<TriggerEntry>('down');
  private readonly askUp = new TriggerBook<TriggerEntry>('up');
  private readonly askDown = new TriggerBook<TriggerEntry>('down');

  get size(): number {
    return this.bidUp.size + this.bidDown.size + this.askUp.size + this.askDown.size;
  }

  addPosition(p: LivePosition): void {
    const buy = p.side === 1;
    if (p.tp !== null)
      (buy ? this.bidUp : this.askDown).add(p.tp, p.id, { kind: 'tp', orderId: p.id, userId: p.userId });
    if (p.sl !== null)
      (buy ? this.bidDown : this.askUp).add(p.sl, p.id, { kind: 'sl', orderId: p.id, userId: p.userId });
  }

  removePosition(p: LivePosition): void {
    const buy = p.side === 1;
    if (p.tp !== null) (buy ? this.bidUp : this.askDown).remove(p.tp, p.id);
    if (p.sl !== null) (buy ? this.bidDown : this.askUp).remove(p.sl, p.id);
  }

  addPending(o: LivePending): void {
    this.pendingBook(o).add(o.targetPrice, o.id, { kind: 'pending', orderId: o.id, userId: o.userId });
  }

  removePending(o: LivePending): void {
    this.pendingBook(o).remove(o.targetPrice, o.id);
  }

  /** Removes and returns everything this quote reaches. */
  takeTriggered(bid: Points, ask: Points): TriggerEntry[] {
    const fired: TriggerEntry[] = [];
    this.bidUp.takeTriggered(bid, fired);
    this.bidDown.takeTriggered(bid, fired);
    this.askUp.takeTriggered(ask, fired);
    this.askDown.takeTriggered(ask, fired);
    return fired;
  }

  private pendingBook(o: LivePending): TriggerBook<TriggerEntry> {
    switch (o.kind) {
      case 'buy_limit':
        return this.askDown;
      case 'buy_stop':
        return this.askUp;
      case 'sell_limit':
        return this.bidUp;
      case 'sell_stop':
        return this.bidDown;
    }
  }
}
