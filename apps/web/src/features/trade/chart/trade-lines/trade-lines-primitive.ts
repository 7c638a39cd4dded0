import type {
  AutoscaleInfo,
  DataChangedScope,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesPrimitive,
  ISeriesPrimitiveAxisView,
  PrimitiveHoveredItem,
  Time,
} from 'lightweight-charts';
import { SeriesPrimitiveBase } from '../layer-kit/series-primitive';
import { formatPrice } from '@/lib/format';
import { drawBell, drawLabel, LABEL_HEIGHT, labelWidth, type LabelBox } from '../layer-kit/canvas-label';
import { lastBarOf, priceBox, type DrawTarget } from '../layer-kit/chart-space';
import type { TradeLine } from './trade-line-model';

// The canvas cannot read CSS variables: the design tokens of styles/global.css, as values.
const UP = '#18c787';
const DOWN = '#f6465d';
const ALERT = '#f0b90b';
const INK = '#0b0e14';

/** How a line looks: its colour, dash, and how its tag is filled. */
function lookOf(line: TradeLine): { color: string; dash: number[]; filled: boolean } {
  switch (line.kind) {
    case 'entry':
      return { color: line.side === 1 ? UP : DOWN, dash: [], filled: true };
    case 'pending':
      return { color: line.side === 1 ? UP : DOWN, dash: [6, 4], filled: false };
    case 'tp':
      return { color: UP, dash: [3, 3], filled: true };
    case 'sl':
      return { color: DOWN, dash: [3, 3], filled: true };
    case 'alert':
      return { color: ALERT, dash: [1, 3], filled: false };
  }
}

