import { MOVE_WINDOW_MINUTES, MOVE_WINDOWS, type MoveWindow, type Points } from '@pipwise/shared';

const MINUTE_MS = 60_000;
/** The longest window, in minutes: older buckets are forgotten. */
const LONGEST = Math.max(...MOVE_WINDOWS.map((w) => MOVE_WINDOW_MINUTES[w]));

/** One minute of bids: its lowest and highest (points). */
export interface MinuteRange {
  /** The minute's start, epoch ms. */
  time: number;
  low: number;
  high: number;
}

/** The bid's low and high over a window, points. */
export interface WindowRange {
  low: Points;
  high: Points;
}

/** A deque of minutes kept monotonic: the front is the window's extreme. */
class MonotonicDeque {
  private items: MinuteRange[] = [];
  private head = 0;

  constructor(private readonly side: 'low' | 'high') {}

  push(m: MinuteRange): void {
    // A later minute at least as extreme makes the ones before it irrelevant.
    const dominated =
      this.side === 'low' ? (x: MinuteRange) => x.low >= m.low : (x: MinuteRange) => x.high <= m.high;
    while (this.items.length > this.head && dominated(this.items[this.items.length - 1]!)) this.items.pop();
    this.items.push(m);
  }

  /** The extreme of the minutes from `from` (epoch ms) on, after dropping older ones. */
  front(from: number): MinuteRange | undefined {
    while (this.head < this.items.length && this.items[this.head]!.time < from) this.head += 1;
    if (this.head > 64 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return this.items[this.head];
  }
}

/**
 * The rolling low and high of one instrument's bid over each window of MOVE_WINDOWS
 * (docs/notifications.md "Price alerts"), at one-minute resolution: closed minutes sit in a
 * monotonic deque per window and side, the current minute apart, so a tick costs O(1)
 * amortised. A window of W minutes is the current minute and the W − 1 before it: a move is
 * never measured from a bid older than W.
 */
export class RollingRange {
  /** Closed minutes of the last 24 h, oldest first (kept to merge a seed into). */
  private closed: MinuteRange[] = [];
  private current: MinuteRange | undefined;
  private lows = new Map<MoveWindow, MonotonicDeque>();
  private highs = new Map<MoveWindow, MonotonicDeque>();

  constructor() {
    this.rebuild();
  }

  /** A bid at `time` (epoch ms); a time before the current minute counts in the current one. */
  observe(bid: number, time: number): void {
    const minute = Math.floor(time / MINUTE_MS) * MINUTE_MS;
    const cur = this.current;
    if (cur && minute <= cur.time) {
      if (bid < cur.low) cur.low = bid;
      if (bid > cur.high) cur.high = bid;
      return;
    }
    if (cur) this.close(cur);
    this.current = { time: minute, low: bid, high: bid };
  }

  /** Each window's low and high as of the current minute; empty before the first bid. */
  ranges(): Map<MoveWindow, WindowRange> {
    const out = new Map<MoveWindow, WindowRange>();
    const cur = this.current;
    if (!cur) return out;
    for (const w of MOVE_WINDOWS) {
      const from = cur.time - (MOVE_WINDOW_MINUTES[w] - 1) * MINUTE_MS;
      const low = this.lows.get(w)!.front(from);
      const high = this.highs.get(w)!.front(from);
      out.set(w, {
        low: Math.min(cur.low, low?.low ?? cur.low) as Points,
        high: Math.max(cur.high, high?.high ?? cur.high) as Points,
      });
    }
    return out;
  }

  /**
   * Lays stored minutes (1-minute candles: their low and high) under what was seen live: a
   * minute known to both keeps the lower low and the higher high.
   */
  seed(minutes: readonly MinuteRange[]): void {
    const byTime = new Map<number, MinuteRange>();
    const put = (m: MinuteRange) => {
      const known = byTime.get(m.time);
      byTime.set(
        m.time,
        known
          ? { time: m.time, low: Math.min(known.low, m.low), high: Math.max(known.high, m.high) }
          : { ...m },
      );
    };
    for (const m of minutes) put(m);
    for (const m of this.closed) put(m);
    if (this.current) put(this.current);
    const all = [...byTime.values()].sort((a, b) => a.time - b.time);
    const last = all.pop();
    this.current = last;
    this.closed = all;
    this.rebuild();
  }

  private close(m: MinuteRange): void {
    this.closed.push(m);
    const oldest = m.time - LONGEST * MINUTE_MS;
    let drop = 0;
    while (drop < this.closed.length && this.closed[drop]!.time <= oldest) drop += 1;
    if (drop > 0) this.closed.splice(0, drop);
    for (const w of MOVE_WINDOWS) {
      this.lows.get(w)!.push(m);
      this.highs.get(w)!.push(m);
    }
  }

  private rebuild(): void {
    for (const w of MOVE_WINDOWS) {
      const low = new MonotonicDeque('low');
      const high = new MonotonicDeque('high');
      for (const m of this.closed) {
        low.push(m);
        high.push(m);
      }
      this.lows.set(w, low);
      this.highs.set(w, high);
    }
  }
}

/** Every instrument's rolling ranges, fed by the engine's ticks and seeded from candles. */
export class BidRanges {
  private readonly byInstrument = new Map<number, RollingRange>();

  of(instrumentId: number): RollingRange {
    let range = this.byInstrument.get(instrumentId);
    if (!range) {
      range = new RollingRange();
      this.byInstrument.set(instrumentId, range);
    }
    return range;
  }
}

/**
 * How far the bid has moved from the window's reference, in whole hundredths of a percent
 * (rounded down), exactly: `up` from the low, `down` from the high; 0 when it has not.
 * An alert of X hundredths fires when X ≤ this, i.e. bid × 10,000 ≥ low × (10,000 + X), or
 * bid × 10,000 ≤ high × (10,000 − X): integer arithmetic on points, never floats.
 */
export function moveHundredths(direction: 'up' | 'down', bid: number, reference: number): number {
  const diff = direction === 'up' ? bid - reference : reference - bid;
  if (diff <= 0 || reference <= 0) return 0;
  // Points may reach 10^14: the product is taken in BigInt, so it stays exact.
  return Number((BigInt(diff) * 10_000n) / BigInt(reference));
}
