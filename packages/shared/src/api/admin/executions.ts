import { z } from 'zod';
import { EXECUTION_OUTCOMES, EXECUTION_STATES } from '../../domain/execution.js';
import { defineEndpoint } from '../endpoint.js';
import { idField, optionalId, optionalIntEnum, optionalSmallId, pageField, requiredText } from '../fields.js';
import { operatorAccess, pageOf, ROLES } from './common.js';

/**
 * An order sent to the liquidity provider (A-book, docs/execution.md) as the dealing desk
 * reads it. Prices are decimals in the instrument's precision: `quoted_price` the trader's,
 * `limit_price` the worst the provider could fill at, `lp_price` where it did.
 */
export const AdminExecutionSchema = z.object({
  id: z.number().int(),
  /** ClOrdID (11): how the provider knows the order. */
  cl_ord_id: z.string(),
  user_id: z.number().int(),
  /** The trader's public id and the contact they signed up with. */
  uid: z.string(),
  email: z.string().nullable(),
  area_code: z.string().nullable(),
  mobile: z.string().nullable(),
  instrument_id: z.number().int(),
  /** The instrument's code; empty if it is gone. */
  instrument_code: z.string(),
  /** open or close. */
  purpose: z.string(),
  /** The position it opened (once booked) or closes. */
  order_id: z.number().int().nullable(),
  /** 1 buy, 2 sell: the side sent to the provider. */
  side: z.number().int(),
  lots: z.string(),
  filled_lots: z.string().nullable(),
  quoted_price: z.string(),
  limit_price: z.string(),
  lp_price: z.string().nullable(),
  /** Points between the provider's fill and the trader's price (the trader's half of the markup). */
  markup_points: z.number().int(),
  state: z.enum(EXECUTION_STATES),
  /** Why it was not booked as sent, as a code the page translates; null while sent and once booked. */
  outcome: z.enum(EXECUTION_OUTCOMES).nullable(),
  /** The provider's or our words for it (the provider's are never translated). */
  reason: z.string().nullable(),
  lp_order_id: z.string().nullable(),
  created_at: z.number().int(),
  resolved_at: z.number().int().nullable(),
  /**
   * An unbooked fill an operator offset at the provider outside Pipwise and marked so
   * (docs/execution.md "Back office"): when, by whom (id and e-mail) and their note. All
   * null until then, and always for the other states.
   */
  handled_at: z.number().int().nullable(),
  handled_by: z.number().int().nullable(),
  handled_by_email: z.string().nullable(),
  handled_note: z.string().nullable(),
});
export type AdminExecution = z.infer<typeof AdminExecutionSchema>;

/**
 * Who works the fills at the provider: the dealing desk's roles (admin and finance,
 * docs/dealing-desk.md), so the desk's link to the unbooked fills opens for whoever sees it.
 */
const EXECUTION_ROLES = ROLES.finance;

/**
 * GET /api/admin/executions/list — every order sent to the provider, newest first; `state`
 * `unbooked` with `handled` 0 lists the fills the desk still has to offset at the provider
 * (`handled` 1: the ones already marked). Read only.
 */
export const adminExecutionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/executions/list',
  input: z.object({
    state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(EXECUTION_STATES).optional()),
    instrument_id: optionalSmallId,
    user_id: optionalId,
    handled: optionalIntEnum([0, 1]),
    page: pageField,
  }),
  output: pageOf(AdminExecutionSchema),
  ...operatorAccess(EXECUTION_ROLES),
});

/** The longest note of a handled fill, in characters once trimmed. */
export const EXECUTION_NOTE_MAX = 500;

/**
 * POST /api/admin/executions/handle — records that an `unbooked` fill was offset at the
 * provider outside Pipwise, with the operator's note (what was done there; 1–500
 * characters, trimmed). Once only: a fill already marked, or one in another state, is
 * refused. Audited. Answers the execution as the list shows it.
 */
export const adminHandleExecutionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/executions/handle',
  input: z.object({ id: idField, note: requiredText(EXECUTION_NOTE_MAX) }),
  output: AdminExecutionSchema,
  ...operatorAccess(EXECUTION_ROLES),
});
