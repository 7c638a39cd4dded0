import { z } from 'zod';
import {
  ALERT_DIRECTIONS,
  ALERT_KINDS,
  MOVE_DIRECTIONS,
  MOVE_PERCENT_DECIMALS,
  MOVE_PERCENT_MAX,
  MOVE_WINDOWS,
  type AlertDirection,
  type MoveDirection,
  type MoveWindow,
} from '../domain/notices.js';
import { defineEndpoint } from './endpoint.js';
import { decimalField, idField, optionalId, PRICE_RANGE, smallIdField } from './fields.js';

/** A price alert (docs/notifications.md "Price alerts"). */
export const PriceAlertSchema = z.object({
  id: z.number().int(),
  forex_id: z.number().int(),
  code: z.string(),
  precision: z.number().int(),
  /** price: the bid reaching a price; move: the bid moving a percentage within a window. */
  kind: z.enum(ALERT_KINDS),
  /** above | below for a price alert, up | down for a move alert. */
  direction: z.enum([...ALERT_DIRECTIONS, ...MOVE_DIRECTIONS]),
  /** The price the bid must reach; 0 for a move alert. */
  price: z.number(),
  /** A move alert's window; "" for a price alert. */
  window: z.union([z.enum(MOVE_WINDOWS), z.literal('')]),
  /** A move alert's percentage with 2 decimals ("0.50"); "" for a price alert. */
  percent: z.string(),
  created_at: z.number().int(),
  /** When it fired (ms), 0 while armed. */
  fired_at: z.number().int(),
  /** The bid that reached it; 0 while armed. */
  fired_price: z.number(),
  /** A fired move alert's reference: the window's low (up) or high (down); else 0. */
  fired_reference: z.number(),
});
export type PriceAlert = z.infer<typeof PriceAlertSchema>;

/** GET /v1/api/alerts/list — the caller's alerts, armed first, then fired, newest first. */
export const listAlertsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/alerts/list',
  input: z.object({}),
  output: z.object({ data: z.array(PriceAlertSchema), max: z.number().int() }),
  auth: true,
});

/**
 * The fields of either kind of alert, in one object (so every field is validated, and
 * fuzzed, on its own): a price alert (`kind` "price", or left out as clients from before
 * move alerts send) names `direction` above | below and `price`; a move alert (`kind`
 * "move") names `direction` up | down, `window` and `percent` (0.01–50, 2 decimals). A field
 * of the other kind is refused, not ignored.
 */
const setAlertInput = z
  .object({
    id: optionalId,
    kind: z.enum(ALERT_KINDS).optional(),
    forex_id: smallIdField,
    direction: z.enum([...ALERT_DIRECTIONS, ...MOVE_DIRECTIONS]),
    price: decimalField(PRICE_RANGE).optional(),
    window: z.enum(MOVE_WINDOWS).optional(),
    percent: decimalField({ max: MOVE_PERCENT_MAX, maxDecimals: MOVE_PERCENT_DECIMALS }).optional(),
  })
  .superRefine((input, ctx) => {
    const problem = (field: string, key: string) =>
      ctx.addIssue({ code: 'custom', message: key, path: [field], params: { key } });
    const move = input.kind === 'move';
    const directions: readonly string[] = move ? MOVE_DIRECTIONS : ALERT_DIRECTIONS;
    if (!directions.includes(input.direction)) problem('direction', 'errors.field_invalid');
    const needs = move ? (['window', 'percent'] as const) : (['price'] as const);
    const refuses = move ? (['price'] as const) : (['window', 'percent'] as const);
    for (const field of needs) if (input[field] === undefined) problem(field, 'errors.field_required');
    for (const field of refuses) if (input[field] !== undefined) problem(field, 'errors.field_invalid');
  });

/** A checked input of setAlertEndpoint, as the kind it is. */
export type AlertSetInput =
  | {
      id?: number | undefined;
      /** Left out by clients from before move alerts. */
      kind?: 'price' | undefined;
      forex_id: number;
      direction: AlertDirection;
      price: string;
    }
  | {
      id?: number | undefined;
      kind: 'move';
      forex_id: number;
      direction: MoveDirection;
      window: MoveWindow;
      percent: string;
    };

/** setAlertEndpoint's input, once the contract accepted it, as its kind (the refinement's promise). */
export function alertSetOf(input: z.output<typeof setAlertInput>): AlertSetInput {
  return input.kind === 'move'
    ? {
        id: input.id,
        kind: 'move',
        forex_id: input.forex_id,
        direction: input.direction as MoveDirection,
        window: input.window as MoveWindow,
        percent: input.percent as string,
      }
    : {
        id: input.id,
        kind: 'price',
        forex_id: input.forex_id,
        direction: input.direction as AlertDirection,
        price: input.price as string,
      };
}

/**
 * POST /v1/api/alerts/set — a new alert, or (with `id`) one of the caller's edited and
 * armed again. A price alert's price has at most the pair's decimals and lies on its side
 * of the bid; a move alert names its window and percentage.
 */
export const setAlertEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/alerts/set',
  input: setAlertInput,
  output: PriceAlertSchema,
  auth: true,
});

/** POST /v1/api/alerts/delete — removes one of the caller's alerts. */
export const deleteAlertEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/alerts/delete',
  input: z.object({ id: idField }),
  output: z.object({}),
  auth: true,
});
