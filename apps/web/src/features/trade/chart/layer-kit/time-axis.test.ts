import { describe, expect, it } from 'vitest';
import { logicalOfTime, logicalOfX, timeOfLogical, xOfLogical, type IndexScale } from './time-axis';

// Three 1-minute bars, then a gap of an hour (a closed market), then two more.
const axis = { times: [600, 660, 720, 4320, 4380], step: 60 };

describe('time axis', () => {
  it('maps a bar’s time to its index, and between bars by the share of the time', () => {
    expect(logicalOfTime(axis, 660)).toBe(1);
    expect(logicalOfTime(axis, 690)).toBe(1.5);
    // Inside the gap: between bar 2 and bar 3, whatever the gap's length.
    expect(logicalOfTime(axis, 720 + 1800)).toBe(2.5);
  });

  it('counts the period’s steps before the first bar and after the last', () => {
    expect(logicalOfTime(axis, 480)).toBe(-2);
    expect(logicalOfTime(axis, 4380 + 600)).toBe(14);
    expect(timeOfLogical(axis, -2)).toBe(480);
    expect(timeOfLogical(axis, 14)).toBe(4980);
  });

  it('gives whole indexes their bar’s time, snapping a fraction to the nearest bar', () => {
    expect(timeOfLogical(axis, 3)).toBe(4320);
    expect(timeOfLogical(axis, 2.4)).toBe(720);
    expect(timeOfLogical(axis, 2.6)).toBe(4320);
    for (const time of axis.times) expect(timeOfLogical(axis, logicalOfTime(axis, time)!)).toBe(time);
  });

  it('has nothing to say without bars', () => {
    expect(logicalOfTime({ times: [], step: 60 }, 600)).toBeNull();
    expect(timeOfLogical({ times: [], step: 60 }, 0)).toBeNull();
  });

  it('places fractional indexes between the whole ones the library places', () => {
    // 10 px a bar, index 0 at x 5 (the library answers whole indexes only).
    const scale: IndexScale = {
      logicalToCoordinate: (i) => (Number.isInteger(i) ? 5 + i * 10 : 0),
      coordinateToLogical: (x) => Math.ceil((x - 5) / 10 - 0.5),
    };
    expect(xOfLogical(scale, 2)).toBe(25);
    expect(xOfLogical(scale, 2.25)).toBe(27.5);
    expect(logicalOfX(scale, 27.5)).toBeCloseTo(2.25);
    expect(logicalOfX(scale, 25)).toBe(2);
  });
});
