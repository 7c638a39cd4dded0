import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { optionalId, optionalText, pageField } from '../fields.js';
import { operatorAccess, optionalInstant, pageOf, ROLES } from './common.js';

/**
 * One operator action (docs/api.md "Back office API"): written in the same transaction as
 * the change it records, so every committed change has its row and a failed action none.
 */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  operator_id: z.number().int(),
  /** The operator's e-mail as it is now (empty if the operator row is gone). */
  operator_email: z.string(),
  /** What was done, e.g. `deposit.approve`, `user.adjust_balance`, `settings.save`. */
  action: z.string(),
  /** What it was done to (user, deposit, withdrawal, identity, instrument, setting …) and its id. */
  object_type: z.string(),
  object_id: z.string(),
  /** The object before and after, as JSON values (null where there is none). */
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  user_agent: z.string(),
  created_at: z.number().int(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /api/admin/audit/list — newest first; `from`/`to` are epoch ms (from ≤ created_at < to). */
export const adminAuditEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/audit/list',
  input: z.object({
    operator_id: optionalId,
    action: optionalText(64),
    object_type: optionalText(32),
    object_id: optionalText(64),
    from: optionalInstant,
    to: optionalInstant,
    page: pageField,
  }),
  output: pageOf(AuditEntrySchema),
  ...operatorAccess(ROLES.adminOnly),
});
