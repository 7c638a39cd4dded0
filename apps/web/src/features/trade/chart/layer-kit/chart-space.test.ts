import type { ISeriesApi, SeriesType } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { axisAfterPush, timeAxisOf } from './chart-space';

/** A series as the two functions read it: its bars, and the last one found from the right. */
function seriesOf(times: number[]): ISeriesApi<SeriesType> {
  const bars = times.map((time) => ({ time, value: 1 }));
  return {
    data: () => bars,
    dataByIndex: (index: number, direction: number) =>
      direction === -1 ? (bars[Math.min(index, bars.length - 1)] ?? null) : (bars[index] ?? null),
  } as unknown as ISeriesApi<SeriesType>;
}

describe('axisAfterPush', () => {
  it('keeps the axis when the push moved the last bar', () => {
    const axis = timeAxisOf(seriesOf([60, 120, 180]), '1min');
    expect(axisAfterPush(axis, seriesOf([60, 120, 180]))).toBe(axis);
  });

  it('appends the time of a new bar, as reading every bar again would give', () => {
    const axis = timeAxisOf(seriesOf([60, 120, 180]), '1min');
    const after = seriesOf([60, 120, 180, 240]);
    expect(axisAfterPush(axis, after)).toEqual(timeAxisOf(after, '1min'));
    expect(axis.times).toEqual([60, 120, 180]);
  });

  it('asks for a full read when the last bar went back in time or the series is empty', () => {
    const axis = timeAxisOf(seriesOf([60, 120, 180]), '1min');
    expect(axisAfterPush(axis, seriesOf([60, 120]))).toBeNull();
    expect(axisAfterPush(axis, seriesOf([]))).toBeNull();
  });
});
