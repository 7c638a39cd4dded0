import { describe, expect, it } from 'vitest';
import { pointsToPrice } from '../math/rounding.js';
import { points } from '../math/units.js';
import {
  closingPoints,
  markupHalves,
  openingPoints,
  valuedOpenPoints,
  widenedPoints,
  widenedPrices,
} from './markup.js';

describe('markup', () => {
  it('takes floor(m/2) off the bid and the rest on the ask, so the spread grows by exactly m', () => {
    expect(markupHalves(0)).toEqual({ bid: 0, ask: 0 });
    expect(markupHalves(1)).toEqual({ bid: 0, ask: 1 });
    expect(markupHalves(4)).toEqual({ bid: 2, ask: 2 });
    expect(markupHalves(7)).toEqual({ bid: 3, ask: 4 });
    for (let m = 0; m < 50; m++) {
      const q = widenedPoints({ bid: points(108_500), ask: points(108_512) }, m);
      expect(q.ask - q.bid).toBe(12 + m);
    }
  });

  it('prices a buy at the widened ask and closes it at the widened bid; a sell the other way', () => {
    const quote = { bid: points(108_500), ask: points(108_512) };
    expect(openingPoints(quote, 1, 5)).toBe(108_515);
    expect(closingPoints(quote, 1, 5)).toBe(108_498);
    expect(openingPoints(quote, 2, 5)).toBe(108_498);
    expect(closingPoints(quote, 2, 5)).toBe(108_515);
    expect(openingPoints(quote, 1, 0)).toBe(108_512);
  });

  it('widens decimal prices exactly, with no float residue', () => {
    expect(widenedPrices({ bid: 1.085, ask: 1.08512 }, 3, 5)).toEqual({ bid: 1.08499, ask: 1.08514 });
    expect(widenedPrices({ bid: 0.3, ask: 0.30002 }, 4, 5)).toEqual({ bid: 0.29998, ask: 0.30004 });
    expect(widenedPrices({ bid: 65_000.1, ask: 65_000.6 }, 10, 1)).toEqual({ bid: 64_999.6, ask: 65_001.1 });
  });

  it('widens decimal prices as the decimal library would, over many prices and precisions', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let i = 0; i < 20_000; i++) {
      const precision = next() % 6;
      const bidPoints = next() % 100_000_000;
      const spread = next() % 1_000;
      const markup = next() % 2_000;
      const bid = pointsToPrice(points(bidPoints), precision);
      const ask = pointsToPrice(points(bidPoints + spread), precision);
      const half = markupHalves(markup);
      expect(widenedPrices({ bid, ask }, markup, precision)).toEqual({
        bid: pointsToPrice(points(bidPoints - half.bid), precision),
        ask: pointsToPrice(points(bidPoints + spread + half.ask), precision),
      });
    }
  });

  it('shifts the open price so the board quote values a position as its widened quote does', () => {
    const quote = { bid: points(108_600), ask: points(108_612) };
    for (const side of [1, 2] as const)
      for (const m of [0, 1, 4, 7]) {
        const openPrice = points(108_500);
        const own =
          side === 1 ? closingPoints(quote, side, m) - openPrice : openPrice - closingPoints(quote, side, m);
        const shifted = valuedOpenPoints({ side, openPrice, groupMarkup: m });
        const board = side === 1 ? quote.bid - shifted : shifted - quote.ask;
        expect(board).toBe(own);
      }
  });
});
