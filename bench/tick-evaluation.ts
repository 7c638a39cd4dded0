import { lots, microUsd, points, type Points } from '@pipwise/shared';
import { InstrumentBooks } from '../apps/server/src/modules/trading/instrument-books.js';
import {
  toLotUnits,
  type LivePending,
  type LivePosition,
} from '../apps/server/src/modules/trading/live-order.js';
import { seededRandom } from '../apps/server/test/risk-book-fixture.js';

/**
 * Tick evaluation: how long one tick takes to find the TP/SL and pending orders it fires,
 * with the engine's price-ordered books against a scan of every live order.
 * Both sides see the same orders and the same ticks and must fire the same orders.
 */

interface Order {
  position?: LivePosition;
  pending?: LivePending;
}

const SPREAD = 10;

function makeOrders(count: number, mid: number, random: () => number): Order[] {
  const orders: Order[] = [];
  for (let id = 1; id <= count; id++) {
    const side = random() < 0.5 ? 1 : 2;
    // Levels 20–2,000 points away, the way traders spread TP/SL around the price.
    const away = () => 20 + Math.floor(random() * 1980);
    if (random() < 0.8) {
      const open = mid + Math.floor((random() - 0.5) * 200);
      const dir = side === 1 ? 1 : -1;
      orders.push({
        position: {
          id,
          userId: id % 1000,
          instrumentId: 1,
          side: side,
          lots: lots('0.10'),
          lotUnits: toLotUnits('0.10'),
          leverage: 100,
          openPrice: points(open),
          tp: points(open + dir * away()),
          sl: points(open - dir * away()),
          margin: microUsd(0),
          // The baseline scan below compares raw levels: no group markup, no trailing stop here.
          groupMarkup: 0,
          trailing: null,
          fee: 0,
          createdAt: 0,
          openedAt: 0,
        },
      });
    } else {
      const below = random() < 0.5;
      const target = below ? mid - away() : mid + away();
      const kind = side === 1 ? (below ? 'buy_limit' : 'buy_stop') : below ? 'sell_stop' : 'sell_limit';
      orders.push({
        pending: {
          id,
          userId: id % 1000,
          instrumentId: 1,
          side: side,
          lots: lots('0.10'),
          lotUnits: toLotUnits('0.10'),
          leverage: 100,
          targetPrice: points(target),
          tp: null,
          sl: null,
          groupMarkup: 0,
          kind,
          createdAt: 0,
        },
      });
    }
  }
  return orders;
}

/** What a scan must check for each live order: the same rules as the books. */
function firesOnScan(o: Order, bid: number, ask: number): boolean {
  if (o.position) {
    const p = o.position;
    if (p.side === 1) return (p.tp !== null && bid >= p.tp) || (p.sl !== null && bid <= p.sl);
    return (p.tp !== null && ask <= p.tp) || (p.sl !== null && ask >= p.sl);
  }
  const q = o.pending!;
  switch (q.kind) {
    case 'buy_limit':
      return ask <= q.targetPrice;
    case 'buy_stop':
      return ask >= q.targetPrice;
    case 'sell_limit':
      return bid >= q.targetPrice;
    case 'sell_stop':
      return bid <= q.targetPrice;
  }
}

export function benchTicks(count: number, ticks = 5_000): { booksUs: number; scanUs: number; fired: number } {
  const mid = 1_158_000;
  const random = seededRandom(count);
  const orders = makeOrders(count, mid, random);
  const path: Points[] = [];
  let price = mid;
  for (let i = 0; i < ticks; i++) {
    price += Math.round((random() - 0.5) * 8);
    path.push(points(price));
  }

  // Books: a fired order leaves its book, as in the engine.
  const books = new InstrumentBooks();
  for (const o of orders) {
    if (o.position) books.addPosition(o.position);
    else books.addPending(o.pending!);
  }
  const byId = new Map(orders.map((o) => [(o.position ?? o.pending)!.id, o]));
  let firedBooks = 0;
  let start = process.hrtime.bigint();
  for (const bid of path) {
    for (const entry of books.takeTriggered(bid, points(bid + SPREAD))) {
      const position = byId.get(entry.orderId)?.position;
      // As in the engine: a closed position leaves its other level's book too.
      if (position) books.removePosition(position);
      firedBooks++;
    }
  }
  const booksNs = Number(process.hrtime.bigint() - start);

  // Scan: every live order checked on every tick; a fired order leaves the live set.
  let live = orders.slice();
  let firedScan = 0;
  start = process.hrtime.bigint();
  for (const bid of path) {
    const ask = bid + SPREAD;
    let fired = 0;
    for (const o of live) if (firesOnScan(o, bid, ask)) fired++;
    if (fired > 0) live = live.filter((o) => !firesOnScan(o, bid, ask));
    firedScan += fired;
  }
  const scanNs = Number(process.hrtime.bigint() - start);
  if (firedScan !== firedBooks) throw new Error(`books fired ${firedBooks} orders, the scan ${firedScan}`);
  return { booksUs: booksNs / ticks / 1000, scanUs: scanNs / ticks / 1000, fired: firedScan };
}
