import { describe, expect, it } from 'vitest';
import { tradeFee } from './fee.js';
import { lots } from './units.js';

describe('trading fee', () => {
  it('trade_fee_type 1: lots × ForexFeeRate (USD per lot)', () => {
    // 0.5 × 7 = 3.5
    expect(tradeFee({ tradeFeeType: 1, lots: lots('0.5'), feeRate: '7', margin: '541.725' }).toString()).toBe(
      '3.5',
    );
    // 0.03 × 7 = 0.21 (as floats 0.03 * 7 = 0.21000000000000002)
    expect(tradeFee({ tradeFeeType: 1, lots: lots(0.03), feeRate: 7, margin: 0 }).toString()).toBe('0.21');
  });

  it('any other type: margin × ForexFeeRate, 6 decimals half up', () => {
    // 541.725 × 0.001 = 0.541725
    expect(
      tradeFee({ tradeFeeType: 2, lots: lots('0.5'), feeRate: '0.001', margin: '541.725' }).toString(),
    ).toBe('0.541725');
    // 541.725 × 0.0015 = 0.8125875 → 0.812588 (half up)
    expect(
      tradeFee({ tradeFeeType: 0, lots: lots('0.5'), feeRate: '0.0015', margin: '541.725' }).toString(),
    ).toBe('0.812588');
    // 30.626633 × 0.0003 = 0.0091879899 → 0.009188
    expect(
      tradeFee({ tradeFeeType: 2, lots: lots('0.07'), feeRate: '0.0003', margin: '30.626633' }).toString(),
    ).toBe('0.009188');
  });

  it('rejects lots ≤ 0 and negative rates', () => {
    expect(() => tradeFee({ tradeFeeType: 1, lots: lots(0), feeRate: 7, margin: 0 })).toThrow(RangeError);
    expect(() => tradeFee({ tradeFeeType: 1, lots: lots(1), feeRate: -1, margin: 0 })).toThrow(RangeError);
    expect(() => tradeFee({ tradeFeeType: 2, lots: lots(1), feeRate: 0.001, margin: -5 })).toThrow(
      RangeError,
    );
  });
});
