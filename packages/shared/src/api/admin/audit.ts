import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { optionalId, optionalText, pageField } from '../fields.js';
import { operatorAccess, optionalInstant, pageOf, ROLES } from './common.js';

/**
 * Every action code the server writes to the audit log, by area. The server's `AuditRecord`
 * takes only these, so a new code fails the type check until it is listed here, and the back
 * office's test then fails until the code has a name in all 18 languages
 * (apps/admin/src/features/audit/locales). Rows written before a code was renamed keep the
 * old code: the back office shows such a code as it is.
 */
export const AUDIT_ACTIONS = [
  'auth.logout',
  'auth.change_password',
  'auth.totp_setup',
  'auth.totp_enable',
  'auth.totp_disable',
  'operator.create',
  'operator.set_role',
  'operator.set_active',
  'operator.reset',
  'settings.save',
  'user.freeze_login',
  'user.freeze_trading',
  'user.a_book',
  'user.group',
  'user.adjust_balance',
  'deposit.approve',
  'deposit.reject',
  'deposit.invalidate',
  'withdrawal.approve',
  'withdrawal.reject',
  'identity.approve',
  'identity.reject',
  'instrument.save',
  'category.create',
  'category.save',
  'group.save',
  'group.delete',
  'group.condition',
  'group.condition_delete',
  'leverage_cap.save',
  'execution.handle',
  'channel.create',
  'channel.save',
  'currency.create',
  'currency.save',
  'fix_source.save',
  'fix_source.delete',
  'history.import',
  'news.create',
  'news.save',
  'news.remove_translation',
  'news.delete',
  'announcement.save',
  'announcement.broadcast',
  'trader.create',
  'trader.save',
  'trader.delete',
  'feedback.handle',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const AUDIT_ACTION_SET: ReadonlySet<string> = new Set(AUDIT_ACTIONS);

/** Whether a logged code is one of today's (older rows may hold a code since renamed). */
export const isAuditAction = (code: string): code is AuditAction => AUDIT_ACTION_SET.has(code);

/**
 * One operator action (docs/api.md "Back office API"): written in the same transaction as
 * the change it records, so every committed change has its row and a failed action none.
 */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  operator_id: z.number().int(),
  /** The operator's e-mail as it is now (empty if the operator row is gone). */
  operator_email: z.string(),
  /** What was done, e.g. `deposit.approve`, `user.adjust_balance` (`AUDIT_ACTIONS`; older rows may hold others). */
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
