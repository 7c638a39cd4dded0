import { lots, microUsd, points } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { InstrumentBooks } from './instrument-books.js';
import { toLotUnits, type LivePending, type LivePosition } from './live-order.js';

/** A level of the tests as the engine holds it: points, or none. */
const level = (p: number | null) => (p === null ? null : points(p));

const position = (
  id: number,
  side: 1 | 2,
  tp: number | null,
  sl: number | null,
  groupMarkup = 0,
  trailing: number | null = null,
): LivePosition => ({
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
  groupMarkup,
  trailing,
  fee: 0,
  createdAt: 0,
  openedAt: 0,
});
const pending = (
  id: number,
  side: 1 | 2,
  target: number,
  kind: LivePending['kind'],
  groupMarkup = 0,
): LivePending => ({
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
  groupMarkup,
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

  it('watches an order with a group markup at its own widened price: 3 of a markup of 7 off the bid, 4 on the ask', () => {
    const books = new InstrumentBooks();
    // A buy closes at bid − 3: its TP 1100 is reached at a board bid of 1103, its SL 900 at 903.
    const buy = position(1, 1, 1100, 900, 7);
    books.addPosition(buy);
    expect(fired(books, 1102, 1104)).toEqual([]);
    expect(fired(books, 1103, 1105)).toEqual(['tp:1']);
    books.removePosition(buy); // the engine closes it: its other level goes too
    const second = position(2, 1, 1100, 900, 7);
    books.addPosition(second);
    expect(fired(books, 904, 906)).toEqual([]);
    expect(fired(books, 903, 905)).toEqual(['sl:2']);
    books.removePosition(second);
    // A sell closes at ask + 4: its TP 900 is reached at a board ask of 896, its SL 1100 at 1096.
    const sell = position(3, 2, 900, 1100, 7);
    books.addPosition(sell);
    expect(fired(books, 895, 897)).toEqual([]);
    expect(fired(books, 894, 896)).toEqual(['tp:3']);
    books.removePosition(sell);
    const fourth = position(4, 2, 900, 1100, 7);
    books.addPosition(fourth);
    expect(fired(books, 1094, 1096)).toEqual(['sl:4']);
    // Removing finds the shifted levels again: nothing is left behind.
    books.removePosition(fourth);
    expect(books.size).toBe(0);
  });

  it('fills a pending order with a group markup when its widened side reaches the target', () => {
    const books = new InstrumentBooks();
    books.addPending(pending(1, 1, 990, 'buy_limit', 6)); // ask + 3 ≤ 990: ask ≤ 987
    books.addPending(pending(2, 2, 1010, 'sell_limit', 6)); // bid − 3 ≥ 1010: bid ≥ 1013
    expect(fired(books, 1012, 988)).toEqual([]);
    expect(fired(books, 1013, 1015)).toEqual(['pending:2']);
    expect(fired(books, 980, 987)).toEqual(['pending:1']);
    expect(books.size).toBe(0);
  });

  it('watches a trailing stop’s next step on its closing side, apart from its take-profit', () => {
    const books = new InstrumentBooks();
    // A buy with its stop at 900, trailing 100: the stop moves once the bid passes 1000.
    const buy = position(1, 1, 1001, 900, 0, 100);
    // A sell with its stop at 1100, trailing 100: it moves once the ask falls below 1000.
    const sell = position(2, 2, null, 1100, 0, 100);
    books.addPosition(buy);
    books.addPosition(sell);
    expect(books.size).toBe(5);
    expect(fired(books, 1000, 1000)).toEqual([]);
    // The bid one point past: the step fires, and the TP at the same level keeps its own entry.
    expect(fired(books, 1001, 1003)).toEqual(['tp:1', 'trail:1']);
    expect(fired(books, 990, 999)).toEqual(['trail:2']);
    books.removePosition(buy);
    books.removePosition(sell);
    expect(books.size).toBe(0);
  });

  it('watches price alerts on the bid, apart from orders with the same id', () => {
    const books = new InstrumentBooks();
    books.addPosition(position(7, 1, 1050, null));
    books.addAlert({ id: 7, userId: 1, instrumentId: 1, direction: 'above', level: points(1050) });
    books.addAlert({ id: 8, userId: 1, instrumentId: 1, direction: 'below', level: points(950) });
    expect(books.size).toBe(3);
    expect(fired(books, 1049, 1060)).toEqual([]); // the ask is not what an alert watches
    expect(fired(books, 1050, 1052)).toEqual(['alert:7', 'tp:7']);
    expect(fired(books, 949, 951)).toEqual(['alert:8']);
    expect(books.size).toBe(0);
  });
});
