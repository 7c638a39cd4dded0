import { setStopPriceEndpoint, type Order } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { idempotencyHeaders, useSubmission } from '@/lib/use-submission';
import { applyStops } from '../store/live-merge';
import { myDealQueryOptions, type OrderTab } from './get-my-deal';

export interface StopsInput {
  id: number;
  /** 0 or absent clears it. */
  target_profit_price?: number;
  stop_loss_price?: number;
  /** A trailing stop's distance in points; absent clears it. */
  trailing_points?: number | undefined;
}

/**
 * POST /v1/api/forex/set_stop_price — sets or clears TP/SL and the trailing stop; the
 * server's msg is toasted.
 */
export function setStopPrice(input: StopsInput, key?: string): Promise<Order> {
  // Absent means "none": send 0 so a cleared field clears the stop on the server too.
  return request(
    setStopPriceEndpoint,
    {
      id: input.id,
      target_profit_price: input.target_profit_price ?? 0,
      stop_loss_price: input.stop_loss_price ?? 0,
      trailing_points: input.trailing_points ?? 0,
    },
    { toastSuccess: true, loading: true, ...(key ? { headers: idempotencyHeaders(key) } : {}) },
  );
}

/** One TP/SL change per tap (lib/use-submission.ts). */
export function useSetStopPrice() {
  const queryClient = useQueryClient();
  return useSubmission<StopsInput, Order>(setStopPrice, {
    onSuccess: (order) => {
      for (const tab of [1, 0] satisfies OrderTab[]) {
        queryClient.setQueryData(myDealQueryOptions(tab).queryKey, (d) => d && applyStops(d, order));
      }
    },
  });
}
