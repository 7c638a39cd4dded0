import {
  hundredthsToPercent,
  pointsToPrice,
  points,
  type AlertDirection,
  type MoveDirection,
  type MoveWindow,
  type PriceAlert,
} from '@pipwise/shared';
import type { Instrument } from '../../market/index.js';
import type { AlertRow } from './alert.repository.js';

export function toAlertDto(row: AlertRow, inst: Instrument): PriceAlert {
  const price = (p: number | null) => (p === null ? 0 : pointsToPrice(points(Number(p)), inst.precision));
  const move = (row.kind as string | undefined) === 'move';
  return {
    id: Number(row.id),
    forex_id: inst.id,
    code: inst.code,
    precision: inst.precision,
    kind: move ? 'move' : 'price',
    direction: row.direction as AlertDirection | MoveDirection,
    price: move ? 0 : price(row.level),
    window: move ? (row.move_window as MoveWindow) : '',
    percent: move ? hundredthsToPercent(Number(row.move_hundredths)) : '',
    created_at: Number(row.created_at),
    fired_at: row.fired_at === null ? 0 : Number(row.fired_at),
    fired_price: price(row.fired_price),
    fired_reference: move ? price(row.fired_reference) : 0,
  };
}

/** A price in points as the pair's decimal text ("1.10250"), as notices carry it. */
export function priceText(level: number, precision: number): string {
  return pointsToPrice(points(level), precision).toFixed(precision);
}
