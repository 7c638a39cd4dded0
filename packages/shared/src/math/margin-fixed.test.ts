import { describe, expect, it } from 'vitest';
import { MarginMode } from '../domain/market.js';
import { marginRequired } from './margin.js';
import { lots } from './units.js';

// MarginMode 1: margin = lots × ForexContNum (docs/product.md §5), leverage and price not used.

describe('margin in fixed mode (MarginMode 1)', () => {
  it('is lots × units per lot', () => {
    // 0.5 × 100 = 50
    const gold = { lots: lots('0.5'), contractSize: '100', marginMode: MarginMode.Fixed };
    expect(marginRequired({ ...gold, leverage: 100, baseToUsd: '4085.37' }).toString()).toBe('50');
    // 0.01 × 100000 = 1000
    const fx = { lots: lots('0.01'), contractSize: '100000', marginMode: MarginMode.Fixed };
    expect(marginRequired({ ...fx, leverage: 500, baseToUsd: '1.08345' }).toString()).toBe('1000');
  });

  it('ignores leverage and rate: no RangeError for them', () => {
    // 2 × 1 = 2
    const index = { lots: lots(2), contractSize: 1, marginMode: MarginMode.Fixed };
    expect(marginRequired({ ...index, leverage: 0, baseToUsd: 0 }).toString()).toBe('2');
  });

  it('still rejects lots ≤ 0', () => {
    expect(() =>
      marginRequired({
        lots: lots(0),
        contractSize: 1,
        marginMode: MarginMode.Fixed,
        leverage: 1,
        baseToUsd: 1,
      }),
    ).toThrow(RangeError);
  });
});
