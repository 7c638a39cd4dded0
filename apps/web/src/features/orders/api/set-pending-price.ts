import { setPendingPriceEndpoint, type Order } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { useSubmission } from '@/lib/use-submission';
import type { OrderPages } from '../store/live-merge';
import { myDealQueryOptions } from './get-my-deal';

export interface PendingPriceInput {
  id: number;
  /** The new price as decimal text at the pair's precision. */
  target_price: string;
}

/**
 * POST /v1/api/forex/set_pending_price — moves a pending order to another price (a line
 * dragged on the chart, docs/chart.md "Trading from the chart"); the server's msg is
 * toasted, a refusal's too.
 */
export function setPendingPrice(input: PendingPriceInput): Promise<Order> {
  return request(setPendingPriceEndpoint, input, { toastSuccess: true, loading: true });
}

/** The pending list with the moved order's new price, from the answer. */
export function applyPendingPrice(data: OrderPages, order: Order): OrderPages {
  if (!data.pages.some((p) => p.data.some((o) => o.Id === order.Id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: page.data.map((o) => (o.Id === order.Id ? { ...o, Price: order.Price } : o)),
    })),
  };
}

/** One move per tap (lib/use-submission.ts). */
export function useSetPendingPrice() {
  const queryClient = useQueryClient();
  return useSubmission<PendingPriceInput, Order>(setPendingPrice, {
    onSuccess: (order) => {
      queryClient.setQueryData(myDealQueryOptions(0).queryKey, (d) => d && applyPendingPrice(d, order));
    },
  });
}
