import { describe, expect, it } from 'vitest';
import { estimateWithdraw } from './withdraw-estimate';

const fixed = { fee_type: 1, draw_rate: '5', usd_price: '1', minimum: '10' };
const rated = { fee_type: 2, draw_rate: '0.002', usd_price: '0.9995', minimum: '10' };

describe('withdraw estimate as the trader types (docs/product.md §5)', () => {
  it('fixed fee: shown before any amount; arrival = (amount − fee) × usd_price', () => {
    const empty = estimateWithdraw('', fixed, 1000);
    expect(empty.fee?.toString()).toBe('5');
    expect(empty.arrival).toBeNull();
    expect(empty.problem).toBe('amount_required');

    const typed = estimateWithdraw('100', fixed, 1000);
    expect(typed.fee?.toString()).toBe('5');
    expect(typed.arrival?.toFixed(2)).toBe('95.00');
    expect(typed.problem).toBeNull();
  });

  it('rate fee: amount × rate, arrival rounded to 2 decimals, as the shared math computes', () => {
    const e = estimateWithdraw('1234.5', rated, 5000);
    expect(e.fee?.toString()).toBe('2.469');
    expect(e.arrival?.toString()).toBe('1231.41');
    expect(estimateWithdraw('', rated, 5000).fee).toBeNull();
  });

  it('follows every keystroke, including a trailing point', () => {
    expect(estimateWithdraw('1', fixed, 1000).problem).toBe('below_minimum');
    expect(estimateWithdraw('12', fixed, 1000).arrival?.toFixed(2)).toBe('7.00');
    expect(estimateWithdraw('12.', fixed, 1000).arrival?.toFixed(2)).toBe('7.00');
    expect(estimateWithdraw('12.5', fixed, 1000).arrival?.toFixed(2)).toBe('7.50');
  });

  it('names the problem: minimum, above withdrawable, fee not covered', () => {
    expect(estimateWithdraw('9.99', fixed, 1000).problem).toBe('below_minimum');
    expect(estimateWithdraw('1000.01', fixed, 1000).problem).toBe('above_withdrawable');
    expect(estimateWithdraw('1000', fixed, 1000).problem).toBeNull();
    const feeAboveAmount = estimateWithdraw('12', { ...fixed, draw_rate: '12' }, 1000);
    expect(feeAboveAmount.problem).toBe('below_fee');
    expect(feeAboveAmount.arrival?.toString()).toBe('0');
  });

  it('refuses what is not a USD amount: zero, three decimals, signs, exponents, text', () => {
    for (const text of ['0', '0.00', '1.001', '-5', '1e3', 'abc', '.', '1000000000.01']) {
      expect(estimateWithdraw(text, fixed, 1e12).problem, text).toBe('amount_invalid');
    }
  });

  it('without a withdrawable figure yet, only the currency rules apply', () => {
    expect(estimateWithdraw('50', fixed, undefined).problem).toBeNull();
  });
});
