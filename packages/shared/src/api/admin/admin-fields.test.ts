import { describe, expect, it } from 'vitest';
import { AMOUNT_RANGE, optionalIntEnum, signedDecimalField } from '../fields.js';
import { adminSaveInstrumentEndpoint } from './instruments.js';
import { adminLoginEndpoint } from './auth.js';
import { operatorMayCall } from '../../domain/operators.js';
import { ROLES } from './common.js';

describe('signedDecimalField', () => {
  const amount = signedDecimalField(AMOUNT_RANGE);

  it('keeps one canonical spelling, with its sign', () => {
    expect(amount.parse('-007.500')).toBe('-7.5');
    expect(amount.parse('12.000001')).toBe('12.000001');
    expect(amount.parse(-0.25)).toBe('-0.25');
    expect(amount.parse('1000000000')).toBe('1000000000');
    expect(amount.parse('-1000000000')).toBe('-1000000000');
  });

  it('refuses what is not a plain signed decimal, zero, too many decimals or too large', () => {
    for (const bad of [
      '0',
      '-0',
      '+1',
      '--1',
      '1e3',
      '-1e-3',
      ' 1',
      '0x10',
      'NaN',
      '',
      '-',
      '1.',
      true,
      [1],
      null,
      Infinity,
    ]) {
      expect(amount.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(amount.safeParse('1.0000001').success).toBe(false);
    expect(amount.safeParse('-1000000000.000001').success).toBe(false);
    const zero = signedDecimalField({ ...AMOUNT_RANGE, allowZero: true });
    expect(zero.parse('-0.00')).toBe('0');
  });
});

describe('optionalIntEnum', () => {
  const status = optionalIntEnum([0, 1, 2]);
  it('takes a code or nothing, never a look-alike', () => {
    expect(status.parse(undefined)).toBeUndefined();
    expect(status.parse('')).toBeUndefined();
    expect(status.parse('2')).toBe(2);
    for (const bad of [3, '3', true, [1], '0x1', '1.0'])
      expect(status.safeParse(bad).success, String(bad)).toBe(false);
  });
});

describe('the admin contract', () => {
  it('reads a leverage list into distinct sorted numbers', () => {
    const base = {
      id: 1,
      category_id: 1,
      spread_points: 10,
      max_quote_age_ms: 15_000,
      fee_rate: '0',
      min_lots: '0.01',
      lot_step: '0.01',
      enabled: 1,
      sort: 1,
      execution_mode: 'b_book',
      markup_points: 0,
      max_slippage_points: 10,
      provider_symbol: null,
      swap_long: '-6.5',
      swap_short: '1.2',
      swap_unit: 'points',
      swap_triple_day: 'wednesday',
    };
    expect(adminSaveInstrumentEndpoint.input.parse({ ...base, leverages: '100, 1,50' }).leverages).toEqual([
      1, 50, 100,
    ]);
    for (const leverages of ['', '0', '1,1', '1,,2', '10001', 'a', '1;2']) {
      expect(adminSaveInstrumentEndpoint.input.safeParse({ ...base, leverages }).success, leverages).toBe(
        false,
      );
    }
  });

  it('lets admin call everything and the other roles what they are listed for', () => {
    expect(operatorMayCall('admin', ROLES.adminOnly)).toBe(true);
    expect(operatorMayCall('finance', ROLES.adminOnly)).toBe(false);
    expect(operatorMayCall('support', ROLES.people)).toBe(true);
    expect(operatorMayCall('content', ROLES.people)).toBe(false);
    expect(adminLoginEndpoint.operator).toBeUndefined();
  });
});
