import { describe, expect, it } from 'vitest';
import { adminSaveInstrumentEndpoint } from './instruments.js';

/** An instrument's financing terms as the contract reads them (docs/money.md "Overnight financing (swap)"). */

const instrument = {
  id: 1,
  category_id: 1,
  spread_points: 10,
  max_quote_age_ms: 15_000,
  leverages: '1,100',
  fee_rate: '0',
  min_lots: '0.01',
  lot_step: '0.01',
  enabled: 1,
  sort: 1,
  execution_mode: 'b_book',
  markup_points: 0,
  max_slippage_points: 10,
  swap_long: '-6.5',
  swap_short: '1.2',
  swap_unit: 'points',
  swap_triple_day: 'wednesday',
};
const save = (change: Record<string, unknown>) =>
  adminSaveInstrumentEndpoint.input.safeParse({ ...instrument, ...change });
const problemOf = (change: Record<string, unknown>) => {
  const result = save(change);
  expect(result.success, JSON.stringify(change)).toBe(false);
  const issue = result.error!.issues[0]!;
  return [issue.path.join('.'), (issue as { params?: { key?: string } }).params?.key];
};

describe('an instrument’s swap terms', () => {
  it('takes signed rates as canonical decimals, in either unit, with any triple day', () => {
    expect(save({ swap_long: '-006.50', swap_short: 0 }).data).toMatchObject({
      swap_long: '-6.5',
      swap_short: '0',
    });
    expect(save({ swap_long: '-0', swap_short: '-0.0001' }).data).toMatchObject({
      swap_long: '0',
      swap_short: '-0.0001',
    });
    expect(save({ swap_unit: 'percent_per_year', swap_long: '-100', swap_short: '100' }).success).toBe(true);
    expect(save({ swap_long: '-100000', swap_short: '100000' }).success).toBe(true);
    for (const day of ['wednesday', 'friday', 'none'])
      expect(save({ swap_triple_day: day }).success).toBe(true);
  });

  it('refuses a percent beyond 100 a year on its own field, and points beyond 100,000', () => {
    expect(problemOf({ swap_unit: 'percent_per_year', swap_short: '100.0001' })).toEqual([
      'swap_short',
      'errors.number_too_large',
    ]);
    expect(problemOf({ swap_unit: 'percent_per_year', swap_long: '-250' })).toEqual([
      'swap_long',
      'errors.number_too_large',
    ]);
    expect(problemOf({ swap_long: '-100000.1' })).toEqual(['swap_long', 'errors.number_too_large']);
    expect(problemOf({ swap_long: '1.00001' })).toEqual(['swap_long', 'errors.too_many_decimals']);
  });

  it('refuses what only looks like a rate or a word', () => {
    for (const swap_long of ['+1', '1e2', '0x10', ' 1', '1 ', '', '--1', true, [1], null, Number.NaN, '1,5'])
      expect(save({ swap_long }).success, String(swap_long)).toBe(false);
    for (const swap_unit of ['point', 'percent', 'POINTS', 1, null, undefined])
      expect(save({ swap_unit }).success, String(swap_unit)).toBe(false);
    for (const swap_triple_day of ['Wednesday', 'thursday', 3, '', undefined])
      expect(save({ swap_triple_day }).success, String(swap_triple_day)).toBe(false);
  });
});
