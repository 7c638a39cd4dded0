import { percentChange, pointsToPrice, type Points, type QuotePush } from '@pipwise/shared';
import type { QuoteRow } from './market.repository.js';
import type { Instrument } from './instrument.js';
import { tradingDayStart } from './market-hours.js';

/** The live quote of one instrument, in integer points. */
export interface LiveQuote {
  bid: Points;
  ask: Points;
  dayOpen: Points;
  dayHigh: Points;
  dayLow: Points;
  dayStart: number;
  time: number;
  open: boolean;
}

/** Applies a tick: rolls the day at 17:00 New York and keeps high and low of the day. */
export function applyTick(quote: LiveQuote, bid: Points, ask: Points, time: number): void {
  const dayStart = tradingDayStart(time);
  if (dayStart !== quote.dayStart) {
    quote.dayStart = dayStart;
    quote.dayOpen = bid;
    quote.dayHigh = bid;
    quote.dayLow = bid;
  }
  quote.bid = bid;
  quote.ask = ask;
  quote.time = time;
  if (bid > quote.dayHigh) quote.dayHigh = bid;
  if (bid < quote.dayLow) quote.dayLow = bid;
}

export function quoteFromRow(row: QuoteRow): LiveQuote {
  return {
    bid: row.bid,
    ask: row.ask,
    dayOpen: row.day_open,
    dayHigh: row.day_high,
    dayLow: row.day_low,
    dayStart: row.day_start,
    time: row.time,
    open: false,
  };
}

export function quoteToRow(instrumentId: number, q: LiveQuote): QuoteRow {
  return {
    instrument_id: instrumentId,
    bid: q.bid,
    ask: q.ask,
    day_open: q.dayOpen,
    day_high: q.dayHigh,
    day_low: q.dayLow,
    day_start: q.dayStart,
    time: q.time,
  };
}

/** A quote as prices (decimals), the shape of `DAY_MARKET` pushes and `ForexQuotations`. */
export function quoteToPush(inst: Instrument, q: LiveQuote): QuotePush {
  const price = (points: Points) => pointsToPrice(points, inst.precision);
  return {
    Id: inst.id,
    Code: inst.code,
    Bid: price(q.bid),
    Ask: price(q.ask),
    Open: price(q.dayOpen),
    Close: price(q.bid),
    High: price(q.dayHigh),
    Low: price(q.dayLow),
    Change: percentChange({ open: q.dayOpen, close: q.bid }),
    MarketStatus: q.open ? 1 : 0,
    Time: q.time,
  };
}
