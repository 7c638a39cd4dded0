import { pointsToPrice, points, type AlertDirection, type PriceAlert } from '@pipwise/shared';
import type { Instrument } from '../../market/index.js';
import type { AlertRow } from './alert.repository.js';

export function toAlertDto(row: AlertRow, inst: Instrument): PriceAlert {
  return {
    id: Number(row.id),
    forex_id: inst.id,
    code: inst.code,
    precision: inst.precision,
    direction: row.direction as AlertDirection,
    price: pointsToPrice(points(Number(row.level)), inst.precision),
    created_at: Number(row.created_at),
    fired_at: row.fired_at === null ? 0 : Number(row.fired_at),
    fired_price:
      row.fired_price === null ? 0 : pointsToPrice(points(Number(row.fired_price)), inst.precision),
  };
}

/** A price in points as the pair's decimal text ("1.10250"), as notices carry it. */
export function priceText(level: number, precision: number): string {
  return pointsToPrice(points(level), precision).toFixed(precision);
}
