import { z } from 'zod';
import { AccountFiguresSchema } from '../account.js';
import { defineEndpoint } from '../endpoint.js';
import {
  AMOUNT_RANGE,
  idField,
  optionalIntEnum,
  optionalText,
  pageField,
  requiredText,
  signedDecimalField,
} from '../fields.js';
import { OrderSchema } from '../trading.js';
import { flagField, operatorAccess, pageOf, ROLES } from './common.js';

/** A trader as operators see one. Money in USD. */
export const AdminUserSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  email: z.string().nullable(),
  area_code: z.string().nullable(),
  mobile: z.string().nullable(),
  is_demo: z.number().int(),
  /** 1: cannot log in (their sessions were ended when it was set). */
  login_frozen: z.number().int(),
  /** 1: cannot open positions or place orders (closing stays possible). */
  trading_frozen: z.number().int(),
  /** 1: every order of this trader goes to the liquidity provider, whatever the instrument. */
  a_book: z.number().int(),
  /** The account's trading group (docs/trading-groups.md); null before the account exists. */
  group_id: z.number().int().nullable(),
  invite_code: z.string(),
  referrer_id: z.number().int().nullable(),
  created_at: z.number().int(),
  /** 0 when the user has no account yet. */
  balance: z.number(),
  lock_balance: z.number(),
  /** Identity review_status: 0 none, 1 under review, 2 verified, 3 rejected. */
  identity_status: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** One row of a user's account log as the back office shows it (USD, signed). */
export const AdminLedgerRowSchema = z.object({
  id: z.number().int(),
  /** A ledger entry kind (docs/money.md "The ledger"). */
  type: z.string(),
  amount: z.number(),
  balance_after: z.number(),
  lock_amount: z.number(),
  lock_after: z.number(),
  /** What it points at: order, deposit, withdrawal, operator (adjustments), or null. */
  ref_type: z.string().nullable(),
  ref_id: z.number().int().nullable(),
  /** The operator's reason of an adjustment. */
  memo: z.string().nullable(),
  created_at: z.number().int(),
});
export type AdminLedgerRow = z.infer<typeof AdminLedgerRowSchema>;

/**
 * GET /api/admin/users/list — newest first. `q` finds a user by id, uid (exact), e-mail or
 * phone number (contains, any case).
 */
export const adminUsersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/users/list',
  input: z.object({
    q: optionalText(254),
    is_demo: optionalIntEnum([0, 1]),
    login_frozen: optionalIntEnum([0, 1]),
    trading_frozen: optionalIntEnum([0, 1]),
    a_book: optionalIntEnum([0, 1]),
    page: pageField,
  }),
  output: pageOf(AdminUserSchema),
  ...operatorAccess(ROLES.people),
});

export const AdminUserDetailSchema = z.object({
  user: AdminUserSchema,
  /** Live figures from the database and current quotes; null without an account. */
  account: AccountFiguresSchema.extend({ lock_balance: z.number() }).nullable(),
  /** Open positions with their live closing price and profit (the trader's `my_deal` shape). */
  positions: z.array(OrderSchema),
  pending_orders: z.number().int(),
  /** The 20 newest rows of the account log (older ones: `users/logs`). */
  recent_log: z.array(AdminLedgerRowSchema),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

/** GET /api/admin/users/detail — one user with account, figures, positions and recent log. */
export const adminUserDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/users/detail',
  input: z.object({ id: idField }),
  output: AdminUserDetailSchema,
  ...operatorAccess(ROLES.people),
});

/** GET /api/admin/users/logs — a user's account log, newest first. */
export const adminUserLogsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/users/logs',
  input: z.object({ id: idField, page: pageField }),
  output: pageOf(AdminLedgerRowSchema),
  ...operatorAccess(ROLES.people),
});

/**
 * POST /api/admin/users/freeze_login — `frozen` 1 blocks logging in and ends every session
 * of the user at once (their open sockets are logged out); 0 lets them log in again.
 */
export const adminFreezeLoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/freeze_login',
  input: z.object({ id: idField, frozen: flagField, reason: optionalText(200) }),
  output: AdminUserSchema,
  ...operatorAccess(ROLES.support),
});

/**
 * POST /api/admin/users/freeze_trading — `frozen` 1 refuses new orders ("trading on this
 * account is suspended"); open positions can still be closed and keep their TP/SL.
 */
export const adminFreezeTradingEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/freeze_trading',
  input: z.object({ id: idField, frozen: flagField, reason: optionalText(200) }),
  output: AdminUserSchema,
  ...operatorAccess(ROLES.support),
});

/**
 * POST /api/admin/users/adjust_balance — credits (`amount` > 0) or debits (< 0) the account
 * through the ledger (kind `adjustment`, the reason as its memo). A debit that would take
 * the available funds (balance − held) below zero is refused. Send an `Idempotency-Key`
 * header (1–64 printable characters, one per adjustment the operator means): a repeated
 * key returns the first result instead of adjusting twice.
 */
export const adminAdjustBalanceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/adjust_balance',
  input: z.object({
    id: idField,
    amount: signedDecimalField(AMOUNT_RANGE),
    reason: requiredText(200),
  }),
  output: z.object({ balance: z.number(), lock_balance: z.number() }),
  ...operatorAccess(ROLES.finance),
});

/**
 * POST /api/admin/users/a_book — `a_book` 1 sends every order of the trader to the liquidity
 * provider (docs/execution.md), whatever the instrument's own mode; 0 lets the instrument
 * decide again. Applies from the trader's next order; positions already open close where
 * they were filled. Refused for demo users: their money is not real and never reaches the
 * provider. Admin only: whose flow is hedged is a dealing decision, not a support one.
 */
export const adminSetABookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/a_book',
  input: z.object({ id: idField, a_book: flagField, reason: optionalText(200) }),
  output: AdminUserSchema,
  ...operatorAccess(ROLES.adminOnly),
});
