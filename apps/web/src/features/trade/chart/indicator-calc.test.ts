import { describe, expect, it } from 'vitest';
import { createCalc, type Bar } from './indicator-calc';
import type { IndicatorChoice } from './indicator-catalog';

/*
 * Each adapter against the library's own reference values: trading-signals checks its
 * indicators with Tulip Indicators' test data (these 15 candles; the library's tests
 * SMA.test.ts, EMA.test.ts, BollingerBands.test.ts, RSI.test.ts, MACD.test.ts, ATR.test.ts,
 * StochasticOscillator.test.ts and fixtures/STOCH/candles.json, from tulipindicators.org).
 * The open is not part of that data and no indicator here reads it.
 */
const TULIP: readonly Bar[] = [
  { close: 81.59, high: 82.15, low: 81.29 },
  { close: 81.06, high: 81.89, low: 80.64 },
  { close: 82.87, high: 83.03, low: 81.31 },
  { close: 83.0, high: 83.3, low: 82.65 },
  { close: 83.61, high: 83.85, low: 83.07 },
  { close: 83.15, high: 83.9, low: 83.11 },
  { close: 82.84, high: 83.33, low: 82.49 },
  { close: 83.99, high: 84.3, low: 82.3 },
  { close: 84.55, high: 84.84, low: 84.15 },
  { close: 84.36, high: 85.0, low: 84.11 },
  { close: 85.53, high: 85.9, low: 84.03 },
  { close: 86.54, high: 86.58, low: 85.39 },
  { close: 86.89, high: 86.98, low: 85.76 },
  { close: 87.77, high: 88.0, low: 87.17 },
  { close: 87.29, high: 87.87, low: 87.01 },
].map((c) => ({ ...c, open: c.close }));

/** The adapter's values over the Tulip candles, each line rounded as the reference is. */
function run(choice: Omit<IndicatorChoice, 'id'>, digits: number): (string[] | null)[] {
  const calc = createCalc({ id: 1, ...choice });
  return TULIP.map((bar) => calc.update(bar, false)?.map((v) => v.toFixed(digits)) ?? null);
}

/** `leading` nulls (not stable yet), then the reference values. */
const expected = (leading: number, rows: string[][]) => [...Array<null>(leading).fill(null), ...rows];
const column = (values: string[]) => values.map((v) => [v]);

describe('indicator adapters against the library’s reference values', () => {
  it('SMA 5', () => {
    expect(run({ kind: 'sma', params: { period: 5 } }, 3)).toEqual(
      expected(
        4,
        column([
          '82.426',
          '82.738',
          '83.094',
          '83.318',
          '83.628',
          '83.778',
          '84.254',
          '84.994',
          '85.574',
          '86.218',
          '86.804',
        ]),
      ),
    );
  });

  it('EMA 5', () => {
    expect(run({ kind: 'ema', params: { period: 5 } }, 2)).toEqual(
      expected(
        4,
        column([
          '82.71',
          '82.86',
          '82.85',
          '83.23',
          '83.67',
          '83.90',
          '84.44',
          '85.14',
          '85.73',
          '86.41',
          '86.70',
        ]),
      ),
    );
  });

  it('Bollinger Bands 5, 2 (upper, middle, lower)', () => {
    const upper = [
      '84.32',
      '84.49',
      '83.65',
      '84.16',
      '84.84',
      '85.12',
      '86.00',
      '86.85',
      '87.61',
      '88.57',
      '88.32',
    ];
    const middle = [
      '82.43',
      '82.74',
      '83.09',
      '83.32',
      '83.63',
      '83.78',
      '84.25',
      '84.99',
      '85.57',
      '86.22',
      '86.80',
    ];
    const lower = [
      '80.53',
      '80.99',
      '82.53',
      '82.47',
      '82.42',
      '82.44',
      '82.51',
      '83.14',
      '83.54',
      '83.87',
      '85.29',
    ];
    expect(run({ kind: 'bb', params: { period: 5, deviation: 2 } }, 2)).toEqual(
      expected(
        4,
        upper.map((u, i) => [u, middle[i]!, lower[i]!]),
      ),
    );
  });

  it('RSI 5', () => {
    expect(run({ kind: 'rsi', params: { period: 5 } }, 3)).toEqual(
      expected(
        5,
        column([
          '72.034',
          '64.927',
          '75.936',
          '79.796',
          '74.713',
          '83.033',
          '87.478',
          '88.755',
          '91.483',
          '78.498',
        ]),
      ),
    );
  });

  it('MACD 2, 5, 9 (macd, signal, histogram)', () => {
    const macd = ['0.62', '0.35', '0.11', '0.42', '0.58', '0.42', '0.68', '0.93', '0.89', '0.98', '0.62'];
    const signal = ['0.62', '0.56', '0.47', '0.46', '0.49', '0.47', '0.51', '0.60', '0.66', '0.72', '0.70'];
    const histogram = [
      '0.00',
      '-0.21',
      '-0.36',
      '-0.05',
      '0.09',
      '-0.05',
      '0.17',
      '0.33',
      '0.24',
      '0.26',
      '-0.08',
    ];
    expect(run({ kind: 'macd', params: { fast: 2, slow: 5, signal: 9 } }, 2)).toEqual(
      expected(
        4,
        macd.map((m, i) => [m, signal[i]!, histogram[i]!]),
      ),
    );
  });

  it('ATR 5', () => {
    expect(run({ kind: 'atr', params: { period: 5 } }, 2)).toEqual(
      expected(
        4,
        column(['1.12', '1.05', '1.01', '1.21', '1.14', '1.09', '1.24', '1.23', '1.23', '1.21', '1.14']),
      ),
    );
  });

  it('Stochastic 5, 3, 3 (%K, %D)', () => {
    const k = ['77.39', '83.13', '84.87', '88.36', '95.25', '96.74', '91.09'];
    const d = ['75.70', '78.01', '81.79', '85.45', '89.49', '93.45', '94.36'];
    expect(run({ kind: 'stoch', params: { k: 5, d: 3, smoothing: 3 } }, 2)).toEqual(
      expected(
        8,
        k.map((v, i) => [v, d[i]!]),
      ),
    );
  });
});

describe('replace mode', () => {
  it('gives the same value as if the replaced candle had never been fed', () => {
    const fed = createCalc({ id: 1, kind: 'rsi', params: { period: 5 } });
    const replaced = createCalc({ id: 2, kind: 'rsi', params: { period: 5 } });
    for (const bar of TULIP.slice(0, 7)) {
      fed.update(bar, false);
      replaced.update(bar, false);
    }
    replaced.update({ open: 90, high: 91, low: 89, close: 90 }, false);
    const last = TULIP[7]!;
    expect(replaced.update(last, true)).toEqual(fed.update(last, false));
  });
});
