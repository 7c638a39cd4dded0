import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { optionalText, pageField } from '../fields.js';
import { operatorAccess, pageOf, ROLES } from './common.js';

/** How a message goes out, and what became of it (`status`). */
export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export const OUTBOX_STATUSES = ['sent', 'logged', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Every e-mail and SMS the system sent or would have sent (docs/api.md "Accounts and access"). */
export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
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
    channel: z.preprocess(blankIsAbsent, z.enum(OUTBOX_CHANNELS).optional()),
    status: z.preprocess(blankIsAbsent, z.enum(OUTBOX_STATUSES).optional()),
    recipient: optionalText(254),
    page: pageField,
  }),
  output: pageOf(OutboxMessageSchema),
  ...operatorAccess(ROLES.support),
});
