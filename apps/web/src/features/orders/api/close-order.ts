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
