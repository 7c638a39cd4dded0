import { PERIOD_SECONDS, type Period } from '@pipwise/shared';
import type {
  IChartApi,
  IPrimitivePaneRenderer,
  ISeriesApi,
  ISeriesPrimitive,
  Logical,
  MismatchDirection,
  SeriesType,
  Time,
} from 'lightweight-charts';
import type { IndexScale, TimeAxis } from './time-axis';

/** The canvas target a primitive's renderer draws on (fancy-canvas, through the library's types). */
export type DrawTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** The time scale as time-axis.ts reads it (the library brands its indexes `Logical`). */
export function indexScaleOf(chart: IChartApi): IndexScale {
  const scale = chart.timeScale();
  return {
    logicalToCoordinate: (logical) => scale.logicalToCoordinate(logical as Logical),
    coordinateToLogical: (x) => scale.coordinateToLogical(x),
  };
}

/** The price pane's size, px: the element's top-left part, left of the price axis. */
export function priceBox(chart: IChartApi): { width: number; height: number } {
  return { width: chart.timeScale().width(), height: chart.paneSize(0).height };
}

/** Whether a point of the chart element is inside the price pane (not an axis, not an oscillator). */
export function inPriceBox(chart: IChartApi, x: number, y: number): boolean {
  const box = priceBox(chart);
  return x >= 0 && y >= 0 && x < box.width && y < box.height;
}

/** The bar times of the series drawn now, with the period's step (time-axis.ts). */
export function timeAxisOf(series: ISeriesApi<SeriesType>, period: Period): TimeAxis {
  const times: number[] = [];
  for (const bar of series.data()) if (typeof bar.time === 'number') times.push(bar.time);
  return { times, step: PERIOD_SECONDS[period] };
}

/**
 * The library's `MismatchDirection.NearestLeft`, as its value: importing the enum itself
 * would pull lightweight-charts into this module's chunk as a separate one.
 */
const NEAREST_LEFT = -1 as MismatchDirection;

/** The series' last bar, as a push leaves it (null when it has none). */
export function lastBarOf(series: ISeriesApi<SeriesType>) {
  return series.dataByIndex(Number.MAX_SAFE_INTEGER, NEAREST_LEFT);
}

/**
 * The time axis after a push (the last bar changed or one appended): the same axis when the
 * last bar kept its time, one more time when a bar was appended; null when the series'
 * times must be read again.
 */
export function axisAfterPush(axis: TimeAxis, series: ISeriesApi<SeriesType>): TimeAxis | null {
  const bar = lastBarOf(series);
  if (!bar || typeof bar.time !== 'number') return null;
  const last = axis.times.at(-1);
  if (bar.time === last) return axis;
  if (last === undefined || bar.time > last) return { times: [...axis.times, bar.time], step: axis.step };
  return null;
}

/** A price at the instrument's precision as decimal text, never below one step ("0.01"). */
export function priceText(value: number, precision: number): string {
  const step = 10 ** -precision;
  return (Number.isFinite(value) && value > step ? value : step).toFixed(precision);
}

/**
 * Attaches a layer's primitive to the price series; the function returned takes it off
 * again — unless the chart went with its element (the screen left): the chart is removed
 * then, often before its layers' clean-up runs, and a primitive detached from a removed
 * chart asks it to draw on canvases it has disposed of.
 */
export function attachPrimitive(
  series: ISeriesApi<SeriesType>,
  primitive: ISeriesPrimitive<Time>,
  element: HTMLElement,
): () => void {
  series.attachPrimitive(primitive);
  return () => {
    if (element.isConnected) series.detachPrimitive(primitive);
  };
}
