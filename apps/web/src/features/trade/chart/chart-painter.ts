import {
  AreaSeries,
  CandlestickSeries,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type BarPrice,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type PriceFormat,
  type SeriesType,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { ChartModel, IndicatorTrack, PushKind } from './chart-model';
import { lineColor, trackColor } from './chart-colors';
import { CHART_FONT_SIZE, chartHeight, PANE_HEIGHT, PRICE_PANE_HEIGHT } from './chart-size';
import { tickGuard, type TickGuard } from '../utils/axis-ticks';
import type { ChartType } from './chart-prefs';
import { INDICATORS, type IndicatorKind } from './indicator-catalog';

// The canvas cannot read CSS variables: the design tokens of styles/global.css, as values.
export const CHART_COLORS = {
  text: '#9aa4b5',
  grid: 'rgba(31, 39, 55, 0.7)',
  border: '#1f2737',
  up: '#18c787',
  down: '#f6465d',
  crosshair: '#697386',
  label: '#182031',
  line: '#3d8bfd',
};

export { CHART_HEIGHT, PANE_HEIGHT } from './chart-size';

/** Where an oscillator's guide lines sit (overbought, oversold). */
const GUIDES: Partial<Record<IndicatorKind, readonly number[]>> = { rsi: [70, 30], stoch: [80, 20] };

const PERCENT_FORMAT: PriceFormat = { type: 'price', precision: 2, minMove: 0.01 };

/** Oscillators read on a fixed 0–100 scale: their guides are always in the pane. */
const BOUNDED: ReadonlySet<IndicatorKind> = new Set(['rsi', 'stoch']);
const FULL_RANGE = () => ({ priceRange: { minValue: 0, maxValue: 100 } });

/** Half an axis label's height (utils/axis-ticks.ts): a tick text closer to a pane's edge is cut. */
const HALF_LABEL = (CHART_FONT_SIZE * (1 + 5 / 12)) / 2;

const at = (time: number) => time as UTCTimestamp;

/** A point of a series as the painter hands it over: a bar, a value, a coloured value. */
interface Point {
  time: UTCTimestamp;
  value?: number;
  open?: number;
  high?: number;
  low?: number;
  close?: number;
  color?: string;
}

const samePoint = (a: Point, b: Point) =>
  a.time === b.time &&
  a.value === b.value &&
  a.open === b.open &&
  a.high === b.high &&
  a.low === b.low &&
  a.close === b.close;

/**
 * One series and the last point it was given: a point older than that is not handed over
 * (the library refuses it), nor one equal to it (a push that moved nothing it draws — the
 * bands' period-old candle, an RSI that stayed — costs the library no redraw).
 */
export class SeriesFeed {
  private last: Point | null = null;

  constructor(readonly series: ISeriesApi<SeriesType>) {}

  setData(points: Point[]): void {
    this.series.setData(points);
    this.last = points[points.length - 1] ?? null;
  }

  put(point: Point): void {
    const last = this.last;
    if (last && (point.time < last.time || samePoint(point, last))) return;
    this.series.update(point);
    this.last = point;
  }
}

interface DrawnTrack {
  track: IndicatorTrack;
  feeds: SeriesFeed[];
  /** An oscillator pane's axis: tick texts its value labels or the pane's edges would cut. */
  ticks: TickGuard | null;
}

/** When the pushes are drawn: the next animation frame (tests hand their own). */
export interface FrameClock {
  request(draw: () => void): number;
  cancel(handle: number): void;
}

const animationFrames: FrameClock = {
  request: (draw) => requestAnimationFrame(draw),
  cancel: (handle) => cancelAnimationFrame(handle),
};

/**
 * Draws a ChartModel on a lightweight-charts chart (docs/chart.md): the price series in the
 * chart type chosen, the overlays on the prices' pane and one pane per oscillator under
 * it. It only ever hands the library a whole series when the history or the choice changes;
 * pushes are drawn at the next animation frame, the latest bar only: one `update` of the
 * last point of each series whose point changed (docs/chart.md "The incremental rule").
 */
export class ChartPainter {
  price: ISeriesApi<SeriesType>;
  private priceFeed: SeriesFeed;
  private type: ChartType;
  private priceFormat: PriceFormat | null = null;
  private paneFormat: PriceFormat | null = null;
  private drawn = new Map<number, DrawnTrack>();
  /** The oldest candle a push changed since the last frame drawn; null: nothing to draw. */
  private dirtyFrom: number | null = null;
  private frame: number | null = null;
  /** Heikin-Ashi only: the market's last price on the axis (the drawn bar is an average). */
  private lastLine: IPriceLine | null = null;
  /** Called after a frame drew pushes (the axis labels' check, the legend). */
  onPainted: (() => void) | null = null;

  constructor(
    private readonly chart: IChartApi,
    private readonly model: ChartModel,
    type: ChartType,
    private readonly frames: FrameClock = animationFrames,
  ) {
    this.type = type;
    this.price = this.addPriceSeries(type);
    this.priceFeed = new SeriesFeed(this.price);
    // The prices' pane stays while its series is swapped for another type.
    chart.panes()[0]?.setPreserveEmptyPane(true);
  }

  private addPriceSeries(type: ChartType): ISeriesApi<SeriesType> {
    const format = this.priceFormat ? { priceFormat: this.priceFormat } : {};
    switch (type) {
      case 'line':
        return this.chart.addSeries(LineSeries, { color: CHART_COLORS.line, lineWidth: 2, ...format }, 0);
      case 'area':
        return this.chart.addSeries(
          AreaSeries,
          {
            lineColor: CHART_COLORS.line,
            lineWidth: 2,
            topColor: 'rgba(61, 139, 253, 0.28)',
            bottomColor: 'rgba(61, 139, 253, 0.02)',
            ...format,
          },
          0,
        );
      case 'candles':
      case 'heikin_ashi':
        return this.chart.addSeries(
          CandlestickSeries,
          {
            upColor: CHART_COLORS.up,
            downColor: CHART_COLORS.down,
            wickUpColor: CHART_COLORS.up,
            wickDownColor: CHART_COLORS.down,
            borderVisible: false,
            // Heikin-Ashi: the axis shows the market's last price instead (syncLastLine).
            ...(type === 'heikin_ashi' ? { lastValueVisible: false, priceLineVisible: false } : {}),
            ...format,
          },
          0,
        );
    }
  }

  /**
   * Another chart type: a new price series takes the old one's place (first in its pane, so
   * the overlays draw over it and the axis keeps its format) with the data drawn so far.
   * Returns whether the series changed (layers re-attach to `price` then).
   */
  setType(type: ChartType): boolean {
    if (type === this.type) return false;
    const old = this.price;
    this.type = type;
    this.price = this.addPriceSeries(type);
    this.price.setSeriesOrder(0);
    // The old series' price line goes with it.
    this.lastLine = null;
    this.chart.removeSeries(old);
    this.priceFeed = new SeriesFeed(this.price);
    this.priceFeed.setData(this.priceBars());
    this.syncLastLine();
    return true;
  }

  /**
   * The price the axis labels as the last one: the market's last close on Heikin-Ashi (its
   * own line), else the drawn series' last value in view, as the library draws it.
   */
  lastLabelPrice(): number | null {
    if (this.type === 'heikin_ashi') return this.model.candles.at(-1)?.close ?? null;
    const last = this.price.lastValueData(false);
    return last.noData ? null : last.price;
  }

  /**
   * Heikin-Ashi's bars are averages: traders read the axis's last-price label as the price,
   * so it shows the market's last close (its colour by the market candle's direction).
   */
  private syncLastLine(): void {
    const candle = this.type === 'heikin_ashi' ? this.model.candles.at(-1) : undefined;
    if (!candle) {
      if (this.lastLine) this.price.removePriceLine(this.lastLine);
      this.lastLine = null;
      return;
    }
    const color = candle.close >= candle.open ? CHART_COLORS.up : CHART_COLORS.down;
    if (!this.lastLine) {
      this.lastLine = this.price.createPriceLine({
        price: candle.close,
        color,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: true,
      });
      return;
    }
    const now = this.lastLine.options();
    if (now.price !== candle.close || now.color !== color)
      this.lastLine.applyOptions({ price: candle.close, color });
  }

  /** The pair's price format (its decimals, grouped), for the prices and what is in prices. */
  setPriceFormat(format: PriceFormat): void {
    this.priceFormat = format;
    this.paneFormat = format.type === 'custom' ? { ...format, tickmarksFormatter: undefined } : format;
    this.price.applyOptions({ priceFormat: format });
    for (const drawn of this.drawn.values()) this.formatTrack(drawn);
  }

  private formatOf(kind: IndicatorKind): PriceFormat {
    if (kind === 'rsi' || kind === 'stoch') return PERCENT_FORMAT;
    if (INDICATORS[kind].place === 'overlay') return this.priceFormat ?? PERCENT_FORMAT;
    return this.paneFormat ?? PERCENT_FORMAT;
  }

  /**
   * A track's series get its format; in an oscillator's pane (76 px: a few ticks, two or three
   * value labels) a tick text is left out where a value label would cover it or the pane's
   * edge would cut it, as on the prices' axis (utils/axis-ticks.ts), and the 0–100
   * oscillators' ticks are whole numbers.
   */
  private formatTrack(drawn: DrawnTrack): void {
    const { kind } = drawn.track.choice;
    const base = this.formatOf(kind);
    const first = drawn.feeds[0]?.series;
    if (INDICATORS[kind].place === 'overlay' || !first) {
      for (const { series } of drawn.feeds) series.applyOptions({ priceFormat: base });
      return;
    }
    const formatter = (price: number) =>
      base.type === 'custom' ? base.formatter(price as BarPrice) : price.toFixed(2);
    const guard = tickGuard({
      format: BOUNDED.has(kind) ? (price) => String(Math.round(price)) : formatter,
      coordinateOf: (price) => first.priceToCoordinate(price),
      labelPrices: () =>
        drawn.feeds.flatMap(({ series }) => {
          if (!series.options().lastValueVisible) return [];
          const last = series.lastValueData(false);
          return last.noData ? [] : [last.price];
        }),
      fontSize: CHART_FONT_SIZE,
    });
    drawn.ticks = {
      labels: (prices) => {
        const height = first.getPane().getHeight();
        return guard.labels(prices).map((text, i) => {
          const y = first.priceToCoordinate(prices[i]!);
          return y === null || y < HALF_LABEL || y > height - HALF_LABEL ? '' : text;
        });
      },
      stale: guard.stale,
    };
    const priceFormat: PriceFormat = {
      type: 'custom',
      minMove: base.minMove ?? 0.01,
      formatter,
      tickmarksFormatter: drawn.ticks.labels,
    };
    for (const { series } of drawn.feeds) series.applyOptions({ priceFormat });
  }

  /** The oscillator panes' axes laid out again where value labels moved onto or off a tick. */
  private refreshPaneTicks(): void {
    for (const { ticks, feeds } of this.drawn.values()) {
      if (ticks?.stale()) feeds[0]?.series.priceScale().applyOptions({});
    }
  }

  private bar(index: number): Point {
    const candle = this.model.candles[index]!;
    const time = at(candle.time);
    switch (this.type) {
      case 'line':
      case 'area':
        return { time, value: candle.close };
      case 'heikin_ashi': {
        const ha = this.model.heikinAshi[index]!;
        return { time, open: ha.open, high: ha.high, low: ha.low, close: ha.close };
      }
      case 'candles':
        return { time, open: candle.open, high: candle.high, low: candle.low, close: candle.close };
    }
  }

  private priceBars() {
    return this.model.candles.map((_, i) => this.bar(i));
  }

  /** The whole history, after ChartModel.reset: what pushes left to draw is in it. */
  drawHistory(): void {
    this.cancelFrame();
    this.dirtyFrom = null;
    this.priceFeed.setData(this.priceBars());
    for (const drawn of this.drawn.values()) this.fill(drawn);
    this.syncLastLine();
  }

  /**
   * After ChartModel.push: the candle it changed is drawn at the next animation frame, with
   * whatever later pushes make of it — at 30+ pushes a second the screen shows each frame's
   * latest bar once, not every push.
   */
  drawPush(kind: PushKind): void {
    if (kind === null) return;
    const last = this.model.candles.length - 1;
    this.dirtyFrom = Math.min(this.dirtyFrom ?? last, last);
    this.frame ??= this.frames.request(() => {
      this.frame = null;
      try {
        this.paint();
      } catch {
        // The library refused a point: the next history (a resync) draws it again.
        this.dirtyFrom = null;
      }
      this.onPainted?.();
    });
  }

  /**
   * Draws the candles pushes changed since the last frame: usually the forming one (its
   * `update` replaces the last point); after a new candle began, the one before it with its
   * final prices, then the new one. Series whose point did not change get no call.
   */
  paint(): void {
    if (this.dirtyFrom === null) return;
    const { candles } = this.model;
    for (let i = this.dirtyFrom; i < candles.length; i++) {
      this.priceFeed.put(this.bar(i));
      const time = at(candles[i]!.time);
      for (const { track, feeds } of this.drawn.values()) {
        const values = track.values[i];
        if (values) feeds.forEach((feed, line) => feed.put(this.point(track, time, values, line)));
      }
    }
    this.dirtyFrom = null;
    this.syncLastLine();
    this.refreshPaneTicks();
  }

  private cancelFrame(): void {
    if (this.frame !== null) this.frames.cancel(this.frame);
    this.frame = null;
  }

  /** The chart is going: no frame is drawn after it. */
  dispose(): void {
    this.cancelFrame();
    this.onPainted = null;
  }

  private point(track: IndicatorTrack, time: UTCTimestamp, values: number[], line: number): Point {
    const value = values[line]!;
    // MACD's histogram: green above zero, red below.
    if (track.choice.kind === 'macd' && line === 2)
      return { time, value, color: lineColor('macd', 2, '', value) };
    return { time, value };
  }

  /** A track's series filled from its values (the candles before it is stable are left out). */
  private fill({ track, feeds }: DrawnTrack): void {
    const { candles } = this.model;
    feeds.forEach((feed, line) => {
      const data: Point[] = [];
      for (let i = 0; i < candles.length; i++) {
        const values = track.values[i];
        if (values) data.push(this.point(track, at(candles[i]!.time), values, line));
      }
      feed.setData(data);
    });
  }

  /**
   * The model's tracks now (after ChartModel.setIndicators): series of removed ones go
   * (their pane with them), new ones get theirs — an oscillator a pane at the bottom — and
   * a track recomputed for new parameters is drawn again in the series it had.
   */
  syncIndicators(): void {
    const current = new Map(this.model.tracks.map((track, i) => [track.choice.id, { track, i }]));
    for (const [id, drawn] of this.drawn) {
      if (current.has(id)) continue;
      for (const { series } of drawn.feeds) this.chart.removeSeries(series);
      this.drawn.delete(id);
    }
    for (const [id, { track, i }] of current) {
      const color = trackColor(i);
      let drawn = this.drawn.get(id);
      if (!drawn) {
        drawn = {
          track,
          feeds: this.addTrackSeries(track, color).map((s) => new SeriesFeed(s)),
          ticks: null,
        };
        this.drawn.set(id, drawn);
        this.formatTrack(drawn);
        this.fill(drawn);
      } else {
        if (drawn.track !== track) {
          drawn.track = track;
          this.fill(drawn);
        }
        this.recolor(drawn, color);
      }
    }
    this.layoutPanes();
  }

  private addTrackSeries(track: IndicatorTrack, color: string): ISeriesApi<SeriesType>[] {
    const { kind } = track.choice;
    const overlay = INDICATORS[kind].place === 'overlay';
    const pane = overlay ? 0 : this.chart.panes().length;
    const common = {
      priceLineVisible: false,
      ...(BOUNDED.has(kind) ? { autoscaleInfoProvider: FULL_RANGE } : {}),
      lastValueVisible: !overlay,
      crosshairMarkerVisible: false,
    };
    const line = (lineColor: string, options: { lineWidth?: 1 | 2; lineStyle?: LineStyle } = {}) =>
      this.chart.addSeries(LineSeries, { ...common, color: lineColor, lineWidth: 1, ...options }, pane);
    switch (kind) {
      case 'bb':
        return [line(color), line(color, { lineStyle: LineStyle.Dashed }), line(color)];
      case 'macd': {
        // The histogram first, so the lines draw over it.
        const histogram = this.chart.addSeries(HistogramSeries, { ...common, lastValueVisible: false }, pane);
        return [line(color), line(lineColor(kind, 1, color)), histogram];
      }
      case 'stoch': {
        const k = line(color);
        this.guides(k, kind);
        return [k, line(lineColor(kind, 1, color))];
      }
      case 'sma':
      case 'ema':
      case 'rsi':
      case 'atr': {
        const s = line(color, { lineWidth: overlay ? 2 : 1 });
        this.guides(s, kind);
        return [s];
      }
    }
  }

  private guides(series: ISeriesApi<SeriesType>, kind: IndicatorKind): void {
    for (const price of GUIDES[kind] ?? []) {
      series.createPriceLine({
        price,
        color: CHART_COLORS.crosshair,
        lineStyle: LineStyle.Dotted,
        lineWidth: 1,
        axisLabelVisible: false,
      });
    }
  }

  private recolor({ track, feeds }: DrawnTrack, color: string): void {
    const { kind } = track.choice;
    feeds.forEach(({ series }, line) => {
      if (kind !== 'macd' || line !== 2) series.applyOptions({ color: lineColor(kind, line, color) });
    });
  }

  /** The prices' pane keeps its height; each oscillator's pane is small (PANE_HEIGHT). */
  private layoutPanes(): void {
    const panes = this.chart.panes();
    panes.forEach((pane, i) => pane.setStretchFactor(i === 0 ? PRICE_PANE_HEIGHT : PANE_HEIGHT));
  }

  /** The chart's height for `panes` oscillator panes (chart-size.ts). */
  static heightFor(panes: number): number {
    return chartHeight(panes);
  }
}
