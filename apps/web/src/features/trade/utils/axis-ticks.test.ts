import { describe, expect, it } from 'vitest';
import { coveredTicks, tickGuard } from './axis-ticks';

// 11 px text (the chart's): a label is ~15.6 px high, so a tick within ~14.3 px is touched.
const FONT = 11;

describe('coveredTicks', () => {
  it('finds the ticks a label would partly cover, and only those', () => {
    expect(coveredTicks([100, 114, 115, 87, 60, null], [100], FONT)).toEqual([
      true,
      true,
      false,
      true,
      false,
      false,
    ]);
    expect(coveredTicks([100], [], FONT)).toEqual([false]);
  });
});

describe('tickGuard: the axis without half-covered figures', () => {
  // A scale of 1 px per 0.00001 with 1.08000 at y = 200 (prices grow upwards): ticks 50 px apart.
  const coordinateOf = (price: number) => Math.round(200 - (price - 1.08) * 100_000);
  const ticks = [1.081, 1.0805, 1.08, 1.0795];
  const format = (price: number) => price.toFixed(5);

  it('leaves out the tick under the last price’s label and keeps the rest', () => {
    let last = 1.08009; // 9 px above the 1.08000 tick
    const guard = tickGuard({ format, coordinateOf, labelPrices: () => [last], fontSize: FONT });
    expect(guard.labels(ticks)).toEqual(['1.08100', '1.08050', '', '1.07950']);
    expect(guard.stale()).toBe(false);

    // The price moves to between two ticks, clear of both: the axis must be laid out again.
    last = 1.08025;
    expect(guard.stale()).toBe(true);
    expect(guard.labels(ticks)).toEqual(['1.08100', '1.08050', '1.08000', '1.07950']);
    expect(guard.stale()).toBe(false);
  });

  it('counts every label on the axis (a marked price too)', () => {
    const guard = tickGuard({ format, coordinateOf, labelPrices: () => [1.08101, 1.0795], fontSize: FONT });
    expect(guard.labels(ticks)).toEqual(['', '1.08050', '1.08000', '']);
  });
});
