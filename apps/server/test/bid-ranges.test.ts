import { MOVE_WINDOW_MINUTES, MOVE_WINDOWS, type MoveWindow } from '@pipwise/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveHundredths, RollingRange, type MinuteRange } from '../src/modules/trading/alerts/bid-ranges.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 2, 9, 0);

/**
 * The reference the deques must equal: every bid kept, each counted in its minute (or in the
 * current minute when it came late), and each window's low and high taken by a full scan.
 */
class ScanRange {
  private readonly seen: { minute: number; bid: number }[] = [];
  private current = -Infinity;

  observe(bid: number, time: number): void {
    this.current = Math.max(this.current, Math.floor(time / MINUTE) * MINUTE);
    this.seen.push({ minute: this.current, bid });
  }

  ranges(): Map<MoveWindow, { low: number; high: number }> {
    const out = new Map<MoveWindow, { low: number; high: number }>();
    if (this.seen.length === 0) return out;
    for (const w of MOVE_WINDOWS) {
      const from = this.current - (MOVE_WINDOW_MINUTES[w] - 1) * MINUTE;
      const bids = this.seen.filter((s) => s.minute >= from).map((s) => s.bid);
      out.set(w, { low: Math.min(...bids), high: Math.max(...bids) });
    }
    return out;
  }
}

/** A tick: the time it moves on (mostly seconds, sometimes a gap of hours, sometimes late). */
const tick = fc.record({
  bid: fc.integer({ min: 1, max: 2_000_000 }),
  advance: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 90_000 }) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 30 * MINUTE }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 26 * 60 * MINUTE }) },
    // A tick stamped before the current minute (a feed's clock behind): counts in the current.
    { weight: 1, arbitrary: fc.integer({ min: -3 * MINUTE, max: 0 }) },
  ),
});

describe('the rolling ranges of move alerts', () => {
  it('equal a full scan of every bid, for every window, after every tick', () => {
    fc.assert(
      fc.property(fc.array(tick, { minLength: 1, maxLength: 400 }), (ticks) => {
        const range = new RollingRange();
        const scan = new ScanRange();
        let time = T0;
        for (const t of ticks) {
          time += t.advance;
          range.observe(t.bid, time);
          scan.observe(t.bid, time);
          expect(Object.fromEntries(range.ranges())).toEqual(Object.fromEntries(scan.ranges()));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('is empty before the first bid', () => {
    expect(new RollingRange().ranges().size).toBe(0);
  });

  it('never measures from a minute older than the window', () => {
    const range = new RollingRange();
    range.observe(100, T0);
    range.observe(200, T0 + 4 * MINUTE);
    // The 5-minute window is this minute and the four before: the first bid is still in it.
    expect(range.ranges().get('5m')).toEqual({ low: 100, high: 200 });
    range.observe(150, T0 + 5 * MINUTE);
    expect(range.ranges().get('5m')).toEqual({ low: 150, high: 200 });
    expect(range.ranges().get('15m')).toEqual({ low: 100, high: 200 });
  });

  it('lays stored minutes under live ones, keeping the lower low and the higher high', () => {
    const range = new RollingRange();
    range.observe(120, T0 + 10 * MINUTE + 5_000);
    const stored: MinuteRange[] = [
      { time: T0, low: 90, high: 95 },
      { time: T0 + 9 * MINUTE, low: 110, high: 130 },
      // The live minute, as stored by the candles before the restart.
      { time: T0 + 10 * MINUTE, low: 118, high: 140 },
    ];
    range.seed(stored);
    expect(range.ranges().get('5m')).toEqual({ low: 110, high: 140 });
    expect(range.ranges().get('15m')).toEqual({ low: 90, high: 140 });
    // Live ticks go on in the seeded current minute, then close it.
    range.observe(117, T0 + 10 * MINUTE + 30_000);
    range.observe(125, T0 + 11 * MINUTE);
    expect(range.ranges().get('5m')).toEqual({ low: 110, high: 140 });
    expect(range.ranges().get('1h')).toEqual({ low: 90, high: 140 });
  });

  it('seeded from stored minutes after a restart, equals a scan of every bid', () => {
    fc.assert(
      fc.property(fc.array(tick, { minLength: 2, maxLength: 200 }), fc.nat({ max: 198 }), (ticks, at) => {
        // Ticks before the restart reach only the store (as 1-minute candles); after it, a
        // new range is seeded from the store and fed the rest live.
        const cut = Math.min(at, ticks.length - 2);
        const scan = new ScanRange();
        const stored = new Map<number, MinuteRange>();
        const restarted = new RollingRange();
        let time = T0;
        let minute = -Infinity;
        ticks.forEach((t, i) => {
          time += t.advance;
          scan.observe(t.bid, time);
          if (i <= cut) {
            minute = Math.max(minute, Math.floor(time / MINUTE) * MINUTE);
            const m = stored.get(minute);
            stored.set(minute, {
              time: minute,
              low: Math.min(m?.low ?? t.bid, t.bid),
              high: Math.max(m?.high ?? t.bid, t.bid),
            });
            return;
          }
          if (i === cut + 1) restarted.seed([...stored.values()]);
          restarted.observe(t.bid, time);
        });
        expect(Object.fromEntries(restarted.ranges())).toEqual(Object.fromEntries(scan.ranges()));
      }),
      { numRuns: 100 },
    );
  });
});

describe('how far the bid moved, in hundredths of a percent', () => {
  it('is exact in integers and rounded down', () => {
    expect(moveHundredths('up', 10_050, 10_000)).toBe(50);
    expect(moveHundredths('up', 10_049, 10_000)).toBe(49);
    expect(moveHundredths('down', 9_950, 10_000)).toBe(50);
    expect(moveHundredths('down', 10_001, 10_000)).toBe(0);
    expect(moveHundredths('up', 5, 0)).toBe(0);
    // Points near 10^14: a float product would lose the last unit.
    expect(moveHundredths('up', 100_000_000_000_001, 99_999_999_999_999)).toBe(0);
    expect(moveHundredths('up', 100_010_000_000_000, 100_000_000_000_000)).toBe(1);
    expect(moveHundredths('up', 100_009_999_999_999, 100_000_000_000_000)).toBe(0);
  });

  it('is the largest whole h with bid × 10,000 ≥ low × (10,000 + h), and the same down', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 14 }),
        fc.integer({ min: 1, max: 10 ** 14 }),
        (bidNumber, referenceNumber) => {
          const [bid, reference] = [BigInt(bidNumber), BigInt(referenceNumber)];
          const up = BigInt(moveHundredths('up', bidNumber, referenceNumber));
          const down = BigInt(moveHundredths('down', bidNumber, referenceNumber));
          // A move of more than 2^53 hundredths (a price × 10^12) is beyond any alert's 50 %.
          fc.pre(up < 2n ** 53n);
          if (up > 0n) expect(bid * 10_000n >= reference * (10_000n + up)).toBe(true);
          expect(bid * 10_000n >= reference * (10_000n + up + 1n)).toBe(false);
          if (down > 0n) expect(bid * 10_000n <= reference * (10_000n - down)).toBe(true);
          if (down < 10_000n) expect(bid * 10_000n <= reference * (10_000n - down - 1n)).toBe(false);
        },
      ),
    );
  });
});
