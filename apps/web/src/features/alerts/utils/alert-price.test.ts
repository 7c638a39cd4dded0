import { describe, expect, it } from 'vitest';
import {
  defaultDirection,
  distancePercent,
  priceText,
  priceToSend,
  stepPrice,
  toPoints,
  typedPrice,
} from './alert-price';

describe('the alert sheet’s price (docs/notifications.md "Price alerts")', () => {
  it('starts at the bid, written at the pair’s decimals without grouping', () => {
    expect(priceText(1.0834, 5)).toBe('1.08340');
    expect(priceText(47250, 1)).toBe('47250.0');
    expect(priceText(151.2, 3)).toBe('151.200');
    expect(priceText(5123.456, 0)).toBe('5123');
  });

  it('steps one point of the pair, never leaving a float’s tail', () => {
    expect(stepPrice('1.08340', 1, 5, undefined)).toBe('1.08341');
    expect(stepPrice('1.08340', -1, 5, undefined)).toBe('1.08339');
    // 0.1 + 0.2 would be 0.30000000000000004 in floats.
    expect(stepPrice('0.1', 2, 1, undefined)).toBe('0.3');
    expect(stepPrice('47250.0', 1, 1, undefined)).toBe('47250.1');
    // A half-typed price steps from what it says; an empty field from the bid.
    expect(stepPrice('1.2', 1, 5, undefined)).toBe('1.20001');
    expect(stepPrice('', -1, 5, 1.1)).toBe('1.09999');
    // Never below one point.
    expect(stepPrice('0.00001', -1, 5, undefined)).toBe('0.00001');
    // Nothing typed and no bid yet: nothing to step from.
    expect(stepPrice('', 1, 5, undefined)).toBe('');
  });

  it('watches a rise for a price above the bid and a fall for one below it', () => {
    expect(defaultDirection(1.09, 1.0834, 5)).toBe('above');
    expect(defaultDirection(1.07, 1.0834, 5)).toBe('below');
    // At the bid (where the field starts) or without a bid: the fallback.
    expect(defaultDirection(1.0834, 1.0834, 5)).toBe('above');
    expect(defaultDirection(1.0834, 1.0834, 5, 'below')).toBe('below');
    expect(defaultDirection(1.09, undefined, 5)).toBe('above');
    expect(defaultDirection(null, 1.0834, 5)).toBe('above');
    // Compared in points: a float's tail is not a side.
    expect(defaultDirection(0.1 + 0.2, 0.3, 5)).toBe('above');
    expect(toPoints(0.1 + 0.2, 5)).toBe(toPoints(0.3, 5));
  });

  it('sends only a price, as plain decimal text', () => {
    expect(typedPrice('1.0834')).toBe(1.0834);
    expect(typedPrice('')).toBeNull();
    expect(typedPrice('0')).toBeNull();
    expect(typedPrice('.')).toBeNull();
    expect(priceToSend('1.08340')).toBe('1.08340');
    expect(priceToSend('1.')).toBe('1');
    expect(priceToSend('.5')).toBe('0.5');
    expect(priceToSend('abc')).toBeNull();
  });

  it('says how far the price is from the bid, in percent', () => {
    expect(distancePercent(110, 100)).toBeCloseTo(10);
    expect(distancePercent(95, 100)).toBeCloseTo(-5);
    expect(distancePercent(null, 100)).toBeNull();
    expect(distancePercent(1, undefined)).toBeNull();
  });
});
