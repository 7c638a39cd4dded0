import { describe, expect, it } from 'vitest';
import { marginRequired } from './margin.js';
import { lots } from './units.js';

// XAUUSD: 100 oz a lot, quoted in USD, so baseToUsd is the fill price.
const gold = { contractSize: '100', marginMode: 0 };

describe('margin of a metal (XAUUSD, 100 oz a lot)', () => {
  it('0.1 lots at 4085.37, leverage 100', () => {
    // 0.1 × 100 × 4085.37 / 100 = 10 × 4085.37 / 100 = 408.537
    expect(
      marginRequired({ ...gold, lots: lots('0.1'), leverage: 100, baseToUsd: '4085.37' }).toString(),
    ).toBe('408.537');
  });

  it('0.03 lots at 4085.37, leverage 200', () => {
    // 0.03 × 100 × 4085.37 / 200 = 12256.11 / 200 = 61.28055
    expect(
      marginRequired({ ...gold, lots: lots('0.03'), leverage: 200, baseToUsd: '4085.37' }).toString(),
    ).toBe('61.28055');
  });
});
