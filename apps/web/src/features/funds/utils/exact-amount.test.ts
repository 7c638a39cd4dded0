import { Dec, withdrawArrival, withdrawFee } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { exactAmount } from './exact-amount';

describe('exactAmount', () => {
  it('keeps every decimal the value has, at least two, with grouped thousands', () => {
    expect(exactAmount(new Dec('0.12525'))).toBe('0.12525');
    expect(exactAmount(new Dec('1'))).toBe('1.00');
    expect(exactAmount(new Dec('50.1'))).toBe('50.10');
    expect(exactAmount(new Dec('1234567.5'))).toBe('1,234,567.50');
    expect(exactAmount(new Dec('999'), 0)).toBe('999');
  });

  it('shows the shared withdrawal figures without a float in between', () => {
    // 0.1 + 0.2 style: a float would show 0.30000000000000004 or round to the cent.
    const amount = new Dec('1000000000');
    const fee = withdrawFee({ amount, feeType: 2, drawRate: '0.000001' });
    expect(exactAmount(fee)).toBe('1,000.00');
    const arrival = withdrawArrival({ amount: '0.3', fee: '0.1', usdPrice: '1' });
    expect(exactAmount(arrival)).toBe('0.20');
    expect(exactAmount(withdrawFee({ amount: '12345.67', feeType: 2, drawRate: '0.0033' }))).toBe(
      '40.740711',
    );
  });
});
