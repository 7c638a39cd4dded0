import { describe, expect, it } from 'vitest';
import { ChartModel, type ChartCandle } from './chart-model';
import { heikinAshi } from './heikin-ashi';
import { INDICATOR_KINDS, type IndicatorChoice } from './indicator-catalog';

/** A fixed, seeded candle series: a random walk with wicks, one candle a minute. */
function series(count: number, seed = 7): ChartCandle[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const candles: ChartCandle[] = [];
  let close = 100;
  for (let i = 0; i < count; i++) {
    const open = close;
    close = Math.max(1, open + (random() - 0.5) * 2);
    const high = Math.max(open, close) + random() * 0.6;
    const low = Math.min(open, close) - random() * 0.6;
    candles.push({ time: 1_700_000_000 + i * 60, open, high, low, close });
  }
  return candles;
}

/**
 * The pushes a live candle goes through before it closes: it opens at its open, its
 * close wanders, its high and low grow towards the final ones.
 */
function forming(candle: ChartCandle): ChartCandle[] {
  const steps = [0.3, -0.4, 0.8, 0.1];
  const pushes: ChartCandle[] = [];
  let high = candle.open;
  let low = candle.open;
  for (const step of steps) {
    const close = Math.min(
      candle.high,
      Math.max(candle.low, candle.open + step * (candle.high - candle.low)),
    );
    high = Math.max(high, close);
    low = Math.min(low, close);
    pushes.push({ time: candle.time, open: candle.open, high, low, close });
  }
  pushes.push(candle);
  return pushes;
}

/** Every indicator with short periods, so that the history crosses their warm-up. */
const CHOICES: IndicatorChoice[] = [
  { id: 1, kind: 'sma', params: { period: 5 } },
  { id: 2, kind: 'ema', params: { period: 9 } },
  { id: 3, kind: 'bb', params: { period: 10, deviation: 2.5 } },
  { id: 4, kind: 'rsi', params: { period: 6 } },
  { id: 5, kind: 'macd', params: { fast: 4, slow: 9, signal: 5 } },
  { id: 6, kind: 'atr', params: { period: 7 } },
  { id: 7, kind: 'stoch', params: { k: 8, d: 3, smoothing: 3 } },
];

function batch(candles: ChartCandle[]): ChartModel {
  const model = new ChartModel();
  model.setIndicators(CHOICES);
  model.reset(candles);
  return model;
}

describe('ChartModel: incremental equals batch', () => {
  const candles = series(80);

  it('covers every kind the chart offers', () => {
    expect(new Set(CHOICES.map((c) => c.kind))).toEqual(new Set(INDICATOR_KINDS));
  });

  // History of several lengths: none, shorter than every warm-up, and past them all.
  it.each([0, 3, 40])('history of %i candles, then live pushes (replace and add)', (history) => {
    const live = new ChartModel();
    live.setIndicators(CHOICES);
    live.reset(candles.slice(0, history));
    for (const candle of candles.slice(history)) {
      const [first, ...rest] = forming(candle);
      expect(live.push(first!)).toBe('add');
      for (const push of rest) expect(live.push(push)).toBe('replace');
    }
    const whole = batch(candles);
    expect(live.candles).toEqual(whole.candles);
    expect(live.heikinAshi).toEqual(whole.heikinAshi);
    expect(live.heikinAshi).toEqual(heikinAshi(candles));
    live.tracks.forEach((track, i) => {
      const reference = whole.tracks[i]!;
      expect(track.choice).toEqual(reference.choice);
      expect(track.values, track.choice.kind).toHaveLength(candles.length);
      track.values.forEach((values, at) => {
        if (values === null) return expect(reference.values[at], `${track.choice.kind} @${at}`).toBeNull();
        const want = reference.values[at]!;
        values.forEach((v, line) =>
          expect(v, `${track.choice.kind} @${at} line ${line}`).toBeCloseTo(want[line]!, 9),
        );
      });
      // Every kind is stable by the end, so the comparison above compared numbers.
      expect(track.values[candles.length - 1], track.choice.kind).not.toBeNull();
    });
  });

  it('drops a push older than the last candle and changes nothing', () => {
    const model = batch(candles.slice(0, 20));
    const before = model.tracks.map((t) => t.values.slice());
    expect(model.push({ ...candles[10]!, close: 500 })).toBeNull();
    expect(model.candles).toHaveLength(20);
    expect(model.tracks.map((t) => t.values)).toEqual(before);
  });
});

describe('ChartModel.setIndicators', () => {
  it('keeps a track whose choice is unchanged and recomputes one whose parameters changed', () => {
    const model = batch(series(30));
    const [sma, ema] = model.tracks;
    model.setIndicators([
      { id: 1, kind: 'sma', params: { period: 5 } },
      { id: 2, kind: 'ema', params: { period: 12 } },
    ]);
    expect(model.tracks[0]).toBe(sma);
    expect(model.tracks[1]).not.toBe(ema);
    expect(model.tracks[1]!.values).toHaveLength(30);
    expect(model.tracks[1]!.values[10]).toBeNull(); // EMA 12 is not stable at candle 11
    expect(model.tracks[1]!.values[11]).not.toBeNull();
    expect(model.tracks).toHaveLength(2);
  });
});

describe('ChartModel.indexAt', () => {
  it('finds a candle by its time, or -1', () => {
    const model = batch(series(10));
    expect(model.indexAt(1_700_000_000)).toBe(0);
    expect(model.indexAt(1_700_000_000 + 9 * 60)).toBe(9);
    expect(model.indexAt(1_700_000_030)).toBe(-1);
    expect(new ChartModel().indexAt(1_700_000_000)).toBe(-1);
  });
});
