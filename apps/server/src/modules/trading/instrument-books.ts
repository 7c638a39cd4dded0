import { MOVE_WINDOWS, onBoard, points, type MoveWindow, type Points } from '@pipwise/shared';
import { moveHundredths, type WindowRange } from './alerts/bid-ranges.js';
import type { LiveAlert, LivePending, LivePosition, LivePriceAlert, TriggerEntry } from './live-order.js';
import { TriggerBook } from './trigger-book.js';

/** A move alert the bid reached: the window's reference it moved from. */
export interface MoveHit {
  entry: TriggerEntry;
  window: MoveWindow;
  direction: 'up' | 'down';
  reference: Points;
}

/**
 * The four trigger books of one instrument, by the price that drives them:
 * - bid rising:  buy take-profit, sell limit;   - bid falling: buy stop-loss, sell stop;
 * - ask rising:  sell stop-loss, buy stop;      - ask falling: sell take-profit, buy limit.
 * Buy positions close at the bid and sell positions at the ask, so that is where their
 * TP/SL are watched; pending buys fill at the ask and sells at the bid.
 *
 * An order with a group markup deals at the quote widened by it (docs/trading-groups.md
 * "Markup"): its level is kept where the board's quote reaches it — a bid-book level
 * `floor(m/2)` higher, an ask-book level the rest lower — so one price-ordered book per
 * side still serves every order, whatever its markup.
 *
 * A trailing stop's next step (the price at which its stop-loss would move) has a book of
 * its own per side, so it never shares a key with the same position's TP.
 *
 * Price alerts have two books of their own on the board's bid (docs/notifications.md
 * "Price alerts"): their ids are not order ids, so they never share a key with an order.
 * Move alerts have a book per window and direction, ordered by their percentage: a tick
 * measures the bid's move in each window once and takes the alerts it reaches.
 */
export class InstrumentBooks {
  private readonly bidUp = new TriggerBook<TriggerEntry>('up');
  private readonly bidDown = new TriggerBook<TriggerEntry>('down');
  private readonly askUp = new TriggerBook<TriggerEntry>('up');
  private readonly askDown = new TriggerBook<TriggerEntry>('down');
  /** Buys' trailing steps (the bid rising); sells' are on the ask falling. */
  private readonly trailBid = new TriggerBook<TriggerEntry>('up');
  private readonly trailAsk = new TriggerBook<TriggerEntry>('down');
  private readonly alertsUp = new TriggerBook<TriggerEntry>('up');
  private readonly alertsDown = new TriggerBook<TriggerEntry>('down');
  /** `<window> <direction>` → move alerts keyed by hundredths of a percent. */
  private readonly moves = new Map<string, TriggerBook<TriggerEntry>>();

  /** How many move alerts are armed here (a tick measures moves only when some are). */
  get moveCount(): number {
    let n = 0;
    for (const book of this.moves.values()) n += book.size;
    return n;
  }

  get size(): number {
    return (
      this.bidUp.size +
      this.bidDown.size +
      this.askUp.size +
      this.askDown.size +
      this.trailBid.size +
      this.trailAsk.size +
      this.alertsUp.size +
      this.alertsDown.size +
      this.moveCount
    );
  }

  addAlert(a: LiveAlert): void {
    const entry = { kind: 'alert' as const, orderId: a.id, userId: a.userId };
    if (a.kind === 'move') this.moveBook(a.window, a.direction).add(points(a.hundredths), a.id, entry);
    else this.alertBook(a).add(a.level, a.id, entry);
  }

  removeAlert(a: LiveAlert): void {
    if (a.kind === 'move') this.moveBook(a.window, a.direction).remove(points(a.hundredths), a.id);
    else this.alertBook(a).remove(a.level, a.id);
  }

