import {
  AreaSeries,
  CandlestickSeries,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type PriceFormat,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { ChartModel, IndicatorTrack, PushKind } from './chart-model';
import { lineColor, trackColor } from './chart-colors';
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

/**
 * Pane heights: the prices keep the height the chart had before panes (its frame is 270 px,
 * the time axis below), and each pane under them adds a small fixed height, so the prices
 * stay readable on a phone however many panes there are (at most MAX_PANES).
 */
export const CHART_HEIGHT = 270;
export const PANE_HEIGHT = 76;
const PRICE_PANE_HEIGHT = 244;

/** Where an oscillator's guide lines sit (overbought, oversold). */
const GUIDES: Partial<Record<IndicatorKind, readonly number[]>> = { rsi: [70, 30], stoch: [80, 20] };

const PERCENT_FORMAT: PriceFormat = { type: 'price', precision: 2, minMove: 0.01 };

const at = (time: number) => time as UTCTimestamp;

interface DrawnTrack {
  track: IndicatorTrack;
  series: ISeriesApi<SeriesType>[];
}

/**
 * Draws a ChartModel on a lightweight-charts chart (docs/chart.md): the price series in the
 * chart type chosen, the overlays on the prices' pane and one pane per oscillator under
 * it. It only ever hands the library a whole series when the history or the choice changes;
 * a push updates the last point of each series.
 */
export class ChartPainter {
  price: ISeriesApi<SeriesType>;
  private type: ChartType;
  private priceFormat: PriceFormat | null = null;
  private paneFormat: PriceFormat | null = null;
  private drawn = new Map<number, DrawnTrack>();

  constructor(
    private readonly chart: IChartApi,
    private readonly model: ChartModel,
    type: ChartType,
  ) {
    this.type = type;
    this.price = this.addPriceSeries(type);
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
    this.chart.removeSeries(old);
    this.price.setData(this.priceBars());
    return true;
  }

  /** The pair's price format (its decimals, grouped), for the prices and what is in prices. */
  setPriceFormat(format: PriceFormat): void {
    this.priceFormat = format;
    this.paneFormat = format.type === 'custom' ? { ...format, tickmarksFormatter: undefined } : format;
    this.price.applyOptions({ priceFormat: format });
    for (const { track, series } of this.drawn.values()) {
      for (const s of series) s.applyOptions({ priceFormat: this.formatOf(track.choice.kind) });
    }
  }

  private formatOf(kind: IndicatorKind): PriceFormat {
    if (kind === 'rsi' || kind === 'stoch') return PERCENT_FORMAT;
    if (INDICATORS[kind].place === 'overlay') return this.priceFormat ?? PERCENT_FORMAT;
    return this.paneFormat ?? PERCENT_FORMAT;
  }

  private bar(index: number) {
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

  /** The whole history, after ChartModel.reset. */
  drawHistory(): void {
    this.price.setData(this.priceBars());
    for (const drawn of this.drawn.values()) this.fill(drawn);
  }

  /** The last candle, after ChartModel.push: one point per series, nothing more. */
  drawPush(kind: PushKind): void {
    if (kind === null) return;
    const last = this.model.candles.length - 1;
    this.price.update(this.bar(last));
    const time = at(this.model.candles[last]!.time);
    for (const { track, series } of this.drawn.values()) {
      const values = track.values[last];
      if (!values) continue;
      series.forEach((s, line) => s.update(this.point(track, time, values, line)));
    }
  }

  private point(track: IndicatorTrack, time: Time, values: number[], line: number) {
    const value = values[line]!;
    // MACD's histogram: green above zero, red below.
    if (track.choice.kind === 'macd' && line === 2)
      return { time, value, color: lineColor('macd', 2, '', value) };
    return { time, value };
  }

  /** A track's series filled from its values (the candles before it is stable are left out). */
  private fill({ track, series }: DrawnTrack): void {
    const { candles } = this.model;
    series.forEach((s, line) => {
      const data = [];
      for (let i = 0; i < candles.length; i++) {
        const values = track.values[i];
        if (values) data.push(this.point(track, at(candles[i]!.time), values, line));
      }
      s.setData(data);
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
      for (const s of drawn.series) this.chart.removeSeries(s);
      this.drawn.delete(id);
    }
    for (const [id, { track, i }] of current) {
      const color = trackColor(i);
      let drawn = this.drawn.get(id);
      if (!drawn) {
        drawn = { track, series: this.addTrackSeries(track, color) };
        this.drawn.set(id, drawn);
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
      priceFormat: this.formatOf(kind),
      priceLineVisible: false,
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

  private recolor({ track, series }: DrawnTrack, color: string): void {
    const { kind } = track.choice;
    series.forEach((s, line) => {
      if (kind !== 'macd' || line !== 2) s.applyOptions({ color: lineColor(kind, line, color) });
    });
  }

  /** The prices' pane keeps its height; each oscillator's pane is small (PANE_HEIGHT). */
  private layoutPanes(): void {
    const panes = this.chart.panes();
    panes.forEach((pane, i) => pane.setStretchFactor(i === 0 ? PRICE_PANE_HEIGHT : PANE_HEIGHT));
  }

  /** The chart's height for `panes` oscillator panes. */
  static heightFor(panes: number): number {
    return CHART_HEIGHT + PANE_HEIGHT * panes;
  }
}
