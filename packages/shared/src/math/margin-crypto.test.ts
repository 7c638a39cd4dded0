import { describe, expect, it } from 'vitest';
import { marginRequired } from './margin.js';
import { lots } from './units.js';

// BTCUSD: 1 coin a lot, quoted in USD.
const btc = { contractSize: '1', marginMode: 0 };

describe('margin of a crypto CFD (BTCUSD, 1 coin a lot)', () => {
  it('0.05 lots at 97123.45, leverage 20', () => {
    // 0.05 × 1 × 97123.45 / 20 = 4856.1725 / 20 = 242.808625
    expect(
      marginRequired({ ...btc, lots: lots('0.05'), leverage: 20, baseToUsd: '97123.45' }).toString(),
    ).toBe('242.808625');
  });

  it('0.01 lots at 87512.34, leverage 2', () => {
    // 0.01 × 87512.34 / 2 = 875.1234 / 2 = 437.5617
    expect(
      marginRequired({ ...btc, lots: lots('0.01'), leverage: 2, baseToUsd: '87512.34' }).toString(),
    ).toBe('437.5617');
  });
});
