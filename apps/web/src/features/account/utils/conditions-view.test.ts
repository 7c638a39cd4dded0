import type { InstrumentConditions } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import {
  classSections,
  commissionLong,
  commissionShort,
  feeRuleText,
  feeText,
  groupCommission,
  groupMarkup,
  maxLeverage,
  shareText,
  type ConditionsTranslate,
} from './conditions-view';

/** The English texts, with the values put in: what the screen says. */
const EN: Record<string, string> = {
  'conditions.per_lot': '{{value}} / lot',
  'conditions.of_margin': '{{value}} of margin',
  'conditions.per_million': '{{value}} / USD 1M',
  'conditions.min_short': 'min {{value}}',
  'conditions.commission_none': 'None',
  'conditions.commission_per_lot': '{{rate}} per lot, each side',
  'conditions.commission_per_million': '{{rate}} per USD 1 million traded, each side',
  'conditions.commission_min': 'At least {{min}} a side',
  'conditions.fee_per_lot': 'A fixed amount per lot, at open',
  'conditions.fee_margin': 'A share of the margin, at open',
};
const t: ConditionsTranslate = (key, values = {}) =>
  EN[key]!.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? '');
/** Without the invisible isolates around each figure (lib/bidi.ts). */
const plain = (text: string) => text.replace(/[\u2066\u2069]/g, '');

const row = (over: Partial<InstrumentConditions> = {}): InstrumentConditions => ({
  id: 1,
  code: 'EURUSD',
  asset_class: 'fx_major',
  cap: 30,
  leverages: [10, 20, 30],
  fee_rate: 7,
  commission: { type: 'none', rate: 0, min: 0 },
  markup_points: 0,
  ...over,
});

describe('fees as the trader reads them', () => {
  it('a fee per lot in USD, a share of margin in percent', () => {
    expect(plain(feeText(t, 1, 7, 'USD'))).toBe('7.00 USD / lot');
    expect(plain(feeText(t, 1, 0.125, 'USD'))).toBe('0.125 USD / lot');
    expect(plain(feeText(t, 0, 0.001, 'USD'))).toBe('0.1% of margin');
    expect(plain(feeText(t, 2, 0.00025, 'USD'))).toBe('0.025% of margin');
  });

  it('a share in percent, exactly (no float residue)', () => {
    expect(plain(shareText(0.0007))).toBe('0.07%');
    expect(plain(shareText(0.3))).toBe('30%');
  });

  it('the rule in words', () => {
    expect(feeRuleText(t, 1)).toBe('A fixed amount per lot, at open');
    expect(feeRuleText(t, 0)).toBe('A share of the margin, at open');
  });

  it('keeps each figure an isolated run', () => {
    expect(feeText(t, 1, 7, 'USD')).toBe('\u20667.00 USD\u2069 / lot');
  });
});

describe('commissions as the trader reads them', () => {
  it('short, on an instrument’s row, its minimum apart', () => {
    const short = (c: Parameters<typeof commissionShort>[1]) => {
      const { rate, min } = commissionShort(t, c, 'USD');
      return [plain(rate), min && plain(min)];
    };
    expect(short({ type: 'per_lot', rate: 3.5, min: 0 })).toEqual(['3.50 USD / lot', null]);
    expect(short({ type: 'per_million', rate: 30, min: 2 })).toEqual(['30.00 USD / USD 1M', 'min 2.00 USD']);
    expect(short({ type: 'none', rate: 5, min: 1 })).toEqual(['None', null]);
    expect(short({ type: 'per_lot', rate: 0, min: 0 })).toEqual(['None', null]);
  });

  it('in full, for the group', () => {
    expect(commissionLong(t, { type: 'per_lot', rate: 3.5, min: 0 }, 'USD')).toEqual({
      rate: '\u20663.50 USD\u2069 per lot, each side',
      min: null,
    });
    const million = commissionLong(t, { type: 'per_million', rate: 25, min: 1.5 }, 'USD');
    expect(plain(million.rate)).toBe('25.00 USD per USD 1 million traded, each side');
    expect(plain(million.min!)).toBe('At least 1.50 USD a side');
    expect(commissionLong(t, { type: 'none', rate: 0, min: 0 }, 'USD')).toEqual({ rate: 'None', min: null });
  });

  it('the group’s: none, the same on every instrument, or varying', () => {
    const lot = { type: 'per_lot', rate: 3.5, min: 0 } as const;
    expect(groupCommission([row(), row({ id: 2 })])).toEqual({ kind: 'none' });
    expect(groupCommission([row({ commission: lot }), row({ id: 2, commission: { ...lot } })])).toEqual({
      kind: 'same',
      commission: lot,
    });
    expect(groupCommission([row({ commission: lot }), row({ id: 2 })])).toEqual({ kind: 'varies' });
    expect(
      groupCommission([row({ commission: lot }), row({ id: 2, commission: { ...lot, rate: 4 } })]),
    ).toEqual({ kind: 'varies' });
    expect(groupCommission([])).toEqual({ kind: 'none' });
  });

  it('says the group’s markup once when every instrument has the same, on the rows when it varies', () => {
    expect(groupMarkup([row(), row({ id: 2 })])).toEqual({ kind: 'none' });
    expect(groupMarkup([row({ markup_points: 3 }), row({ id: 2, markup_points: 3 })])).toEqual({
      kind: 'same',
      points: 3,
    });
    expect(groupMarkup([row({ markup_points: 3 }), row({ id: 2 })])).toEqual({ kind: 'varies' });
    expect(groupMarkup([row({ markup_points: 3 }), row({ id: 2, markup_points: 5 })])).toEqual({
      kind: 'varies',
    });
    expect(groupMarkup([])).toEqual({ kind: 'none' });
  });
});

describe('instruments by asset class', () => {
  it('in the caps table’s order, each under its cap, classes without instruments left out', () => {
    const sections = classSections([
      row({ id: 1, code: 'BTCUSD', asset_class: 'crypto', cap: 2, leverages: [2] }),
      row({ id: 2, code: 'EURUSD' }),
      row({ id: 3, code: 'GBPUSD' }),
      row({ id: 4, code: 'XAUUSD', asset_class: 'gold', cap: 20, leverages: [10, 20] }),
    ]);
    expect(sections.map((s) => [s.assetClass, s.cap, s.instruments.map((i) => i.code)])).toEqual([
      ['fx_major', 30, ['EURUSD', 'GBPUSD']],
      ['gold', 20, ['XAUUSD']],
      ['crypto', 2, ['BTCUSD']],
    ]);
  });

  it('no cap on a professional account', () => {
    expect(classSections([row({ cap: null, leverages: [10, 500] })])[0]!.cap).toBeNull();
  });

  it('the most leverage an instrument offers, or none', () => {
    expect(maxLeverage(row({ leverages: [10, 30, 20] }))).toBe(30);
    expect(maxLeverage(row({ leverages: [] }))).toBeNull();
  });
});
