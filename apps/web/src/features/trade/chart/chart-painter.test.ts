import type { IChartApi } from 'lightweight-charts';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChartModel, type ChartCandle } from './chart-model';
import { ChartPainter, type FrameClock } from './chart-painter';
import { heikinAshiBar } from './heikin-ashi';
import type { IndicatorChoice } from './indicator-catalog';

/*
 * The painter against a recording stand-in for lightweight-charts' chart (the library draws
 * on a canvas, which the test environment has not): what matters here is which calls a push
 * makes — docs/chart.md "The incremental rule".
 */

interface Call {
  method: string;
  args: unknown[];
}

interface PriceLineOptions {
  price: number;
  color: string;
  axisLabelVisible: boolean;
}

class FakePriceLine {
  constructor(public opts: PriceLineOptions) {}
  options() {
    return this.opts;
  }
  applyOptions(o: Partial<PriceLineOptions>) {
    this.opts = { ...this.opts, ...o };
  }
}

class FakeSeries {
  calls: Call[] = [];
  lines: FakePriceLine[] = [];
  data: { time: number; value?: number; close?: number }[] = [];
  constructor(
    readonly kind: string,
    public opts: Record<string, unknown>,
    readonly pane: number,
  ) {}
  setData(data: FakeSeries['data']) {
    this.calls.push({ method: 'setData', args: [data] });
    this.data = data.slice();
  }
  update(point: FakeSeries['data'][number]) {
    this.calls.push({ method: 'update', args: [point] });
    const last = this.data.at(-1);
    if (last && point.time < last.time) throw new Error('Cannot update oldest data');
    if (last && last.time === point.time) this.data[this.data.length - 1] = point;
    else this.data.push(point);
  }
  applyOptions(o: Record<string, unknown>) {
    this.opts = { ...this.opts, ...o };
  }
  createPriceLine(o: PriceLineOptions) {
    const line = new FakePriceLine(o);
    this.lines.push(line);
    return line;
  }
  removePriceLine(line: FakePriceLine) {
    this.lines = this.lines.filter((l) => l !== line);
  }
  setSeriesOrder() {}
  options() {
    return this.opts;
  }
  /** A 76 px pane showing 0–100 (enough for the axis' tick guard). */
  priceToCoordinate(price: number) {
    return 76 - price * 0.76;
  }
  getPane() {
    return { getHeight: () => 76 };
  }
  priceScale() {
    return { applyOptions: () => this.calls.push({ method: 'layout', args: [] }) };
  }
  lastValueData() {
    const last = this.data.at(-1);
    return last ? { noData: false, price: last.close ?? last.value } : { noData: true };
  }
  /** The data calls since the last `forget` (an axis laid out again is not one). */
  drawn() {
    return this.calls.filter((c) => c.method !== 'layout');
  }
  /** Calls since the last `forget`. */
  count(method: string) {
    return this.calls.filter((c) => c.method === method).length;
  }
}

class FakeChart {
  series: FakeSeries[] = [];
  private paneCount = 1;
  addSeries(definition: { type: string }, options: Record<string, unknown>, pane = 0) {
    const s = new FakeSeries(definition.type, options, pane);
    this.series.push(s);
    this.paneCount = Math.max(this.paneCount, pane + 1);
    return s;
  }
  removeSeries(s: FakeSeries) {
    this.series = this.series.filter((x) => x !== s);
  }
  panes() {
    return Array.from({ length: this.paneCount }, () => ({
      setPreserveEmptyPane() {},
      setStretchFactor() {},
    }));
  }
  forget() {
    for (const s of this.series) s.calls = [];
  }
}

/** Animation frames run when the test says so. */
class Frames implements FrameClock {
  queue = new Map<number, () => void>();
  requested = 0;
  private next = 1;
  request(draw: () => void) {
    this.requested += 1;
    this.queue.set(this.next, draw);
    return this.next++;
  }
  cancel(handle: number) {
    this.queue.delete(handle);
  }
  run() {
    const due = [...this.queue.values()];
    this.queue.clear();
    for (const draw of due) draw();
  }
}

