import {
  decimalPlaces,
  DRAWING_COLORS,
  DRAWING_KINDS,
  MAX_DRAWINGS_PER_INSTRUMENT,
  pointsToDecimal,
  points as asPoints,
  price as asPrice,
  priceToPoints,
  type Drawing,
  type DrawingSaveInput,
  type Points,
} from '@pipwise/shared';
import { AppError } from '../../../core/app-error.js';
import type { Db } from '../../../core/db/database.js';
import type { Instrument } from '../instrument.js';
import type { MarketService } from '../market.service.js';
import {
  deleteDrawing,
  findDrawing,
  insertDrawing,
  listDrawings,
  updateDrawing,
  type DrawingRow,
  type DrawingShape,
} from './drawing.repository.js';

/**
 * A trader's chart drawings (docs/chart.md "Drawings"): every call names the trader, and only
 * that trader's rows are read or changed; another trader's drawing is "not found", never
 * told apart from one that does not exist.
 */
export class DrawingService {
  constructor(private readonly deps: { db: Db; market: MarketService; now: () => number }) {}

  async list(userId: number, instrumentId: number): Promise<{ data: Drawing[]; max: number }> {
    const inst = this.instrumentOf(instrumentId);
    const rows = await listDrawings(this.deps.db, userId, instrumentId);
    return { data: rows.map((row) => toDrawing(row, inst)), max: MAX_DRAWINGS_PER_INSTRUMENT };
  }

  /** A new drawing, or one of the caller's on the same instrument replaced by the input. */
  async save(userId: number, input: DrawingSaveInput): Promise<Drawing> {
    const { db, now } = this.deps;
    const inst = this.instrumentOf(input.forex_id);
    const shape = shapeOf(inst, input);
    if (input.id !== undefined) {
      const key = { id: input.id, user_id: userId, instrument_id: inst.id };
      const row = await updateDrawing(db, key, shape, now());
      if (!row) throw AppError.rule('errors.drawing_not_found');
      return toDrawing(row, inst);
    }
    const row = { ...shape, user_id: userId, instrument_id: inst.id, now: now() };
    const id = await insertDrawing(db, row, MAX_DRAWINGS_PER_INSTRUMENT);
    if (id === null) throw AppError.rule('errors.drawings_too_many', { max: MAX_DRAWINGS_PER_INSTRUMENT });
    const saved = await findDrawing(db, userId, id);
    if (!saved) throw AppError.rule('errors.drawing_not_found');
    return toDrawing(saved, inst);
  }

  async delete(userId: number, id: number): Promise<void> {
    if (!(await deleteDrawing(this.deps.db, userId, id))) throw AppError.rule('errors.drawing_not_found');
  }

  private instrumentOf(id: number): Instrument {
    const inst = this.deps.market.instrument(id);
    if (!inst) throw AppError.rule('errors.instrument_not_found');
    return inst;
  }
}

/** The row a save writes: each price at most the instrument's decimals, as its points. */
function shapeOf(inst: Instrument, input: DrawingSaveInput): DrawingShape {
  const [first, second] = input.points.map((p) => ({ time: p.time, price: pointsOf(inst, p.price) }));
  // The contract gave the kind its number of points: one at least.
  if (!first) throw AppError.rule('errors.drawing_points');
  return {
    kind: input.kind,
    time1: first.time,
    price1: first.price,
    time2: second?.time ?? null,
    price2: second?.price ?? null,
    color: input.style.color,
  };
}

function pointsOf(inst: Instrument, price: string): Points {
  if (decimalPlaces(price) > inst.precision)
    throw AppError.rule('errors.drawing_price_decimals', { decimals: inst.precision });
  return priceToPoints(asPrice(price), inst.precision);
}

const KINDS: readonly string[] = DRAWING_KINDS;
const COLORS: readonly string[] = DRAWING_COLORS;

/** A row as the contract gives it; prices at the instrument's precision ("87530.25"). */
function toDrawing(row: DrawingRow, inst: Instrument): Drawing {
  const price = (p: number) => pointsToDecimal(asPoints(p), inst.precision).toFixed(inst.precision);
  const points = [{ time: Number(row.time1), price: price(Number(row.price1)) }];
  if (row.time2 !== null && row.price2 !== null)
    points.push({ time: Number(row.time2), price: price(Number(row.price2)) });
  return {
    id: Number(row.id),
    forex_id: Number(row.instrument_id),
    // Written only from the contract's enums; a row from elsewhere reads as a plain line.
    kind: KINDS.includes(row.kind) ? (row.kind as Drawing['kind']) : 'hline',
    points,
    style: { color: COLORS.includes(row.color) ? (row.color as Drawing['style']['color']) : 'blue' },
    updated_at: Number(row.updated_at),
  };
}
