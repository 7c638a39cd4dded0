import type { DrawingColor, DrawingKind, Period } from '@pipwise/shared';
import type {
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
import { drawLabel, labelWidth } from '../layer-kit/canvas-label';
import { axisAfterPush, indexScaleOf, priceBox, timeAxisOf, type DrawTarget } from '../layer-kit/chart-space';
import { logicalOfTime, xOfLogical, type TimeAxis } from '../layer-kit/time-axis';
import { DRAWING_SHADES, withAlpha } from './drawing-colors';
import {
  FIB_RATIOS,
  fibPrice,
  hitAmong,
  type DrawingHit,
  type PlacedDrawing,
  type ScreenPoint,
} from './drawing-geometry';

/** A drawing as the chart shows it: the server's, one being moved, or the first point of a new one. */
export interface ShownDrawing {
  key: string;
  kind: DrawingKind;
  points: readonly { time: number; price: number }[];
  color: DrawingColor;
}

const ANCHOR_RADIUS = 5;
/** What the drawings' canvas paints behind an anchor (the chart's background). */
const ANCHOR_FILL = '#0b0e14';

/**
 * The trader's drawings on the price series (docs/chart.md "Drawings"), one series primitive
 * for all of them: horizontal lines (with their price on the axis), trend lines and
 * Fibonacci retracements; the selected one thicker with its anchors; the first point of one
 * being placed. Times become x through the bars drawn (layer-kit/time-axis.ts), so a drawing
 * keeps its place on every period.
 */
export class DrawingPrimitive extends SeriesPrimitiveBase implements ISeriesPrimitive<Time> {
  private shown: readonly ShownDrawing[] = [];
  private selected: string | null = null;
  private placed: PlacedDrawing[] = [];
  private axis: TimeAxis | null = null;
  private readonly views: readonly IPrimitivePaneView[];
  private axisViews: readonly ISeriesPrimitiveAxisView[] = [];

  constructor(
    private period: Period,
    private precision: number,
  ) {
    super();
    const renderer: IPrimitivePaneRenderer = { draw: (target) => this.draw(target) };
    this.views = [{ renderer: () => renderer }];
  }

  /**
   * New bars: times map to other places. A push (~35 a second while the chart streams) only
   * moves or appends the last bar, so the axis follows it instead of reading every bar again.
   */
  protected onDataChanged(scope: DataChangedScope): void {
    this.axis = scope === 'update' && this.axis && this.series ? axisAfterPush(this.axis, this.series) : null;
  }

  /** What to show; `selected` is the key of the one with anchors. */
  set(shown: readonly ShownDrawing[], selected: string | null, period: Period, precision: number): void {
    if (period !== this.period) this.axis = null;
    this.shown = shown;
    this.selected = selected;
    this.period = period;
    this.precision = precision;
    const hlines = shown.filter((d) => d.kind === 'hline');
    this.axisViews = hlines.map((d) => this.axisView(d));
    this.requestUpdate?.();
  }

  /** One drawing's points replaced while it is dragged (no React render per move). */
  move(key: string, points: ShownDrawing['points']): void {
    this.shown = this.shown.map((d) => (d.key === key ? { ...d, points } : d));
    this.axisViews = this.shown.filter((d) => d.kind === 'hline').map((d) => this.axisView(d));
    this.requestUpdate?.();
  }

  points(key: string): ShownDrawing['points'] | undefined {
    return this.shown.find((d) => d.key === key)?.points;
  }

  /** What a press at (x, y) of the price pane touches, within `tolerance` px. */
  hit(x: number, y: number, tolerance: number): DrawingHit | null {
    if (!this.chart) return null;
    this.place();
    return hitAmong(this.placed, x, y, {
      tolerance,
      width: priceBox(this.chart).width,
      selected: this.selected,
    });
  }

  /** The bars' times, read again after the data changed. */
  timeAxis(): TimeAxis | null {
    if (!this.axis && this.series) this.axis = timeAxisOf(this.series, this.period);
    return this.axis;
  }

  updateAllViews(): void {
    this.place();
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.views;
  }

  priceAxisViews(): readonly ISeriesPrimitiveAxisView[] {
    return this.axisViews;
  }

  hitTest(x: number, y: number): PrimitiveHoveredItem | null {
    const hit = this.hit(x, y, 6);
    if (!hit) return null;
    return {
      externalId: `drawing:${hit.key}`,
      zOrder: 'normal',
      distance: hit.distance,
      hitTestPriority: hit.part === 'body' ? 1 : 2,
      cursorStyle: hit.key === this.selected ? (hit.part === 'body' ? 'move' : 'grab') : 'pointer',
    };
  }

  /** Every drawing's points (and Fibonacci levels) in pixels, as the scales stand now. */
  private place(): void {
    const { chart, series } = this;
    // Nothing drawn: no need for the bars' times (the library asks on every push).
    if (!chart || !series || this.shown.length === 0) {
      this.placed = [];
      return;
    }
    const axis = this.timeAxis();
    const scale = indexScaleOf(chart);
    const xOf = (time: number) => {
      const logical = axis ? logicalOfTime(axis, time) : null;
      return logical === null ? null : xOfLogical(scale, logical);
    };
    const yOf = (price: number) => series.priceToCoordinate(price);
    this.placed = this.shown.map((d) => {
      const points: ScreenPoint[] = d.points.map((p) => ({ x: xOf(p.time), y: yOf(p.price) }));
      const [a, b] = d.points;
      const levels =
        d.kind === 'fib' && a && b
          ? FIB_RATIOS.map((ratio) => {
              const price = fibPrice(a.price, b.price, ratio);
              return { ratio, price, y: yOf(price) };
            })
          : [];
      return { key: d.key, kind: d.kind, points, levels };
    });
  }

  private draw(target: DrawTarget): void {
    target.useMediaCoordinateSpace(({ context: ctx, mediaSize }) => {
      const width = this.chart ? priceBox(this.chart).width : mediaSize.width;
      for (const d of this.placed) {
        const shown = this.shown.find((s) => s.key === d.key);
        if (!shown) continue;
        const selected = d.key === this.selected;
        const color = DRAWING_SHADES[shown.color];
        ctx.save();
        ctx.lineWidth = selected ? 2 : 1.5;
        ctx.strokeStyle = color;
        const [a, b] = d.points;
        if (d.kind === 'hline' && a?.y != null) {
          line(ctx, 0, a.y, width, a.y);
        } else if (
          d.kind === 'trend' &&
          a &&
          b &&
          a.x !== null &&
          a.y !== null &&
          b.x !== null &&
          b.y !== null
        ) {
          line(ctx, a.x, a.y, b.x, b.y);
        } else if (d.kind === 'fib' && a && b && a.x !== null && b.x !== null) {
          this.drawFib(ctx, d, color, Math.min(a.x, b.x), width);
        }
        if (selected || d.points.length < (d.kind === 'hline' ? 1 : 2)) drawAnchors(ctx, d, color, width);
        ctx.restore();
      }
    });
  }

  /** The levels from the swing's first x to the pane's edge, banded, each named by its ratio. */
  private drawFib(
    ctx: CanvasRenderingContext2D,
    d: PlacedDrawing,
    color: string,
    left: number,
    right: number,
  ) {
    const [a, b] = d.points;
    for (let i = 0; i + 1 < d.levels.length; i++) {
      const y0 = d.levels[i]!.y;
      const y1 = d.levels[i + 1]!.y;
      if (y0 === null || y1 === null) continue;
      ctx.fillStyle = withAlpha(color, i % 2 === 0 ? 0.1 : 0.05);
      ctx.fillRect(left, Math.min(y0, y1), right - left, Math.abs(y1 - y0));
    }
    for (const level of d.levels) {
      if (level.y === null) continue;
      line(ctx, left, level.y, right, level.y);
      const text = `${level.ratio} · ${formatPrice(level.price, this.precision)}`;
      drawLabel(ctx, {
        right: left + 2 + labelWidth(ctx, text),
        y: level.y - 9,
        text,
        fill: 'rgba(11, 14, 20, 0.6)',
        color,
      });
    }
    // The swing itself, dashed.
    if (a && b && a.x !== null && a.y !== null && b.x !== null && b.y !== null) {
      ctx.setLineDash([4, 4]);
      line(ctx, a.x, a.y, b.x, b.y);
      ctx.setLineDash([]);
    }
  }

  /** A horizontal line's price on the axis, in its colour. */
  private axisView(d: ShownDrawing): ISeriesPrimitiveAxisView {
    return {
      coordinate: () => {
        const price = this.shown.find((s) => s.key === d.key)?.points[0]?.price;
        return price === undefined ? -100 : (this.series?.priceToCoordinate(price) ?? -100);
      },
      text: () => {
        const price = this.shown.find((s) => s.key === d.key)?.points[0]?.price;
        return price === undefined ? '' : formatPrice(price, this.precision);
      },
      textColor: () => (d.color === 'white' || d.color === 'amber' ? '#0b0e14' : '#ffffff'),
      backColor: () => DRAWING_SHADES[d.color],
    };
  }
}

function line(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number): void {
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
}

/** The points a selected drawing can be dragged by (a horizontal line: one, at 40 % of the pane). */
function drawAnchors(ctx: CanvasRenderingContext2D, d: PlacedDrawing, color: string, width: number): void {
  ctx.lineWidth = 2;
  d.points.forEach((p, i) => {
    if (p.y === null || (d.kind === 'hline' && i > 0)) return;
    const x = d.kind === 'hline' ? hlineAnchorX(width) : p.x;
    if (x === null) return;
    ctx.beginPath();
    ctx.arc(x, p.y, ANCHOR_RADIUS, 0, Math.PI * 2);
    ctx.fillStyle = ANCHOR_FILL;
    ctx.fill();
    ctx.strokeStyle = color;
    ctx.stroke();
  });
}

/** Where a horizontal line shows its handle: left of the middle, clear of the tool stack. */
export const hlineAnchorX = (width: number): number => Math.round(width * 0.4);
