import type { Order } from '@pipwise/shared';

/**
 * Whether a history order belongs to the demo account as it was before its last reset
 * (my_deal `reset_at`, epoch ms; 0 = never reset): closed before it, or closed by the
 * reset itself. The server's realised total counts only the others.
 */
export function isBeforeReset(order: Pick<Order, 'CompletedAt' | 'CloseReason'>, resetAt: number): boolean {
  return resetAt > 0 && (order.CloseReason === 'demo_reset' || order.CompletedAt < resetAt);
}