function candles(count: number): ChartCandle[] {
  const out: ChartCandle[] = [];
  let close = 100;
  for (let i = 0; i < count; i++) {
    const open = close;
    close = open + Math.sin(i / 3) * 1.5;
    out.push({
      time: 1_700_000_000 + i * 60,
      open,
      high: Math.max(open, close) + 0.4,
      low: Math.min(open, close) - 0.4,
      close,
    });
  }
  return out;
}

const RSI_MACD_BB: IndicatorChoice[] = [
  { id: 1, kind: 'rsi', params: { period: 14 } },
  { id: 2, kind: 'macd', params: { fast: 12, slow: 26, signal: 9 } },
  { id: 3, kind: 'bb', params: { period: 20, deviation: 2 } },
];

function setup(type: 'candles' | 'heikin_ashi' = 'candles') {
  const chart = new FakeChart();
  const model = new ChartModel();
  const frames = new Frames();
  const painter = new ChartPainter(chart as unknown as IChartApi, model, type, frames);
  model.setIndicators(RSI_MACD_BB);
  painter.syncIndicators();
  model.reset(candles(80));
  painter.drawHistory();
  chart.forget();
  // The price series is the one added first (the painter's constructor).
  const price = () => chart.series.find((s) => s.kind === 'Candlestick')!;
  const indicators = () => chart.series.filter((s) => s !== price());
  return { chart, model, frames, painter, price, indicators };
}

/** The forming candle moved: same time as the last, a new close. */
const moved = (model: ChartModel, close: number): ChartCandle => {
  const last = model.candles.at(-1)!;
  return { ...last, close, high: Math.max(last.high, close), low: Math.min(last.low, close) };
};

describe('ChartPainter, live pushes', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it('draws the indicators on eight series: candles, RSI, MACD ×3, the bands ×3', () => {
    expect(t.chart.series).toHaveLength(8);
    expect(t.indicators().map((s) => s.pane)).toEqual([1, 2, 2, 2, 0, 0, 0]);
  });

  it("never hands a series its whole data on a push, and draws a frame's pushes once", () => {
    for (const close of [101, 102.5, 99.75, 100.2, 103])
      t.painter.drawPush(t.model.push(moved(t.model, close)));
    // Nothing drawn before the frame, one frame asked for all five pushes.
    expect(t.frames.requested).toBe(1);
    for (const s of t.chart.series) expect(s.drawn()).toEqual([]);
    t.frames.run();
    for (const s of t.chart.series) {
      expect(s.count('setData')).toBe(0);
      expect(s.count('update')).toBe(1);
    }
    // The latest bar: what the model holds after the five pushes.
    const last = t.model.candles.at(-1)!;
    expect(t.price().data.at(-1)).toMatchObject({ time: last.time, close: 103 });
    const [rsi] = t.model.tracks[0]!.values.at(-1)!;
    expect(t.indicators()[0]!.data.at(-1)).toEqual({ time: last.time, value: rsi });
  });

  it('after a new candle began, draws the previous one final, then the new one', () => {
    t.painter.drawPush(t.model.push(moved(t.model, 104)));
    const next = t.model.candles.at(-1)!.time + 60;
    t.painter.drawPush(t.model.push({ time: next, open: 104, high: 104.2, low: 103.9, close: 104.1 }));
    t.painter.drawPush(t.model.push(moved(t.model, 104.15)));
    expect(t.frames.requested).toBe(1);
    t.frames.run();
    const price = t.price();
    expect(price.count('setData')).toBe(0);
    expect(price.calls.map((c) => (c.args[0] as { time: number }).time)).toEqual([next - 60, next]);
    expect(price.data.at(-2)).toMatchObject({ close: 104 });
    expect(price.data.at(-1)).toMatchObject({ close: 104.15 });
    // Every indicator series was given the new candle's point, none its whole data again.
    for (const s of t.indicators()) {
      expect(s.count('setData')).toBe(0);
      expect(s.data.at(-1)!.time).toBe(next);
    }
  });

  it('gives a series no call when its point did not change', () => {
    const same = { ...t.model.candles.at(-1)! };
    t.painter.drawPush(t.model.push(same));
    t.frames.run();
    for (const s of t.chart.series) expect(s.drawn()).toEqual([]);
  });

  it('skips pushes older than the last candle, and new history drops a pending frame', () => {
    t.painter.drawPush(t.model.push({ ...t.model.candles[10]!, close: 1 }));
    expect(t.frames.requested).toBe(0);
    t.painter.drawPush(t.model.push(moved(t.model, 90)));
    t.model.reset(candles(60));
    t.painter.drawHistory();
    t.chart.forget();
    t.frames.run();
    for (const s of t.chart.series) expect(s.drawn()).toEqual([]);
  });

  it('draws nothing after dispose', () => {
    t.painter.drawPush(t.model.push(moved(t.model, 95)));
    t.painter.dispose();
    t.frames.run();
    for (const s of t.chart.series) expect(s.drawn()).toEqual([]);
  });
});

