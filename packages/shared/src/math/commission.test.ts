import { describe, expect, it } from 'vitest';
import { instrumentTerms, type GroupTerms } from '../domain/trading-groups.js';
import { commissionCharge } from './commission.js';
import { lots } from './units.js';

// Worked examples of docs/trading-groups.md, to the micro-dollar.
describe('commissionCharge', () => {
  it('counts per lot, per million of notional, and never below the minimum', () => {
    const perLot = { type: 'per_lot', rate: '3.5', min: '0' } as const;
    expect(commissionCharge({ terms: perLot, lots: lots('2'), notionalUsd: '0' }).toString()).toBe('7');
    const perMillion = { type: 'per_million', rate: '30', min: '1' } as const;
    // 10 lots of 100,000 EUR at 1.15810: 1,158,100 USD × 30 / 1,000,000.
    expect(commissionCharge({ terms: perMillion, lots: lots('10'), notionalUsd: '1158100' }).toString()).toBe(
      '34.743',
    );
    // 0.01 lots: 0.034743 by the rate, the minimum of 1 instead.
    expect(
      commissionCharge({ terms: perMillion, lots: lots('0.01'), notionalUsd: '1158.1' }).toString(),
    ).toBe('1');
    // Rounded once, half up, to the micro-dollar: 0.0000005 → 0.000001.
    expect(
      commissionCharge({
        terms: { type: 'per_million', rate: '0.5', min: '0' },
        lots: lots('1'),
        notionalUsd: '1',
      }).toString(),
    ).toBe('0.000001');
    expect(
      commissionCharge({
        terms: { type: 'none', rate: '9', min: '9' },
        lots: lots('1'),
        notionalUsd: '1',
      }).toString(),
    ).toBe('0');
  });

  it('refuses a negative rate or minimum rather than paying the trader', () => {
    expect(() =>
      commissionCharge({
        terms: { type: 'per_lot', rate: '-1', min: '0' },
        lots: lots('1'),
        notionalUsd: '0',
      }),
    ).toThrow(RangeError);
    expect(() =>
      commissionCharge({
        terms: { type: 'per_lot', rate: '1', min: '-1' },
        lots: lots('1'),
        notionalUsd: '0',
      }),
    ).toThrow(RangeError);
  });
});

describe('instrumentTerms', () => {
  const group: GroupTerms = {
    id: 1,
    professional: false,
    swapFree: false,
    tradeFeeType: null,
    marginCallLevel: null,
    stopOutLevel: null,
    commission: { type: 'per_lot', rate: '3.5', min: '0' },
  };
  const eurusd = {
    id: 1,
    categoryId: 1,
    leverages: [50, 100, 200, 500],
    feeRate: '7',
    assetClass: 'fx_major' as const,
  };
  const caps = { fx_major: 30, crypto: 2 };

  it('cuts the choices at the cap for a retail group, and not for a professional one', () => {
    expect(instrumentTerms({ group, conditions: [], instrument: eurusd, caps })).toEqual({
      leverages: [30],
      cap: 30,
      feeRate: '7',
      commission: group.commission,
      markup: 0,
    });
    const pro = instrumentTerms({
      group: { ...group, professional: true },
      conditions: [],
      instrument: eurusd,
      caps,
    });
    expect(pro).toMatchObject({ leverages: [50, 100, 200, 500], cap: null });
  });

  it('takes the instrument’s condition over its category’s over the group’s own', () => {
    const conditions = [
      {
        categoryId: 1,
        instrumentId: null,
        leverages: [5, 10, 20],
        feeRate: '1',
        commission: null,
        markup: 6,
      },
      {
        categoryId: null,
        instrumentId: 1,
        leverages: null,
        feeRate: '0',
        commission: { type: 'none' as const, rate: '0', min: '0' },
        markup: null,
      },
    ];
    expect(instrumentTerms({ group, conditions, instrument: eurusd, caps })).toEqual({
      leverages: [5, 10, 20],
      cap: 30,
      feeRate: '0',
      commission: { type: 'none', rate: '0', min: '0' },
      markup: 6,
    });
    const gbpusd = { ...eurusd, id: 2 };
    expect(instrumentTerms({ group, conditions, instrument: gbpusd, caps })).toMatchObject({
      feeRate: '1',
      commission: group.commission,
      markup: 6,
    });
  });

  it('has no markup of its own unless a condition sets one, and 0 overrides the category', () => {
    expect(instrumentTerms({ group, conditions: [], instrument: eurusd, caps }).markup).toBe(0);
    const conditions = [
      { categoryId: 1, instrumentId: null, leverages: null, feeRate: null, commission: null, markup: 6 },
      { categoryId: null, instrumentId: 1, leverages: null, feeRate: null, commission: null, markup: 0 },
    ];
    expect(instrumentTerms({ group, conditions, instrument: eurusd, caps }).markup).toBe(0);
  });
});
