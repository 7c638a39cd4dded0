import { fromMicros, pointsToPrice, type Order, microUsd, type MicroUsd, type Points } from '@pipwise/shared';
import { formatMarketTime } from '../../http/market-time.js';
import type { Instrument } from '../market/index.js';
import type { OrderRow } from './order.repository.js';

/**
 * An order row as the API shows it. `live` gives an open position's current closing price
 * and floating profit; closed orders show what they closed at.
 */
export function toOrderDto(
  row: OrderRow,
  inst: Instrument,
  live?: { price: Points; profit: MicroUsd },
): Order {
  const price = (points: Points | null) => (points === null ? 0 : pointsToPrice(points, inst.precision));
  const updatePrice = live ? live.price : row.close_price;
  const gross = live ? live.profit : row.profit;
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
    FactProfits: fromMicros(gross).toNumber(),
    CautionMoney: fromMicros(row.margin).toNumber(),
    TradeFee: fromMicros(row.fee).toNumber(),
    SpreadOpen: fromMicros(row.spread_open).toNumber(),
    SpreadClose: fromMicros(row.spread_close).toNumber(),
    Swap: fromMicros(row.swap).toNumber(),
    Commission: fromMicros(row.commission).toNumber(),
    NetProfits: fromMicros(microUsd(gross - row.fee - row.commission + row.swap)).toNumber(),
    TargetLossPrice: price(row.sl),
    TrailingPoints: row.trailing_points === null ? 0 : Number(row.trailing_points),
    TargetProfitPrice: price(row.tp),
    CloseReason: row.close_reason ?? '',
    CloseNote: row.close_note ?? '',
    SplitFrom: row.split_from === null || row.split_from === undefined ? 0 : Number(row.split_from),
    CreateTimeHandler: formatMarketTime(row.created_at),
    CompleteTimeHandler: formatMarketTime(row.closed_at),
    CreatedAt: row.created_at,
    CompletedAt: row.closed_at ?? 0,
  };
}
