import { fromMicros, MARKET_TIMEZONE, pointsToPrice, type Order } from '@pipwise/shared';
import type { Instrument } from '../market/instrument.js';
import type { OrderRow } from './order.repository.js';

const timeFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: MARKET_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "2026-11-25 17:30:05", New York time like the chart (spec §9); empty for no time. */
export function formatMarketTime(ms: number | null): string {
  return ms ? timeFormat.format(ms) : '';
}

/**
 * An order row as the API shows it. `live` gives an open position's current closing price
 * and floating profit; closed orders show what they closed at.
 */
export function toOrderDto(row: OrderRow, inst: Instrument, live?: { price: number; profit: number }): Order {
  const price = (points: number | null) => (points === null ? 0 : pointsToPrice(points, inst.precision));
  const updatePrice = live ? live.price : row.close_price;
  return {
    Id: Number(row.id),
    ForexId: inst.id,
    ForexTradeLists: { ShowCode: inst.showCode, Code: inst.code, PricePrecision: inst.precision },
    OrderType: row.side === 1 ? 1 : 2,
    Status: row.status,
    Quantity: Number(row.lots),
    Leverage: row.leverage,
    OriginPrice: price(row.open_price),
    Price: price(row.target_price ?? row.open_price),
    UpdatePrice: price(updatePrice),
    FactProfits: fromMicros(live ? live.profit : row.profit).toNumber(),
    CautionMoney: fromMicros(row.margin).toNumber(),
    TradeFee: fromMicros(row.fee).toNumber(),
    TargetLossPrice: price(row.sl),
    TargetProfitPrice: price(row.tp),
    CloseReason: row.close_reason ?? '',
    CreateTimeHandler: formatMarketTime(row.created_at),
    CompleteTimeHandler: formatMarketTime(row.closed_at),
    CreatedAt: row.created_at,
    CompletedAt: row.closed_at ?? 0,
  };
}
