// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chartPrefsKey,
  DEFAULT_CHART_PREFS,
  forgetChartPrefs,
  parseChartPrefs,
  readChartPrefs,
  writeChartPrefs,
} from './chart-prefs';
import { MAX_INDICATORS } from './indicator-catalog';

const rsi = (id: number, period = 14) => ({ id, kind: 'rsi', params: { period } });
const sma = (id: number, period = 20) => ({ id, kind: 'sma', params: { period } });

describe('parseChartPrefs', () => {
  it.each([null, '', '{', 'null', '[]', '"candles"', '42', 'true'])('gives the defaults for %j', (raw) => {
    expect(parseChartPrefs(raw)).toEqual(DEFAULT_CHART_PREFS);
  });

  it('reads what the app stores', () => {
    const stored = {
      type: 'heikin_ashi',
      indicators: [
        sma(1),
        { id: 2, kind: 'bb', params: { period: 20, deviation: 2.5 } },
        { id: 3, kind: 'macd', params: { fast: 12, slow: 26, signal: 9 } },
      ],
    };
    expect(parseChartPrefs(JSON.stringify(stored))).toEqual(stored);
  });

  it('keeps the defaults for a type it does not know, and the valid indicators', () => {
    expect(parseChartPrefs(JSON.stringify({ type: 'renko', indicators: [rsi(1)] }))).toEqual({
      type: 'candles',
      indicators: [rsi(1)],
    });
  });

  it('drops indicators that are not what the sheet would save', () => {
    const bad = [
      { id: 1, kind: 'ichimoku', params: { period: 9 } }, // unknown kind
      { id: 0, kind: 'rsi', params: { period: 14 } }, // id not positive
      { id: '3', kind: 'rsi', params: { period: 14 } }, // id not a number
      { id: 4, kind: 'rsi', params: { period: '14' } }, // value as text
      { id: 5, kind: 'rsi', params: { period: 1 } }, // below the range
      { id: 6, kind: 'rsi', params: { period: 14.5 } }, // not whole
      { id: 7, kind: 'rsi', params: {} }, // missing
      { id: 8, kind: 'macd', params: { fast: 30, slow: 26, signal: 9 } }, // fast not shorter
      { id: 9, kind: 'bb', params: { period: 20, deviation: 2.25 } }, // two decimals
      { id: 10, kind: 'rsi' }, // no params
      'rsi',
      null,
      [rsi(11)],
    ];
    expect(parseChartPrefs(JSON.stringify({ type: 'line', indicators: [...bad, rsi(12)] }))).toEqual({
      type: 'line',
      indicators: [rsi(12)],
    });
  });

  it('drops a repeated id and what is past the limits', () => {
    const many = [sma(1), sma(1, 50), rsi(2), rsi(3), rsi(4), rsi(5), sma(6), sma(7), sma(8)];
    const prefs = parseChartPrefs(JSON.stringify({ type: 'area', indicators: many }));
    // Three panes at most (rsi 5 is one too many), five indicators in all (sma 8 too).
    expect(prefs.indicators.map((c) => c.id)).toEqual([1, 2, 3, 4, 6]);
    expect(prefs.indicators).toHaveLength(MAX_INDICATORS);
  });
});

describe('chartPrefsKey', () => {
  it('is per signed-in user, or guest', () => {
    expect(chartPrefsKey(42)).toBe('pipwise.chart.42');
    expect(chartPrefsKey(null)).toBe('pipwise.chart.guest');
    expect(chartPrefsKey(0)).toBe('pipwise.chart.guest');
    expect(chartPrefsKey(1.5)).toBe('pipwise.chart.guest');
  });
});

describe('the stored choices', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetChartPrefs();
  });
  afterEach(() => localStorage.clear());

  it('are written as JSON under the user’s key and read back', () => {
    const prefs = {
      type: 'line' as const,
      indicators: [{ id: 1, kind: 'ema' as const, params: { period: 50 } }],
    };
    writeChartPrefs(chartPrefsKey(7), prefs);
    expect(JSON.parse(localStorage.getItem('pipwise.chart.7')!)).toEqual(prefs);
    forgetChartPrefs();
    expect(readChartPrefs(chartPrefsKey(7))).toEqual(prefs);
    expect(readChartPrefs(chartPrefsKey(8))).toEqual(DEFAULT_CHART_PREFS);
  });

  it('ignore bad JSON in storage', () => {
    localStorage.setItem('pipwise.chart.guest', '{"type":"line",');
    expect(readChartPrefs(chartPrefsKey(null))).toEqual(DEFAULT_CHART_PREFS);
  });
});
