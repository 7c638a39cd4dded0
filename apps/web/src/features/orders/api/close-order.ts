import { closeOrderEndpoint, type Order } from '@pipwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { removeOrder } from '../store/live-merge';
import { invalidateOrders, myDealQueryOptions } from './get-my-deal';

/** POST /v1/api/forex/close — closes a holding position at market; the server's msg is toasted. */
export function closeOrder(id: number): Promise<Order> {
  return request(closeOrderEndpoint, { id }, { toastSuccess: true, loading: true });
}

export function useCloseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeOrder,
    onSuccess: (order) => {
      // Gone from the list at once; the refetch brings history and totals.
      queryClient.setQueryData(myDealQueryOptions(1).queryKey, (d) => d && removeOrder(d, order.Id));
      void invalidateOrders(queryClient);
    },
  });
}
