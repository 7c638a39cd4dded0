import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { decimalField, idField, intField, optionalId, PRICE_RANGE, smallIdField } from './fields.js';

/**
 * The trader's chart drawings (docs/chart.md "Drawings"): kept on the server per trader and
 * instrument, so they follow the trader to another device.
 *
 * - `hline`: a horizontal line at one price (one point; its time only says where it was put);
 * - `trend`: a trend line through two points;
 * - `fib`: a Fibonacci retracement between two points (the swing's start and end).
 */
export const DRAWING_KINDS = ['hline', 'trend', 'fib'] as const;
export type DrawingKind = (typeof DRAWING_KINDS)[number];

/** How many points each kind is placed by. */
export const DRAWING_POINTS: Record<DrawingKind, 1 | 2> = { hline: 1, trend: 2, fib: 2 };

/** The colours a drawing may take: names, so the app decides the shade on its dark chart. */
export const DRAWING_COLORS = ['blue', 'amber', 'green', 'red', 'violet', 'white'] as const;
export type DrawingColor = (typeof DRAWING_COLORS)[number];

/**
 * The most drawings a trader keeps on one instrument: far more than a phone's chart shows
 * legibly, so the limit only stops a script filling the table.
 */
export const MAX_DRAWINGS_PER_INSTRUMENT = 50;

/**
 * A point's time, epoch seconds as the chart's bars are stamped: from 2000 to 2100. A point
 * may lie past the last candle (a trend line drawn into the future), never in another era.
 */
export const DRAWING_TIME_RANGE = { min: 946_684_800, max: 4_102_444_800 } as const;

/**
 * A point as it is sent: the time, and the price as a plain decimal (the instrument's
 * precision is checked by the server, which knows it).
 */
const drawingPointInput = z.object({
  time: intField(DRAWING_TIME_RANGE.min, DRAWING_TIME_RANGE.max),
  price: decimalField(PRICE_RANGE),
});

const drawingStyleInput = z.object({ color: z.enum(DRAWING_COLORS) });

/**
 * The save's input. Its own rules, checked here so a wrong shape is refused as invalid input
 * naming `points`: exactly as many points as the kind takes, and two points that make a
 * drawing (not the same point twice; a Fibonacci's two prices differ, or it has no height).
 */
const saveDrawingInput = z
  .object({
    /** One of the caller's drawings to change; absent: a new one. */
    id: optionalId,
    forex_id: smallIdField,
    kind: z.enum(DRAWING_KINDS),
    points: z.array(drawingPointInput).min(1).max(2),
    style: drawingStyleInput,
  })
  .superRefine((input, ctx) => {
    const problem = (key: string, vars: Record<string, unknown> = {}) =>
      ctx.addIssue({ code: 'custom', message: key, path: ['points'], params: { key, vars } });
    const wanted = DRAWING_POINTS[input.kind];
    if (input.points.length !== wanted) return problem('errors.drawing_points');
    const [a, b] = input.points;
    if (!a || !b) return;
    if (a.time === b.time && a.price === b.price) return problem('errors.drawing_same_points');
    if (input.kind === 'fib' && a.price === b.price) problem('errors.drawing_flat');
  });

export type DrawingSaveInput = z.output<typeof saveDrawingInput>;

/** A drawing as the server keeps it. Prices are decimal text at the instrument's precision. */
export const DrawingSchema = z.object({
  id: z.number().int(),
  forex_id: z.number().int(),
  kind: z.enum(DRAWING_KINDS),
  points: z.array(z.object({ time: z.number().int(), price: z.string() })),
  style: z.object({ color: z.enum(DRAWING_COLORS) }),
  /** When it was last saved, epoch ms. */
  updated_at: z.number().int(),
});
export type Drawing = z.infer<typeof DrawingSchema>;

/** GET /v1/api/drawings/list — the caller's drawings on one instrument, oldest first. */
export const listDrawingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/drawings/list',
  input: z.object({ forex_id: smallIdField }),
  output: z.object({ data: z.array(DrawingSchema), max: z.number().int() }),
  auth: true,
});

/**
 * POST /v1/api/drawings/save — a new drawing, or (with `id`) one of the caller's on the same
 * instrument replaced by this one (moved, restyled). At most MAX_DRAWINGS_PER_INSTRUMENT
 * per instrument.
 */
export const saveDrawingEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/drawings/save',
  input: saveDrawingInput,
  output: DrawingSchema,
  auth: true,
});

/** POST /v1/api/drawings/delete — removes one of the caller's drawings. */
export const deleteDrawingEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/drawings/delete',
  input: z.object({ id: idField }),
  output: z.object({}),
  auth: true,
});
