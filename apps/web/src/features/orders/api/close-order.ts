import { closeOrderEndpoint, type Order } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { idempotencyHeaders, useSubmission, type SubmissionHandlers } from '@/lib/use-submission';
import { removeOrder } from '../store/live-merge';
import { invalidateOrders, myDealQueryOptions } from './get-my-deal';

/** POST /v1/api/forex/close — closes a holding position at market; the server's msg is toasted. */
export function closeOrder(id: number, key?: string): Promise<Order> {
  return request(
    closeOrderEndpoint,
    { id },
    { toastSuccess: true, loading: true, ...(key ? { headers: idempotencyHeaders(key) } : {}) },
  );
}

/**
 * One close per tap (lib/use-submission.ts): the confirmation and the call hold the gate,
 * so a double click opens one dialog and sends one close.
 */
export function useCloseOrder(
  handlers: Pick<SubmissionHandlers<number, Order>, 'confirm' | 'onSuccess'> = {},
) {
  const queryClient = useQueryClient();
  return useSubmission<number, Order>(closeOrder, {
    confirm: handlers.confirm,
    onSuccess: (order, id) => {
      // Gone from the list at once; the refetch brings history and totals.
      queryClient.setQueryData(myDealQueryOptions(1).queryKey, (d) => d && removeOrder(d, order.Id));
      void invalidateOrders(queryClient);
      handlers.onSuccess?.(order, id);
    },
  });
}

/** A partial close: the position and the lots to close (docs/money.md "Partial close and close all"). */
export interface ClosePartInput {
  id: number;
  /** Canonical decimal text on the pair's lot step ("0.15"). */
  lots: string;
}

/**
 * POST /v1/api/forex/close with `lots`: closes that part of a position at market; answers the
 * order of the part closed (its `SplitFrom` is the position, which stays open with the rest).
 */
export function closePart(input: ClosePartInput, key?: string): Promise<Order> {
  // The detail shows what was booked (close-part.tsx): no toast on top of it.
  return request(closeOrderEndpoint, input, {
    loading: true,
    ...(key ? { headers: idempotencyHeaders(key) } : {}),
  });
}

/**
 * One partial close per tap, its confirmation included (lib/use-submission.ts): a double tap
 * opens one confirmation and sends one close, with one idempotency key. The position stays
 * listed: its fewer lots arrive with the `reduced` push, and the refetch brings history.
 */
export function useClosePart(
  handlers: Pick<SubmissionHandlers<ClosePartInput, Order>, 'confirm' | 'onSuccess'> = {},
) {
  const queryClient = useQueryClient();
  return useSubmission<ClosePartInput, Order>(closePart, {
    confirm: handlers.confirm,
    onSuccess: (part, input) => {
      void invalidateOrders(queryClient);
      return handlers.onSuccess?.(part, input);
    },
  });
}
