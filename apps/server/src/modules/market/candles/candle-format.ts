import { pointsToPrice, type Candle } from '@pipwise/shared';
import type { CandlePoints } from './candle-builder.js';

/** A stored candle as the API and the socket send it: seconds and decimal prices. */
export function toCandle(c: Readonly<CandlePoints>, precision: number): Candle {
  return {
    Time: Math.floor(c.time / 1000),
    Open: pointsToPrice(c.open, precision),
    High: pointsToPrice(c.high, precision),
    Low: pointsToPrice(c.low, precision),
    Close: pointsToPrice(c.close, precision),
    Volume: c.volume,
  };
}
