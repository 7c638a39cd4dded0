import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { operatorAccess, ROLES } from './common.js';

/**
 * The books' invariants the server checks itself (docs/money.md "Double-entry books"): at
 * start, after every engine takeover and on a schedule. Any finding is an operator alert:
 * the back office's banner, /metrics and the log.
 */
export const BOOKS_CHECKS = [
  /** A transaction whose entries do not sum to zero. */
  'unbalanced_transactions',
  /** An account whose balance or held funds differ from the sum of its log. */
  'balance_not_log_sum',
  /** An account whose held funds differ from its withdrawals under review. */
  'held_not_pending_withdrawals',
  /** An account below zero with no position open (the write-off did not happen). */
  'negative_without_positions',
] as const;
export type BooksCheck = (typeof BOOKS_CHECKS)[number];

/** Why the books were checked. */
export const BOOKS_CHECK_REASONS = ['start', 'takeover', 'schedule'] as const;
export type BooksCheckReason = (typeof BOOKS_CHECK_REASONS)[number];

export const AdminBooksProblemSchema = z.object({
  check: z.enum(BOOKS_CHECKS),
  /** How many accounts (or transactions) fail it. */
  count: z.number().int(),
  /** The first of them: user ids, or account-log ids for unbalanced transactions. */
  sample: z.array(z.number().int()),
});
export type AdminBooksProblem = z.infer<typeof AdminBooksProblemSchema>;

export const AdminBooksStatusSchema = z.object({
  /** The last check's end, epoch ms; null before the first has finished. */
  checked_at: z.number().int().nullable(),
  reason: z.enum(BOOKS_CHECK_REASONS).nullable(),
  /** Empty: every invariant held. */
  problems: z.array(AdminBooksProblemSchema),
});
export type AdminBooksStatus = z.infer<typeof AdminBooksStatusSchema>;

/** GET /api/admin/books/status — the last check of the books (the banner polls it). */
export const adminBooksStatusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/books/status',
  input: z.object({}),
  output: AdminBooksStatusSchema,
  ...operatorAccess(ROLES.finance),
});
