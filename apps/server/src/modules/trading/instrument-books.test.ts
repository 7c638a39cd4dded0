import { lots, microUsd, points } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { InstrumentBooks } from './instrument-books.js';
import { toLotUnits, type LivePending, type LivePosition } from './live-order.js';

/** A level of the tests as the engine holds it: points, or none. */
const level = (p: number | null) => (p === null ? null : points(p));

const position = (id: number, side: 1 | 2, tp: number | null, sl: number | null): LivePosition => ({
  id,
  userId: 1,
  instrumentId: 1,
  side,
  lots: lots('1'),
  lotUnits: toLotUnits('1'),
  leverage: 100,
  openPrice: points(1000),
  tp: level(tp),
  sl: level(sl),
  margin: microUsd(0),
  fee: 0,
  createdAt: 0,
  openedAt: 0,
});
const pending = (id: number, side: 1 | 2, target: number, kind: LivePending['kind']): LivePending => ({
  id,
  userId: 1,
  instrumentId: 1,
  side,
  lots: lots('1'),
  lotUnits: toLotUnits('1'),
  leverage: 100,
  targetPrice: points(target),
  tp: null,
  sl: null,
  kind,
  createdAt: 0,
});
const fired = (books: InstrumentBooks, bid: number, ask: number) =>
  books
    .takeTriggered(points(bid), points(ask))
    .map((e) => `${e.kind}:${e.orderId}`)
    .sort();

describe('trigger books', () => {
  it('fires a buy take-profit when the bid reaches it, and its stop-loss when the bid falls to it', () => {
    const books = new InstrumentBooks();
    const first = position(1, 1, 1100, 900);
    books.addPosition(first);
    expect(fired(books, 1099, 1101)).toEqual([]); // the ask does not close a buy
    expect(fired(books, 1100, 1102)).toEqual(['tp:1']);
    books.removePosition(first); // the engine closes it: its other level goes too
    books.addPosition(position(2, 1, 1100, 900));
    expect(fired(books, 901, 903)).toEqual([]);
    expect(fired(books, 900, 902)).toEqual(['sl:2']);
  });

  it('fires a sell take-profit when the ask falls to it, and its stop-loss when the ask rises to it', () => {
    const books = new InstrumentBooks();
    const first = position(1, 2, 900, 1100);
    books.addPosition(first);
    expect(fired(books, 899, 901)).toEqual([]); // the bid does not close a sell
    expect(fired(books, 898, 900)).toEqual(['tp:1']);
    books.removePosition(first);
    books.addPosition(position(2, 2, 900, 1100));
    expect(fired(books, 1098, 1100)).toEqual(['sl:2']);
  });

  it('fills each kind of pending order on its side of the quote', () => {
    const books = new InstrumentBooks();
    books.addPending(pending(1, 1, 990, 'buy_limit')); // ask ≤ 990
    books.addPending(pending(2, 1, 1010, 'buy_stop')); // ask ≥ 1010
    books.addPending(pending(3, 2, 1010, 'sell_limit')); // bid ≥ 1010
    books.addPending(pending(4, 2, 990, 'sell_stop')); // bid ≤ 990
    expect(fired(books, 995, 1005)).toEqual([]);
    expect(fired(books, 1000, 1010)).toEqual(['pending:2']);
    expect(fired(books, 1010, 1020)).toEqual(['pending:3']);
    expect(fired(books, 980, 990)).toEqual(['pending:1', 'pending:4']);
    expect(books.size).toBe(0);
  });

  it('fires every level a gap jumps over, once, and forgets removed ones', () => {
    const books = new InstrumentBooks();
    for (let id = 1; id <= 50; id++) books.addPosition(position(id, 1, 1000 + id, null));
    const removed = position(7, 1, 1007, null);
    books.removePosition(removed);
    const hit = fired(books, 1025, 1027);
    expect(hit).toHaveLength(24);
    expect(hit).not.toContain('tp:7');
    expect(fired(books, 1025, 1027)).toEqual([]);
    expect(books.size).toBe(25);
  });
});
