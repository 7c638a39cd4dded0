import { createRequire } from 'node:module';
import type { Points } from '@pipwise/shared';
import type SortedBTreeModule from 'sorted-btree';

// sorted-btree is CommonJS with its class on `exports.default`; Node's ESM loader and
// Vitest's disagree on what a default import of it gives, so load it the CommonJS way.
const sortedBtree = createRequire(import.meta.url)('sorted-btree') as typeof SortedBTreeModule;
const BTree = sortedBtree.default;

/**
 * A price-ordered book of triggers for one instrument and one direction: the entries that
 * fire when the price rises to (or above) their level, or falls to (or below) it. Keys are
 * [price, orderId], so a tick finds what fired in O(log n + fired) and never looks at the
 * entries that did not.
 */
type Key = readonly [price: Points, orderId: number];

const compare = (a: Key, b: Key) => a[0] - b[0] || a[1] - b[1];

export class TriggerBook<T> {
  private readonly tree = new BTree<Key, T>(undefined, compare);

  /**
   * @param fires 'up': an entry fires when the price is at or above its level;
   *   'down': when the price is at or below it.
   */
  constructor(readonly fires: 'up' | 'down') {}

  get size(): number {
    return this.tree.size;
  }

  add(price: Points, orderId: number, value: T): void {
    this.tree.set([price, orderId], value);
  }

  remove(price: Points, orderId: number): void {
    this.tree.delete([price, orderId]);
  }

  /** Removes every entry the price reaches and appends it to `out`. */
  takeTriggered(price: Points, out: T[]): void {
    // Most ticks reach nothing: one look at the nearest level settles it.
    const nearest = this.fires === 'up' ? this.tree.minKey() : this.tree.maxKey();
    if (nearest === undefined || (this.fires === 'up' ? nearest[0] > price : nearest[0] < price)) return;
    const fired: { key: Key; value: T }[] = [];
    if (this.fires === 'up') {
      // Levels at or below the price have been reached: walk up from the lowest.
      for (const [key, value] of this.tree.entries()) {
        if (key[0] > price) break;
        fired.push({ key, value });
      }
    } else {
      // Levels at or above the price have been reached: walk down from the highest.
      for (const [key, value] of this.tree.entriesReversed()) {
        if (key[0] < price) break;
        fired.push({ key, value });
      }
    }
    for (const { key, value } of fired) {
      this.tree.delete(key);
      out.push(value);
    }
  }
}
