/**
 * Where a time sits on the chart's time scale (docs/chart.md "Drawings"). The library places
 * bars by their index (a "logical" position), not by time: a gap (a weekend, a closed market)
 * takes no room. Drawings keep times, so they stay put across periods and reloads; this maps
 * a time to a fractional index among the bars drawn, and back, continuing at the period's
 * step before the first bar and after the last (a trend line drawn into the future). Pure:
 * the bars' times are handed in.
 */
export interface TimeAxis {
  /** The bars' times, epoch seconds, ascending. */
  times: readonly number[];
  /** The period's nominal length, seconds: the step before the first and after the last bar. */
  step: number;
}

/** The first index whose time is above `time` (times ascending). */
function upperBound(times: readonly number[], time: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The fractional index of `time`: a bar's own index at its time, in between two bars by the
 * share of the time between them, and counted in steps outside the bars. Null without bars.
 */
export function logicalOfTime(axis: TimeAxis, time: number): number | null {
  const { times, step } = axis;
  const n = times.length;
  if (n === 0) return null;
  const first = times[0]!;
  const last = times[n - 1]!;
  if (time <= first) return (time - first) / step;
  if (time >= last) return n - 1 + (time - last) / step;
  const after = upperBound(times, time);
  const before = after - 1;
  const t0 = times[before]!;
  const t1 = times[after]!;
  return before + (time - t0) / (t1 - t0);
}

/**
 * The time of a whole index: a bar's time, or the period's steps before the first bar and
 * after the last. A fractional index is rounded to the nearest bar first (a drawing snaps to
 * bars). Null without bars.
 */
export function timeOfLogical(axis: TimeAxis, logical: number): number | null {
  const { times, step } = axis;
  const n = times.length;
  if (n === 0) return null;
  const i = Math.round(logical);
  if (i < 0) return times[0]! + i * step;
  if (i >= n) return times[n - 1]! + (i - (n - 1)) * step;
  return times[i]!;
}

/** What the chart's time scale answers: whole indexes to x and x to a whole index. */
export interface IndexScale {
  logicalToCoordinate(logical: number): number | null;
  coordinateToLogical(x: number): number | null;
}

/**
 * The x of a fractional index. The library places whole indexes only (it answers 0 for a
 * fraction), so the x is taken between the two whole ones around it.
 */
export function xOfLogical(scale: IndexScale, logical: number): number | null {
  const i = Math.floor(logical);
  const x0 = scale.logicalToCoordinate(i);
  if (x0 === null) return null;
  const fraction = logical - i;
  if (fraction === 0) return x0;
  const x1 = scale.logicalToCoordinate(i + 1);
  return x1 === null ? x0 : x0 + (x1 - x0) * fraction;
}

/** The fractional index at `x`: the whole index the library names, corrected by its bar spacing. */
export function logicalOfX(scale: IndexScale, x: number): number | null {
  const i = scale.coordinateToLogical(x);
  if (i === null) return null;
  const x0 = scale.logicalToCoordinate(i);
  const x1 = scale.logicalToCoordinate(i + 1);
  if (x0 === null || x1 === null || x1 === x0) return i;
  return i + (x - x0) / (x1 - x0);
}
