import { describe, expect, it } from 'vitest';
import { netProfitOf } from './position-figures';

describe('a position’s net profit, as the server books NetProfits', () => {
  it('is gross − fee − commission + swap', () => {
    expect(netProfitOf({ FactProfits: 20, TradeFee: 7, Commission: 7, Swap: -1.5 })).toBe(4.5);
    // A swap paid to the trader adds to it.
    expect(netProfitOf({ FactProfits: 20, TradeFee: 7, Commission: 7, Swap: 2 })).toBe(8);
  });

  it('is exact to the micro-dollar, with no float residue', () => {
    expect(netProfitOf({ FactProfits: 0.3, TradeFee: 0.1, Commission: 0.1, Swap: 0 })).toBe(0.1);
    expect(netProfitOf({ FactProfits: 1.000003, TradeFee: 0.000001, Commission: 0.000002, Swap: 0 })).toBe(1);
  });

  it('counts a commission as a cost even on a winning trade turned into a loss', () => {
    expect(netProfitOf({ FactProfits: 5, TradeFee: 2, Commission: 4, Swap: 0 })).toBe(-1);
  });

  it('takes a commission or swap missing from an older server as none', () => {
    const old = { FactProfits: 10, TradeFee: 1 } as Parameters<typeof netProfitOf>[0];
    expect(netProfitOf(old)).toBe(9);
  });
});
