import { describe, expect, it } from 'vitest';
import { withdrawableAmount, withdrawArrival, withdrawFee } from './withdraw.js';

describe('withdrawal fee and estimated arrival', () => {
  it('fee_type 1: a fixed fee equal to draw_rate', () => {
    const fee = withdrawFee({ amount: 100, feeType: 1, drawRate: 5 });
    expect(fee.toString()).toBe('5');
    // (100 − 5) × 1 = 95
    expect(withdrawArrival({ amount: 100, fee, usdPrice: 1 }).toFixed(2)).toBe('95.00');
  });

  it('other fee_type: amount × draw_rate', () => {
    // 1234.5 × 0.002 = 2.469
    const fee = withdrawFee({ amount: '1234.5', feeType: 2, drawRate: '0.002' });
    expect(fee.toString()).toBe('2.469');
    // (1234.5 − 2.469) × 0.9995 = 1232.031 × 0.9995 = 1231.4149845 → 1231.41
    expect(withdrawArrival({ amount: '1234.5', fee, usdPrice: '0.9995' }).toString()).toBe('1231.41');
  });

  it('rounds half up at 2 decimals where floats would not', () => {
    // (1.015 − 0) × 1 = 1.015 → 1.02 (floats: (1.015).toFixed(2) = "1.01")
    expect((1.015).toFixed(2)).toBe('1.01');
    expect(withdrawArrival({ amount: 1.015, fee: 0, usdPrice: 1 }).toString()).toBe('1.02');
  });

  it('is floored at 0 when the fee exceeds the amount', () => {
    // (3 − 5) × 1 = −2 → 0
    expect(withdrawArrival({ amount: 3, fee: 5, usdPrice: 1 }).toString()).toBe('0');
    // (5 − 5.001) × 1 = −0.001 → −0.00 → 0 (never "-0")
    expect(withdrawArrival({ amount: 5, fee: '5.001', usdPrice: 1 }).toString()).toBe('0');
  });

  it('rejects negative amounts and rates', () => {
    expect(() => withdrawFee({ amount: -1, feeType: 2, drawRate: 0.01 })).toThrow(RangeError);
    expect(() => withdrawFee({ amount: 1, feeType: 1, drawRate: -1 })).toThrow(RangeError);
  });
});

describe('withdrawableAmount', () => {
  it('is the available balance, or free margin when positions need more of it', () => {
    // Nothing open: balance − held.
    expect(withdrawableAmount({ balance: 500, held: 120, freeMargin: 380 }).toString()).toBe('380');
    // Open positions: free margin is the smaller.
    expect(withdrawableAmount({ balance: 1000, held: 0, freeMargin: '612.345678' }).toString()).toBe(
      '612.345678',
    );
    // Losses since the request: never below zero.
    expect(withdrawableAmount({ balance: 100, held: 120, freeMargin: -20 }).toString()).toBe('0');
  });
});