/** A bar's low and high (a line chart's point: its value twice); a gap in the data: none. */
function rangeOf(bar: object): readonly [number, number] {
  if ('low' in bar && 'high' in bar && typeof bar.low === 'number' && typeof bar.high === 'number')
    return [bar.low, bar.high];
  if ('value' in bar && typeof bar.value === 'number') return [bar.value, bar.value];
  return [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
}

/** A draggable tag is grabbed within this many px of it (a fingertip is wider than 16 px). */
const GRAB = { touch: 10, mouse: 2 } as const;
const BELL = 10;

/**
 * The trader's positions, pending orders and price alerts on the price series (docs/chart.md
 * "Trading from the chart"): a line across the pane for each, its short tag at the pane's
 * right edge (tags of close lines step left so they stay readable) and its price on the axis.
 * A line being dragged is drawn at the finger's price, solid.
 */
export class TradeLinesPrimitive extends SeriesPrimitiveBase implements ISeriesPrimitive<Time> {
  private lines: readonly TradeLine[] = [];
  /** A line held at another price: being dragged, or waiting for the trader's confirmation. */
  private held: { key: string; price: number } | null = null;
  /** The tags as last drawn, for presses. */
  private boxes = new Map<string, LabelBox>();
  private readonly views: readonly IPrimitivePaneView[];
  private axisViews: readonly ISeriesPrimitiveAxisView[] = [];
  /** Each bar's low and high, read again after the data changed (for the autoscale). */
  /** The bars' lows and highs, by index, and the last bar's time (what a push moves). */
  private bars: (readonly [number, number])[] | null = null;
  private lastBarTime: number | null = null;

  constructor(private precision: number) {
    super();
    const renderer: IPrimitivePaneRenderer = { draw: (target) => this.draw(target) };
    this.views = [{ renderer: () => renderer, zOrder: () => 'top' }];
  }

  set(lines: readonly TradeLine[], precision: number): void {
    this.lines = lines;
    this.precision = precision;
    this.axisViews = lines.map((line) => this.axisView(line));
    this.requestUpdate?.();
  }

  /** Holds a line at `price` (null: back where its order says). */
  hold(key: string | null, price?: number): void {
    this.held = key === null || price === undefined ? null : { key, price };
    this.requestUpdate?.();
  }

  priceOf(line: TradeLine): number {
    return this.held?.key === line.key ? this.held.price : line.price;
  }

  /** The draggable line whose tag a press at (x, y) lands on. */
  grab(x: number, y: number, pointer: 'touch' | 'mouse'): TradeLine | null {
    const pad = GRAB[pointer];
    let best: { line: TradeLine; distance: number } | null = null;
    for (const line of this.lines) {
      const box = this.boxes.get(line.key);
      if (!line.draggable || !box) continue;
      const inside =
        x >= box.x - pad && x <= box.x + box.width + pad && y >= box.y - pad && y <= box.y + box.height + pad;
      if (!inside) continue;
      const distance = Math.abs(y - (box.y + box.height / 2));
      if (!best || distance < best.distance) best = { line, distance };
    }
    return best?.line ?? null;
  }

  /**
   * New bars: their lows and highs are read again — but a push (~35 a second while the chart
   * streams) only moves or appends the last bar, so only that one is read.
   */
  protected onDataChanged(scope: DataChangedScope): void {
    const bar = scope === 'update' && this.bars && this.series ? lastBarOf(this.series) : null;
    const time = bar && typeof bar.time === 'number' ? bar.time : null;
    if (!this.bars || !bar || time === null || this.lastBarTime === null || time < this.lastBarTime) {
      this.bars = null;
      return;
    }
    if (time === this.lastBarTime) this.bars[this.bars.length - 1] = rangeOf(bar);
    else this.bars.push(rangeOf(bar));
    this.lastBarTime = time;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.views;
  }

  /**
   * The price scale takes in the trader's order lines (not alerts) that lie within one more
   * height of the candles in view above or below them, so a stop or a target near the market
   * is on screen to be dragged; one farther away would squash the candles and stays off it.
   * The order's own price counts, not one being dragged: the scale holds still under a finger.
   */
  autoscaleInfo(start: number, end: number): AutoscaleInfo | null {
    // Without an order's line the candles alone set the scale (the answer below would be null).
    if (!this.series || !this.lines.some((line) => line.kind !== 'alert')) return null;
    if (!this.bars) {
      const data = this.series.data();
      const last = data.at(-1);
      this.bars = data.map(rangeOf);
      this.lastBarTime = last && typeof last.time === 'number' ? last.time : null;
    }
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    const last = Math.min(this.bars.length - 1, Math.ceil(end));
    for (let i = Math.max(0, Math.floor(start)); i <= last; i++) {
      const [l, h] = this.bars[i]!;
      if (l < low) low = l;
      if (h > high) high = h;
    }
    if (!Number.isFinite(low) || !Number.isFinite(high)) return null;
    const reach = high - low;
    let min = low;
    let max = high;
    for (const line of this.lines) {
      if (line.kind === 'alert' || line.price < low - reach || line.price > high + reach) continue;
      min = Math.min(min, line.price);
      max = Math.max(max, line.price);
    }
    return min < low || max > high ? { priceRange: { minValue: min, maxValue: max } } : null;
  }

  priceAxisViews(): readonly ISeriesPrimitiveAxisView[] {
    return this.axisViews;
  }

  hitTest(x: number, y: number): PrimitiveHoveredItem | null {
    const line = this.grab(x, y, 'mouse');
    return line
      ? { externalId: line.key, zOrder: 'top', cursorStyle: 'ns-resize', hitTestPriority: 2 }
      : null;
  }

  private draw(target: DrawTarget): void {
    const { chart, series } = this;
    if (!chart || !series) return;
    target.useMediaCoordinateSpace(({ context: ctx }) => {
      const { width } = priceBox(chart);
      const placed: { line: TradeLine; y: number }[] = [];
      for (const line of this.lines) {
        const y = series.priceToCoordinate(this.priceOf(line));
        if (y !== null) placed.push({ line, y });
      }
      this.boxes = new Map();
      const taken: LabelBox[] = [];
      for (const { line, y } of placed) {
        const look = lookOf(line);
        const held = this.held?.key === line.key;
        ctx.save();
        ctx.strokeStyle = look.color;
        ctx.lineWidth = held ? 2 : 1;
        ctx.setLineDash(held ? [] : look.dash);
        ctx.beginPath();
        ctx.moveTo(0, Math.round(y) + 0.5);
        ctx.lineTo(width, Math.round(y) + 0.5);
        ctx.stroke();
        ctx.setLineDash([]);
        // The tag at the right edge, stepped left past tags it would cover.
        const icon = line.kind === 'alert' ? BELL : 0;
        const w = labelWidth(ctx, line.label, icon);
        let right = width - 4;
        for (let moved = true; moved;) {
          moved = false;
          for (const box of taken) {
            const overlaps =
              Math.abs(box.y + box.height / 2 - y) < LABEL_HEIGHT &&
              right > box.x &&
              right - w < box.x + box.width;
            if (overlaps) {
              right = box.x - 3;
              moved = true;
            }
          }
        }
        const box = drawLabel(ctx, {
          right,
          y,
          text: line.label,
          fill: look.filled ? look.color : INK,
          color: look.filled ? '#ffffff' : look.color,
          border: look.filled ? (held ? '#ffffff' : undefined) : look.color,
          icon,
        });
        if (icon) drawBell(ctx, box.x + 5, y - BELL / 2, BELL, look.color);
        taken.push(box);
        this.boxes.set(line.key, box);
        ctx.restore();
      }
    });
  }

  private axisView(line: TradeLine): ISeriesPrimitiveAxisView {
    const look = lookOf(line);
    return {
      coordinate: () => this.series?.priceToCoordinate(this.priceOf(line)) ?? -100,
      text: () => formatPrice(this.priceOf(line), this.precision),
      textColor: () => (look.color === ALERT ? INK : '#ffffff'),
      backColor: () => look.color,
    };
  }
}
