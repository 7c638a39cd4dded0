import { Dec, lots } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import {
  BTC_INSTRUMENT as BTC,
  btcPosition,
  btcQuotes as quotes,
  testOrder,
} from '../../../test/order-fixture';
import {
  firstPartLots,
  keptByPair,
  partEstimate,
  partRange,
  positionGroups,
  stepPartLots,
  validPartLots,
} from './close-figures';

describe('the range of a partial close', () => {
  it('runs from one step to what leaves the minimum open', () => {
    const range = partRange(btcPosition(), BTC)!;
    expect([range.step.toFixed(), range.max.toFixed(), range.lots.toFixed()]).toEqual([
      '0.01',
      '0.29',
      '0.3',
    ]);
    // A minimum above the step: 0.3 keeps 0.05 open, so at most 0.25 closes.
    expect(partRange(btcPosition(), { lotStep: lots('0.01'), minLots: lots('0.05') })!.max.toFixed()).toBe(
      '0.25',
    );
  });

  it('is none for a position too small to split', () => {
    expect(partRange(btcPosition({ Quantity: 0.01 }), BTC)).toBeNull();
    expect(
      partRange(btcPosition({ Quantity: 0.05 }), { lotStep: lots('0.01'), minLots: lots('0.05') }),
    ).toBeNull();
    expect(partRange(btcPosition({ Quantity: 0.02 }), BTC)!.max.toFixed()).toBe('0.01');
  });

  it('offers half first, on the grid', () => {
    expect(firstPartLots(partRange(btcPosition(), BTC)!)).toBe('0.15');
    expect(firstPartLots(partRange(btcPosition({ Quantity: 0.03 }), BTC)!)).toBe('0.01');
    expect(firstPartLots(partRange(btcPosition({ Quantity: 0.02 }), BTC)!)).toBe('0.01');
  });

  it('accepts only lots on the grid within the range', () => {
    const range = partRange(btcPosition(), BTC)!;
    expect(validPartLots('0.1', range)?.toFixed()).toBe('0.1');
    expect(validPartLots('0.29', range)?.toFixed()).toBe('0.29');
    for (const text of ['0', '0.3', '0.015', '', 'abc', '1e-2', '-0.1', '0.30'])
      expect(validPartLots(text, range), text).toBeNull();
  });

  it('steps on the grid and stops at its ends', () => {
    const range = partRange(btcPosition(), BTC)!;
    expect(stepPartLots('0.15', range, 1)).toBe('0.16');
    expect(stepPartLots('0.15', range, -1)).toBe('0.14');
    expect(stepPartLots('0.29', range, 1)).toBe('0.29');
    expect(stepPartLots('0.01', range, -1)).toBe('0.01');
    expect(stepPartLots('0.155', range, 1)).toBe('0.16');
    expect(stepPartLots('', range, 1)).toBe('0.02');
  });
});

describe('what a partial close books now', () => {
  it('is the part’s gross profit at the live closing price, to the micro-dollar', () => {
    // (87,600 − 87,530) × 0.1 = 7.
    expect(
      partEstimate({ order: btcPosition(), lots: new Dec('0.1'), instrument: BTC, quotes })?.toFixed(),
    ).toBe('7');
    // A sell from 87,500 closing at the ask of 87,630: −13 on 0.1.
    expect(
      partEstimate({
        order: btcPosition({ OrderType: 2, OriginPrice: 87500, UpdatePrice: 87630 }),
        lots: new Dec('0.1'),
        instrument: BTC,
        quotes,
      })?.toFixed(),
    ).toBe('-13');
  });

  it('is unknown without a live price or a rate', () => {
    expect(
      partEstimate({ order: btcPosition({ UpdatePrice: 0 }), lots: new Dec('0.1'), instrument: BTC, quotes }),
    ).toBeNull();
    expect(
      partEstimate({ order: btcPosition(), lots: new Dec('0.1'), instrument: BTC, quotes: () => undefined }),
    ).toBeNull();
  });
});

describe('the choices of a close-all', () => {
  it('counts and sums every position and each instrument’s, exactly', () => {
    const { all, pairs } = positionGroups([
      btcPosition({ Id: 3, FactProfits: 0.1 }),
      testOrder({ Id: 2, FactProfits: 0.2 }),
      btcPosition({ Id: 1, FactProfits: -1.05 }),
      testOrder({ Id: 9, Status: 0, FactProfits: 5 }),
    ]);
    expect([all.count, all.profit.toFixed()]).toEqual([3, '-0.75']);
    expect(pairs.map((p) => [p.forexId, p.code, p.count, p.profit.toFixed()])).toEqual([
      [26, 'BTC/USD', 2, '-0.95'],
      [1, 'EUR/USD', 1, '0.2'],
    ]);
  });

  it('groups what stayed open by instrument, with the server’s reason', () => {
    expect(
      keptByPair([
        { ForexId: 1, ShowCode: 'EUR/USD', msg: 'The market is closed' },
        { ForexId: 1, ShowCode: 'EUR/USD', msg: 'The market is closed' },
        { ForexId: 2, ShowCode: 'GBP/USD', msg: 'The market is closed' },
      ]),
    ).toEqual([
      { code: 'EUR/USD', count: 2, why: 'The market is closed' },
      { code: 'GBP/USD', count: 1, why: 'The market is closed' },
    ]);
  });
});
