import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { pageField } from './fields.js';

/** GET /v1/api/main/wallet/getBalance — balance and funds held by withdrawals, USD. */
export const balanceEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/main/wallet/getBalance',
  input: z.object({}),
  output: z.object({ balance: z.number(), lock_balance: z.number() }),
  auth: true,
});

/** Live account figures (docs/money.md), USD; the spec's labels in comments. */
export const AccountFiguresSchema = z.object({
  balance: z.number(),
  /** Net value. */
  equity: z.number(),
  /** Prepayment: Σ margin of open positions. */
  margin: z.number(),
  /** Usable prepayment: equity − margin. */
  free_margin: z.number(),
  /** Prepayment ratio: equity / margin × 100, 0 with no open position. */
  margin_level: z.number(),
  /** Risk rate: margin / equity × 100 (higher is riskier), 0 with no open position. */
  risk_rate: z.number(),
  /** Σ live profit of open positions. */
  floating_profit: z.number(),
});
export type AccountFigures = z.infer<typeof AccountFiguresSchema>;

/** GET /v1/api/main/account/forexDetail. */
export const forexDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/main/account/forexDetail',
  input: z.object({}),
  output: AccountFiguresSchema,
  auth: true,
});

export const AccountLogSchema = z.object({
  Id: z.number().int(),
  /** Signed amount, USD. */
  Value: z.number(),
  BalanceAfter: z.number(),
  Type: z.string(),
  /** What the entry is, in the caller's language. */
  MemoTran: z.string(),
  /** When, formatted for the caller's language (New York time). */
  CreatedAtTran: z.string(),
  CreatedAt: z.number(),
  /** Signed change of the funds held for withdrawals, USD (0 for most entries). */
  LockValue: z.number(),
  /** The order this entry belongs to (fees, profits), or 0: the app links to it. */
  OrderId: z.number().int(),
  /** What it points at: order, deposit, withdrawal, operator, or empty. */
  RefType: z.string(),
  RefId: z.number().int(),
  /**
   * The inbox notice of the stop-out that closed this entry's order (its receipt,
   * docs/notifications.md "The stop-out receipt"), or 0: the app links to it.
   */
  ReceiptId: z.number().int(),
});

/** GET /v1/api/main/accountLog/forexChange — the account log, newest first. */
export const accountLogEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/main/accountLog/forexChange',
  input: z.object({ page: pageField }),
  output: z.object({ data: z.array(AccountLogSchema), total: z.number().int() }),
  auth: true,
});

/** GET /v1/api/main/user/resetForexDemoAccount — demo only: back to the starting balance. */
export const resetDemoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/api/main/user/resetForexDemoAccount',
  input: z.object({}),
  output: z.object({ balance: z.number() }),
  auth: true,
});