describe('ChartPainter, Heikin-Ashi', () => {
  it("labels the axis with the market's last price, not the average bar's close", () => {
    const t = setup('heikin_ashi');
    const series = t.price();
    // The drawn series' own label is off; a price line at the market's close shows instead.
    expect(series.opts).toMatchObject({ lastValueVisible: false, priceLineVisible: false });
    const last = t.model.candles.at(-1)!;
    const ha = heikinAshiBar(last, t.model.heikinAshi.at(-2)!);
    expect(ha.close).not.toBe(last.close);
    expect(series.data.at(-1)).toMatchObject({ close: ha.close });
    expect(series.lines).toHaveLength(1);
    expect(series.lines[0]!.opts).toMatchObject({ price: last.close, axisLabelVisible: true });
    expect(t.painter.lastLabelPrice()).toBe(last.close);

    // A push moves the label to the new price, with the market candle's colour.
    t.painter.drawPush(t.model.push(moved(t.model, last.open - 3)));
    t.frames.run();
    expect(series.lines[0]!.opts.price).toBe(last.open - 3);
    expect(series.lines[0]!.opts.color).toBe('#f6465d');
    expect(t.painter.lastLabelPrice()).toBe(last.open - 3);

    // Candles again: the series' own label, no extra line.
    t.painter.setType('candles');
    const candlesSeries = t.chart.series.find((s) => s.kind === 'Candlestick')!;
    expect(candlesSeries).not.toBe(series);
    expect(candlesSeries.lines).toHaveLength(0);
    expect(candlesSeries.opts.lastValueVisible).toBeUndefined();
    expect(t.painter.lastLabelPrice()).toBe(last.open - 3);
  });
});

describe("ChartPainter, an oscillator pane's axis", () => {
  it('reads RSI on 0–100 with whole-number ticks, none under its value label or cut by the edges', () => {
    const t = setup();
    const rsi = t.indicators()[0]!;
    const provider = rsi.opts.autoscaleInfoProvider as () => { priceRange: object };
    expect(provider().priceRange).toEqual({ minValue: 0, maxValue: 100 });
    const format = rsi.opts.priceFormat as {
      formatter: (p: number) => string;
      tickmarksFormatter: (prices: number[]) => string[];
    };
    // The value label keeps two decimals.
    expect(format.formatter(58.834)).toBe('58.83');
    const value = t.model.tracks[0]!.values.at(-1)![0]!;
    const ticks = [0, 20, 40, 60, 80, 100];
    const texts = format.tickmarksFormatter(ticks);
    // 0 and 100 sit on the pane's edges (half their text cut): left out.
    expect(texts[0]).toBe('');
    expect(texts[5]).toBe('');
    // Within a label's reach of the value (in this 76 px pane, 0.76 px a point): left out.
    ticks.forEach((tick, i) => {
      if (i === 0 || i === 5) return;
      const covered = Math.abs(tick - value) * 0.76 < (11 * (1 + 5 / 12)) / 2 + 11 / 2 + 1;
      expect(texts[i]).toBe(covered ? '' : String(tick));
    });
    expect(texts.filter((text) => text !== '').length).toBeGreaterThan(0);
  });
});
