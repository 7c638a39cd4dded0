import { z } from 'zod';
import { ALERT_DIRECTIONS } from '../domain/notices.js';
import { defineEndpoint } from './endpoint.js';
import { decimalField, idField, optionalId, PRICE_RANGE, smallIdField } from './fields.js';

/** A price alert (docs/notifications.md "Price alerts"). */
export const PriceAlertSchema = z.object({
  id: z.number().int(),
  forex_id: z.number().int(),
  code: z.string(),
  precision: z.number().int(),
  direction: z.enum(ALERT_DIRECTIONS),
  /** The price the bid must reach. */
  price: z.number(),
  created_at: z.number().int(),
  /** When it fired (ms), 0 while armed. */
  fired_at: z.number().int(),
  /** The bid that reached it; 0 while armed. */
  fired_price: z.number(),
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
 * POST /v1/api/alerts/set — a new alert, or (with `id`) one of the caller's edited and
 * armed again. The price has at most the pair's decimals and lies on its side of the bid.
 */
export const setAlertEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/api/alerts/set',
  input: z.object({
    id: optionalId,
    forex_id: smallIdField,
    direction: z.enum(ALERT_DIRECTIONS),
    price: decimalField(PRICE_RANGE),
  }),
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
