import { cancelOrderEndpoint, type Order } from '@pipwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { removeOrder } from '../store/live-merge';
import { invalidateOrders, myDealQueryOptions } from './get-my-deal';

/** POST /v1/api/forex/cancel_trade — cancels a pending order; the server's msg is toasted. */
export function cancelOrder(id: number): Promise<Order> {
  return request(cancelOrderEndpoint, { id }, { toastSuccess: true, loading: true });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(myDealQueryOptions(0).queryKey, (d) => d && removeOrder(d, order.Id));
      void invalidateOrders(queryClient);
    },
  });
}