  /**
   * Removes and returns the move alerts this bid reaches: per window, the move up from its
   * low and down from its high (whole hundredths of a percent), and every alert of that
   * window and direction whose percentage is at most it.
   */
  takeMoves(bid: Points, ranges: ReadonlyMap<MoveWindow, WindowRange>): MoveHit[] {
    const hits: MoveHit[] = [];
    if (this.moveCount === 0) return hits;
    for (const window of MOVE_WINDOWS) {
      const range = ranges.get(window);
      if (!range) continue;
      for (const direction of ['up', 'down'] as const) {
        const book = this.moves.get(`${window} ${direction}`);
        if (!book || book.size === 0) continue;
        const reference = direction === 'up' ? range.low : range.high;
        const move = moveHundredths(direction, bid, reference);
        if (move === 0) continue;
        const fired: TriggerEntry[] = [];
        book.takeTriggered(points(move), fired);
        for (const entry of fired) hits.push({ entry, window, direction, reference });
      }
    }
    return hits;
  }

  private moveBook(window: MoveWindow, direction: 'up' | 'down'): TriggerBook<TriggerEntry> {
    const key = `${window} ${direction}`;
    let book = this.moves.get(key);
    if (!book) {
      book = new TriggerBook<TriggerEntry>('up');
      this.moves.set(key, book);
    }
    return book;
  }

  addPosition(p: LivePosition): void {
    const buy = p.side === 1;
    const entry = (kind: 'tp' | 'sl') => ({ kind, orderId: p.id, userId: p.userId });
    // A buy closes at the bid: its levels are on the bid books; a sell's on the ask books.
    if (p.tp !== null) (buy ? this.bidUp : this.askDown).add(onBook(p.tp, buy, p), p.id, entry('tp'));
    if (p.sl !== null) (buy ? this.bidDown : this.askUp).add(onBook(p.sl, buy, p), p.id, entry('sl'));
    const step = trailStep(p);
    if (step !== null)
      (buy ? this.trailBid : this.trailAsk).add(onBook(step, buy, p), p.id, {
        kind: 'trail',
        orderId: p.id,
        userId: p.userId,
      });
  }

  removePosition(p: LivePosition): void {
    const buy = p.side === 1;
    if (p.tp !== null) (buy ? this.bidUp : this.askDown).remove(onBook(p.tp, buy, p), p.id);
    if (p.sl !== null) (buy ? this.bidDown : this.askUp).remove(onBook(p.sl, buy, p), p.id);
    const step = trailStep(p);
    if (step !== null) (buy ? this.trailBid : this.trailAsk).remove(onBook(step, buy, p), p.id);
  }

  addPending(o: LivePending): void {
    const entry = { kind: 'pending' as const, orderId: o.id, userId: o.userId };
    this.pendingBook(o).add(onBook(o.targetPrice, onBidBook(o), o), o.id, entry);
  }

  removePending(o: LivePending): void {
    this.pendingBook(o).remove(onBook(o.targetPrice, onBidBook(o), o), o.id);
  }

  /** Removes and returns everything this quote reaches. */
  takeTriggered(bid: Points, ask: Points): TriggerEntry[] {
    const fired: TriggerEntry[] = [];
    this.bidUp.takeTriggered(bid, fired);
    this.bidDown.takeTriggered(bid, fired);
    this.askUp.takeTriggered(ask, fired);
    this.askDown.takeTriggered(ask, fired);
    this.trailBid.takeTriggered(bid, fired);
    this.trailAsk.takeTriggered(ask, fired);
    this.alertsUp.takeTriggered(bid, fired);
    this.alertsDown.takeTriggered(bid, fired);
    return fired;
  }

  private alertBook(a: LivePriceAlert): TriggerBook<TriggerEntry> {
    return a.direction === 'above' ? this.alertsUp : this.alertsDown;
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

/**
 * Where a trailing stop next moves (the position's closing price, before markup): one point
 * past the stop-loss plus the distance, in the position's favour; null without one.
 */
function trailStep(p: LivePosition): Points | null {
  if (!p.trailing || p.sl === null) return null;
  return points(p.side === 1 ? p.sl + p.trailing + 1 : p.sl - p.trailing - 1);
}

/** Whether a pending order is watched on the bid (sells fill at the bid). */
function onBidBook(o: LivePending): boolean {
  return o.kind === 'sell_limit' || o.kind === 'sell_stop';
}

/** An order's level where the board's quote reaches it (shared `onBoard`). */
function onBook(level: Points, bidBook: boolean, order: { groupMarkup: number }): Points {
  return onBoard(level, bidBook, order.groupMarkup);
}
