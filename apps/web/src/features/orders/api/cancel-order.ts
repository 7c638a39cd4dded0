import { cancelOrderEndpoint, type Order } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { idempotencyHeaders, useSubmission, type SubmissionHandlers } from '@/lib/use-submission';
import { removeOrder } from '../store/live-merge';
import { invalidateOrders, myDealQueryOptions } from './get-my-deal';

/** POST /v1/api/forex/cancel_trade — cancels a pending order; the server's msg is toasted. */
export function cancelOrder(id: number, key?: string): Promise<Order> {
  return request(
    cancelOrderEndpoint,
    { id },
    { toastSuccess: true, loading: true, ...(key ? { headers: idempotencyHeaders(key) } : {}) },
  );
}

/** One cancel per tap, its confirmation included (lib/use-submission.ts). */
export function useCancelOrder(
  handlers: Pick<SubmissionHandlers<number, Order>, 'confirm' | 'onSuccess'> = {},
) {
  const queryClient = useQueryClient();
  return useSubmission<number, Order>(cancelOrder, {
    confirm: handlers.confirm,
    onSuccess: (order, id) => {
      queryClient.setQueryData(myDealQueryOptions(0).queryKey, (d) => d && removeOrder(d, order.Id));
      void invalidateOrders(queryClient);
      handlers.onSuccess?.(order, id);
    },
  });
}
