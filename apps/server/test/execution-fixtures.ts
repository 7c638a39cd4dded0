import { randomBytes } from 'node:crypto';
import { lots, points, type ExecutionState } from '@pipwise/shared';
import { insertExecution } from '../src/modules/trading/a-book/execution.repository.js';
import type { Server } from '../src/app.js';

/**
 * An order sent to the liquidity provider, written straight to `executions` in `state`
 * (docs/execution.md): 0.1 EURUSD bought for `userId`, filled at the provider unless the
 * state is one that never filled. What the back-office tests of the executions list and
 * of the "handled" mark stand on, without a FIX session.
 */
export async function insertTestExecution(
  services: Server,
  userId: number,
  state: ExecutionState = 'unbooked',
): Promise<number> {
  const filled = state !== 'rejected' && state !== 'sent' && state !== 'queued';
  const row = await insertExecution(services.core.db, {
    cl_ord_id: `PW-TEST-${randomBytes(6).toString('hex')}`,
    user_id: userId,
    instrument_id: 1,
    purpose: 'open',
    order_id: null,
    side: 1,
    lots: lots('0.1'),
    leverage: 100,
    tp: null,
    sl: null,
    quoted_price: points(108_012),
    limit_price: points(108_062),
    markup_points: 2,
    state,
    filled_lots: filled ? lots('0.1') : null,
    lp_price: filled ? points(108_010) : null,
    lp_order_id: null,
    outcome: state === 'unbooked' ? 'late_fill' : null,
    reason: null,
    idempotency_key: null,
    created_at: services.core.now(),
    resolved_at: state === 'sent' || state === 'queued' ? null : services.core.now(),
  });
  return Number(row.id);
}
