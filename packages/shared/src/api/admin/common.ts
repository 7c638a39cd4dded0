import { z } from 'zod';
import type { OperatorRole } from '../../domain/operators.js';
import { intEnum, intField } from '../fields.js';

/**
 * What the back office's endpoints share (docs/api.md "Back office API"). Every admin
 * endpoint lives under `/api/admin/`, is `auth: false` (trader sessions do not apply) and
 * names in `operator` the roles allowed besides `admin`.
 */

/** Rows per page of every back-office list. */
export const ADMIN_PAGE_SIZE = 20;

/** Who may call what, besides `admin` (which may call everything). */
export const ROLES = {
  /** Every operator: the dashboard, their own session, password and two-factor. */
  any: ['finance', 'support', 'content'],
  finance: ['finance'],
  support: ['support'],
  content: ['content'],
  /** Finding users and reading their accounts: finance adjusts balances, support helps them. */
  people: ['finance', 'support'],
  /** Private images: finance sees deposit proofs, support identity photos and screenshots. */
  images: ['finance', 'support'],
  /** Instruments, channels, settings, operators, the audit log. */
  adminOnly: [],
} as const satisfies Record<string, readonly OperatorRole[]>;

/** Spread into an admin endpoint's definition: no trader session, these operator roles. */
export const operatorAccess = (roles: readonly OperatorRole[]) => ({ auth: false as const, operator: roles });

/** A page of rows: `data` and how many rows match in all. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int() });

/** A 0/1 flag (never `true`, `"true"` or `[1]`: see docs/input-validation.md). */
export const flagField = intEnum([0, 1]);

/** The latest instant a date filter may name: 2100-01-01, epoch ms. */
const LAST_INSTANT = 4_102_444_800_000;

/** An optional instant (epoch ms) of a date-range filter; empty is none. */
export const optionalInstant = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : v),
  intField(0, LAST_INSTANT).optional(),
);
