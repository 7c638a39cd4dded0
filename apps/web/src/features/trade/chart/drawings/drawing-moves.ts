import { DRAWING_TIME_RANGE, type DrawingKind } from '@pipwise/shared';
import { logicalOfTime, timeOfLogical, type TimeAxis } from '../layer-kit/time-axis';
import type { DrawingPart } from './drawing-geometry';

/** A drawing's point as the chart moves it: a time (seconds) and a price. */
export interface ChartPricePoint {
  time: number;
  price: number;
}

/** Where a press is on the scales: a fractional bar index and a price. */
export interface ScalePoint {
  logical: number;
  price: number;
}

/** A price on the instrument's steps, never below one step. */
export function roundPrice(price: number, precision: number): number {
  const step = 10 ** -precision;
  return Math.max(Number(price.toFixed(precision)), Number(step.toFixed(precision)));
}

const clampTime = (time: number) =>
  Math.min(Math.max(Math.round(time), DRAWING_TIME_RANGE.min), DRAWING_TIME_RANGE.max);

/** The point a tap at `at` places: the nearest bar's time and the price, on the instrument's steps. */
export function placedPoint(axis: TimeAxis, at: ScalePoint, precision: number): ChartPricePoint | null {
  const time = timeOfLogical(axis, at.logical);
  return time === null ? null : { time: clampTime(time), price: roundPrice(at.price, precision) };
}

/**
 * A drawing's points after a drag from `from` to `to` (docs/chart.md "Drawings"): by one of
 * its anchors, that point goes where the finger is; by its line, every point moves by the
 * whole bars and the price the finger moved (a horizontal line by the price alone). Times
 * snap to bars, prices to the instrument's steps.
 */
export function movedPoints(
  o: {
    kind: DrawingKind;
    points: readonly ChartPricePoint[];
    part: DrawingPart;
    axis: TimeAxis;
    precision: number;
  },
  from: ScalePoint,
  to: ScalePoint,
): ChartPricePoint[] {
  const { axis, precision } = o;
  if (o.part !== 'body') {
    const placed = placedPoint(axis, to, precision);
    return o.points.map((p, i) => (i === o.part && placed ? placed : p));
  }
  const bars = o.kind === 'hline' ? 0 : Math.round(to.logical - from.logical);
  const dp = to.price - from.price;
  return o.points.map((p) => {
    let time = p.time;
    if (bars !== 0) {
      const logical = logicalOfTime(axis, p.time);
      const moved = logical === null ? null : timeOfLogical(axis, logical + bars);
      if (moved !== null) time = clampTime(moved);
    }
    return { time, price: roundPrice(p.price + dp, precision) };
  });
}
