import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idField, optionalId, optionalIntEnum, pageField, requiredText } from '../fields.js';
import { operatorAccess, pageOf, ROLES } from './common.js';

/** A deposit under review (docs/api.md "Funds"). Money in USD unless said otherwise. */
export const AdminDepositSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** The depositor's e-mail or phone, to recognise them. */
  user_contact: z.string(),
  uid: z.string(),
  channel_id: z.number().int(),
  /** 0 coin, 1 bank wire, 2 card. */
  type: z.number().int(),
  currency_code: z.string(),
  protocol_code: z.string(),
  /** The amount declared, in `currency_code` (a canonical decimal string). */
  number: z.string(),
  /** USD per unit: the channel's rate when declared, or the one credited once finished. */
  usd_rate: z.string(),
  /** What finishing it now would credit (number × the channel's current rate), USD. */
  usd_estimate: z.number(),
  /** The sender's address or transaction id (coin deposits). */
  address: z.string(),
  /** 0 unchecked, 1 finished, 2 rejected, 3 invalid. */
  status: z.number().int(),
  remark: z.string(),
  /** USD credited once finished, else 0. */
  credited: z.number(),
  /**
   * The proof image: `GET` this path with the operator's session header (it is not a
   * public URL; `/api/admin/image` answers finance and admin operators).
   */
  proof_img: z.string(),
  reviewed_by: z.number().int().nullable(),
  reviewed_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type AdminDeposit = z.infer<typeof AdminDepositSchema>;

/** GET /api/admin/deposits/list — newest first; unchecked ones are what waits. */
export const adminDepositsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/deposits/list',
  input: z.object({
    status: optionalIntEnum([0, 1, 2, 3]),
    type: optionalIntEnum([0, 1, 2]),
    user_id: optionalId,
    page: pageField,
  }),
  output: pageOf(AdminDepositSchema),
  ...operatorAccess(ROLES.finance),
});

/** GET /api/admin/deposits/detail — one deposit. */
export const adminDepositDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/deposits/detail',
  input: z.object({ id: idField }),
  output: AdminDepositSchema,
  ...operatorAccess(ROLES.finance),
});

/**
 * POST /api/admin/deposits/approve — finishes an unchecked deposit: credits number × the
 * channel's USD rate now, through the ledger, in the same transaction. Approving one that
 * is no longer unchecked (a double click, another operator first) credits nothing and
 * answers code 2000 "This request has already been processed".
 */
export const adminApproveDepositEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/deposits/approve',
  input: z.object({ id: idField }),
  output: AdminDepositSchema,
  ...operatorAccess(ROLES.finance),
});

/** POST /api/admin/deposits/reject — rejects an unchecked deposit; the trader sees the remark. */
export const adminRejectDepositEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/deposits/reject',
  input: z.object({ id: idField, remark: requiredText(200) }),
  output: AdminDepositSchema,
  ...operatorAccess(ROLES.finance),
});

/** POST /api/admin/deposits/invalidate — marks an unchecked deposit invalid (fake or duplicate proof). */
export const adminInvalidateDepositEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/deposits/invalidate',
  input: z.object({ id: idField, remark: requiredText(200) }),
  output: AdminDepositSchema,
  ...operatorAccess(ROLES.finance),
});
