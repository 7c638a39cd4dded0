import { formatPrice } from '@/lib/format';
import type { ChartModel } from './chart-model';
import { lineColor, trackColor } from './chart-colors';
import { LINES } from './indicator-calc';
import { choiceLabel } from './indicator-catalog';

/**
 * The last bar's figures are written at most this often while no crosshair is on the chart:
 * the header shows the live price ten times a second already, and each write costs the page a
 * style and layout pass (docs/benchmarks.md "Live rendering"). A crosshair move draws at the
 * next frame.
 */
export const LEGEND_DRAW_MS = 250;

export interface LegendSetup {
  /** The pair's decimals: every price reads as elsewhere in the app (lib/format.ts). */
  precision: number;
  /** The bar's time as the crosshair labels it (utils/chart-time.ts, the trader's zone). */
  timeLabel: (seconds: number) => string;
  /** The translated O H L C marks. */
  marks: { open: string; high: string; low: string; close: string };
}

/**
 * A figure whose text is set only when it changes (no layout for an unchanged one), in the
 * text node it keeps (changing its data is cheaper than replacing the node).
 */
class Figure {
  readonly el: HTMLSpanElement;
  private readonly node = document.createTextNode('');

  constructor(className: string, color?: string) {
    this.el = document.createElement('span');
    this.el.className = className;
    if (color) this.el.style.color = color;
    this.el.append(this.node);
  }

  set(text: string): void {
    if (text !== this.node.data) this.node.data = text;
  }
}

const span = (className: string, text: string) => {
  const el = document.createElement('span');
  el.className = className;
  el.textContent = text;
  return el;
};

/**
 * The crosshair legend (docs/chart.md "Legend"): at the chart's top-left, the time and
 * O H L C of the bar under the crosshair — of the last bar when there is none — and each
 * indicator's values at that bar, in its line's colour. Written straight into the DOM: a
 * crosshair move or a tick changes a few texts, never a React render. The market's candle
 * is shown whatever the chart type draws (a Heikin-Ashi bar is an average, a line only the close).
 */
export class ChartLegend {
  private readonly time: Figure;
  private readonly ohlc: Figure[];
  private readonly tracks: { label: Figure; values: Figure[] }[] = [];
  /** The candle under the crosshair; null: the last one. */
  private hovered: number | null = null;
  private frame = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastDraw = 0;

  constructor(
    private readonly root: HTMLElement,
    private readonly model: ChartModel,
    private readonly setup: LegendSetup,
    /** Class names of the CSS module, by role. */
    private readonly classes: Record<'row' | 'group' | 'mark' | 'figure' | 'time' | 'label', string>,
  ) {
    this.time = new Figure(classes.time);
    const { marks } = setup;
    const ohlcRow = document.createElement('div');
    ohlcRow.className = classes.row;
    ohlcRow.append(this.time.el);
    this.ohlc = [marks.open, marks.high, marks.low, marks.close].map((mark) => {
      const figure = new Figure(classes.figure);
      const group = span(classes.group, '');
      group.append(span(classes.mark, mark), figure.el);
      ohlcRow.append(group);
      return figure;
    });
    // The indicators after the prices, on a line of their own, wrapping as the width asks.
    const indicatorRow = document.createElement('div');
    indicatorRow.className = classes.row;
    model.tracks.forEach((track, i) => {
      const { kind } = track.choice;
      const color = trackColor(i);
      const group = document.createElement('span');
      group.className = classes.group;
      const label = new Figure(classes.label, color);
      label.set(choiceLabel(track.choice));
      group.append(label.el);
      // MACD's histogram keeps the text colour: its bars are green or red by sign.
      const values = LINES[kind].map((_, line) => {
        const figure = new Figure(
          classes.figure,
          kind === 'macd' && line === 2 ? undefined : lineColor(kind, line, color),
        );
        group.append(figure.el);
        return figure;
      });
      this.tracks.push({ label, values });
      indicatorRow.append(group);
    });
    const rows = model.tracks.length > 0 ? [ohlcRow, indicatorRow] : [ohlcRow];
    root.replaceChildren(...rows);
    this.draw();
  }

  /** The crosshair is on the candle at `time` (UTC seconds), or left the chart (null). */
  crosshair(time: number | null): void {
    const index = time === null ? -1 : this.model.indexAt(time);
    const hovered = index < 0 ? null : index;
    if (hovered === this.hovered) return;
    this.hovered = hovered;
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.draw());
  }

  /**
   * The data changed (a push, new history): the shown bar is written again when it is the
   * last one, at most every LEGEND_DRAW_MS.
   */
  changed(): void {
    if (this.hovered !== null && this.hovered < this.model.candles.length - 1) return;
    if (this.timer !== null) return;
    const wait = Math.max(0, this.lastDraw + LEGEND_DRAW_MS - performance.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.draw();
    }, wait);
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private draw(): void {
    this.lastDraw = performance.now();
    const { candles } = this.model;
    const index = this.hovered ?? candles.length - 1;
    const candle = candles[index];
    // Nothing to show before the history: the frame's CSS hides it while empty.
    this.root.toggleAttribute('data-empty', candle === undefined);
    if (!candle) return;
    const { precision } = this.setup;
    this.time.set(this.setup.timeLabel(candle.time));
    const prices = [candle.open, candle.high, candle.low, candle.close];
    this.ohlc.forEach((figure, i) => figure.set(formatPrice(prices[i]!, precision)));
    this.model.tracks.forEach((track, t) => {
      const shown = this.tracks[t];
      if (!shown) return;
      const values = track.values[index];
      const decimals = track.choice.kind === 'rsi' || track.choice.kind === 'stoch' ? 2 : precision;
      shown.values.forEach((figure, line) => {
        const value = values?.[line];
        figure.set(value === undefined ? '–' : formatPrice(value, decimals));
      });
    });
  }
}
