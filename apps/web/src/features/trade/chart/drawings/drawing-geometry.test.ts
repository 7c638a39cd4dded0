import { describe, expect, it } from 'vitest';
import { fibPrice, hitAmong, hitDrawing, segmentDistance, type PlacedDrawing } from './drawing-geometry';
import { movedPoints, placedPoint, roundPrice } from './drawing-moves';

const hline: PlacedDrawing = { key: '1', kind: 'hline', points: [{ x: 50, y: 100 }], levels: [] };
const trend: PlacedDrawing = {
  key: '2',
  kind: 'trend',
  points: [
    { x: 100, y: 200 },
    { x: 200, y: 100 },
  ],
  levels: [],
};
const fib: PlacedDrawing = {
  key: '3',
  kind: 'fib',
  points: [
    { x: 150, y: 40 },
    { x: 250, y: 140 },
  ],
  levels: [
    { ratio: 0, price: 10, y: 140 },
    { ratio: 0.5, price: 15, y: 90 },
    { ratio: 1, price: 20, y: 40 },
  ],
};
const o = { tolerance: 10, width: 300, anchors: false };

describe('what a press touches', () => {
  it('measures the distance to a segment, its ends included', () => {
    expect(segmentDistance(0, 5, 0, 0, 10, 0)).toBe(5);
    expect(segmentDistance(13, 4, 0, 0, 10, 0)).toBe(5);
  });

  it('finds a horizontal line across the pane, a trend line along its segment', () => {
    expect(hitDrawing(hline, 280, 106, o)).toMatchObject({ key: '1', part: 'body', distance: 6 });
    expect(hitDrawing(hline, 280, 111, o)).toBeNull();
    expect(hitDrawing(trend, 150, 150, o)).toMatchObject({ part: 'body', distance: 0 });
    // Past the segment's end, off the line's extension.
    expect(hitDrawing(trend, 250, 50, o)).toBeNull();
  });

  it('takes a point by its anchor only when the drawing shows them (selected)', () => {
    expect(hitDrawing(trend, 203, 104, { ...o, anchors: true })).toMatchObject({ part: 1, distance: 5 });
    expect(hitDrawing(trend, 203, 104, o)).toMatchObject({ part: 'body' });
    // A horizontal line has no anchor: it moves as a whole.
    expect(hitDrawing(hline, 50, 100, { ...o, anchors: true })).toMatchObject({ part: 'body' });
  });

  it('finds a Fibonacci on its levels and inside its band, from its first x to the edge', () => {
    expect(hitDrawing(fib, 290, 92, o)).toMatchObject({ part: 'body', distance: 2 });
    expect(hitDrawing(fib, 200, 65, o)).toMatchObject({ part: 'body', distance: 10 });
    expect(hitDrawing(fib, 100, 90, o)).toBeNull();
    expect(hitDrawing(fib, 200, 160, o)).toBeNull();
    expect(fibPrice(20, 10, 0.618)).toBeCloseTo(16.18);
  });

  it('prefers the selected drawing’s anchors, then the nearest line', () => {
    const all = [hline, trend];
    expect(hitAmong(all, 100, 104, { tolerance: 10, width: 300, selected: null })?.key).toBe('1');
    // Nearer the trend line than the selected horizontal line: the trend line.
    expect(hitAmong(all, 190, 108, { tolerance: 10, width: 300, selected: '1' })?.key).toBe('2');
    expect(hitAmong(all, 190, 103, { tolerance: 10, width: 300, selected: '1' })?.key).toBe('1');
    // The trend line's anchor at (200, 100) wins once it is selected.
    expect(hitAmong(all, 200, 101, { tolerance: 10, width: 300, selected: '2' })).toMatchObject({
      key: '2',
      part: 1,
    });
    expect(hitAmong(all, 5, 300, { tolerance: 10, width: 300, selected: '2' })).toBeNull();
  });
});

describe('moving a drawing', () => {
  // 2026-01-01 00:00 UTC: drawings keep times from 2000 to 2100.
  const T = 1_767_225_600;
  const axis = { times: [T, T + 60, T + 120, T + 180], step: 60 };
  const points = [
    { time: T, price: 1.1 },
    { time: T + 120, price: 1.2 },
  ];

  it('moves every point by whole bars and the price moved, on the pair’s steps', () => {
    const moved = movedPoints(
      { kind: 'trend', points, part: 'body', axis, precision: 5 },
      { logical: 1.2, price: 1.15 },
      { logical: 2.6, price: 1.150004 },
    );
    expect(moved).toEqual([
      { time: T + 60, price: 1.1 },
      { time: T + 180, price: 1.2 },
    ]);
  });

  it('moves one point by its anchor; a horizontal line by its price alone', () => {
    expect(
      movedPoints(
        { kind: 'trend', points, part: 1, axis, precision: 2 },
        { logical: 2, price: 1.2 },
        { logical: 5.2, price: 1.237 },
      ),
    ).toEqual([points[0], { time: T + 300, price: 1.24 }]);
    expect(
      movedPoints(
        { kind: 'hline', points: [{ time: T, price: 100 }], part: 'body', axis, precision: 2 },
        { logical: 0, price: 100 },
        { logical: 3, price: 90.5 },
      ),
    ).toEqual([{ time: T, price: 90.5 }]);
  });

  it('places a tap on the nearest bar, and never below one step of the price, nor before 2000', () => {
    expect(placedPoint(axis, { logical: 1.4, price: 87_500.126 }, 2)).toEqual({
      time: T + 60,
      price: 87_500.13,
    });
    expect(roundPrice(-3, 2)).toBe(0.01);
    expect(placedPoint({ times: [], step: 60 }, { logical: 1, price: 1 }, 2)).toBeNull();
    expect(placedPoint({ times: [600], step: 60 }, { logical: 0, price: 1 }, 2)?.time).toBe(946_684_800);
  });
});
