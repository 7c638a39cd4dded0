/**
 * The chart's price axis without half-covered figures. lightweight-charts draws the last
 * price's label (and a marked price's) over the axis's own tick labels, so a tick near it
 * shows as a sliver of digits above or below the label — in every language, the digits
 * being Latin everywhere. Like TradingView, a tick label the label would cover is left out
 * (its grid line stays); the others are drawn as before.
 *
 * Hooked in through the series' `priceFormat.tickmarksFormatter`, which the library calls
 * with every tick's price whenever it lays the axis out. It does not lay it out again when
 * only the last price moves, so `stale()` says when the ticks left out are no longer the
 * ones covered and the axis must be laid out again (priceScale().applyOptions({})).
 */

/** An axis label's height in lightweight-charts: the font, plus 2.5/12 of it above and below. */
const labelHeight = (fontSize: number) => fontSize * (1 + 5 / 12);

/** Which ticks (by their y, null when off the scale) a label centred on any of `labelYs` covers. */
export function coveredTicks(
  tickYs: readonly (number | null)[],
  labelYs: readonly number[],
  fontSize: number,
): boolean[] {
  // Half the label plus half the tick's text, and a pixel the canvas rounds and antialiases
  // to: any closer and the two touch.
  const reach = labelHeight(fontSize) / 2 + fontSize / 2 + 1;
  return tickYs.map((y) => y !== null && labelYs.some((label) => Math.abs(y - label) < reach));
}

export interface TickGuardOptions {
  /** A tick's text ("1.08340"). */
  format: (price: number) => string;
  /** A price's y on the chart (the series' priceToCoordinate), null when off the scale. */
  coordinateOf: (price: number) => number | null;
  /** The prices labelled on the axis now (the last price, a marked one). */
  labelPrices: () => readonly number[];
  /** The chart's font size (layout.fontSize), which sizes labels and ticks alike. */
  fontSize: number;
}

export interface TickGuard {
  /** lightweight-charts' `tickmarksFormatter`: the ticks' texts, empty for a covered one. */
  labels: (prices: readonly number[]) => string[];
  /** Whether the labels moved onto or off a tick since the axis was laid out. */
  stale: () => boolean;
}

export function tickGuard({ format, coordinateOf, labelPrices, fontSize }: TickGuardOptions): TickGuard {
  let ticks: readonly number[] = [];
  let left: boolean[] = [];
  const covered = () => {
    const labelYs = labelPrices()
      .map(coordinateOf)
      .filter((y): y is number => y !== null);
    return coveredTicks(ticks.map(coordinateOf), labelYs, fontSize);
  };
  return {
    labels(prices) {
      ticks = [...prices];
      left = covered();
      return prices.map((price, i) => (left[i] ? '' : format(price)));
    },
    stale() {
      return covered().some((now, i) => now !== left[i]);
    },
  };
}
