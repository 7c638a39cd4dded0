import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { optionalText, pageField } from '../fields.js';
import { operatorAccess, pageOf, ROLES } from './common.js';

/** Every e-mail and SMS the system sent or would have sent (docs/api.md "Accounts and access"). */
export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  /** sent (through SMTP or the SMS provider), logged (no transport configured) or failed. */
  status: z.string(),
  error: z.string().nullable(),
  created_at: z.number().int(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

/**
 * GET /api/admin/outbox/list — newest first. Where no SMTP server is configured this is
 * where support reads a code a trader did not receive. `recipient` matches part of the
 * address or number (any case).
 */
export const adminOutboxEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/outbox/list',
  input: z.object({
    channel: z.preprocess(blankIsAbsent, z.enum(['email', 'sms']).optional()),
    status: z.preprocess(blankIsAbsent, z.enum(['sent', 'logged', 'failed']).optional()),
    recipient: optionalText(254),
    page: pageField,
  }),
  output: pageOf(OutboxMessageSchema),
  ...operatorAccess(ROLES.support),
});
