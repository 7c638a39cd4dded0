import { describe, expect, it } from 'vitest';
import { choiceLabel, crossCheck, INDICATORS, isParamValue, parseParam } from './indicator-catalog';

const period = INDICATORS.rsi.params[0]!; // 2–100, whole
const deviation = INDICATORS.bb.params[1]!; // 0.5–5, one decimal

describe('parseParam', () => {
  it('takes plain digits within the range', () => {
    expect(parseParam(period, '14')).toEqual({ value: 14 });
    expect(parseParam(period, ' 2 ')).toEqual({ value: 2 });
    expect(parseParam(period, '100')).toEqual({ value: 100 });
    expect(parseParam(deviation, '2.5')).toEqual({ value: 2.5 });
    expect(parseParam(deviation, '3')).toEqual({ value: 3 });
  });

  it.each(['', '1', '101', '-5', '+5', '1e1', '0x10', '14.0', '1 4', 'abc', '٣'])(
    'refuses %j for a whole-number parameter, with its range',
    (text) => {
      expect(parseParam(period, text)).toEqual({
        error: { key: 'chart_tools.invalid_whole', values: { min: 2, max: 100 } },
      });
    },
  );

  it.each(['0.4', '5.1', '2.55', '.5', '2,5', '-1', 'Infinity', 'NaN'])(
    'refuses %j for the deviation, with its range',
    (text) => {
      expect(parseParam(deviation, text)).toEqual({
        error: { key: 'chart_tools.invalid_decimal', values: { min: 0.5, max: 5 } },
      });
    },
  );
});

describe('isParamValue (stored values)', () => {
  it('takes numbers the sheet would take, and nothing else', () => {
    expect(isParamValue(period, 14)).toBe(true);
    expect(isParamValue(period, 14.5)).toBe(false);
    expect(isParamValue(period, '14')).toBe(false);
    expect(isParamValue(period, 1)).toBe(false);
    expect(isParamValue(period, Number.NaN)).toBe(false);
    expect(isParamValue(deviation, 2.5)).toBe(true);
    expect(isParamValue(deviation, 2.55)).toBe(false);
    expect(isParamValue(deviation, true)).toBe(false);
  });
});

describe('crossCheck', () => {
  it('wants MACD’s fast average shorter than its slow one', () => {
    expect(crossCheck('macd', { fast: 12, slow: 26, signal: 9 })).toBeNull();
    expect(crossCheck('macd', { fast: 26, slow: 26, signal: 9 })).toEqual({ key: 'chart_tools.macd_order' });
    expect(crossCheck('rsi', { period: 14 })).toBeNull();
  });
});

describe('choiceLabel', () => {
  it('names the indicator by its Latin abbreviation and parameters', () => {
    expect(choiceLabel({ id: 1, kind: 'macd', params: { fast: 12, slow: 26, signal: 9 } })).toBe(
      'MACD 12 26 9',
    );
    expect(choiceLabel({ id: 2, kind: 'bb', params: { period: 20, deviation: 2.5 } })).toBe('BB 20 2.5');
  });
});
