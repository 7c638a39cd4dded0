import { useQuery } from '@tanstack/react-query';
import { getMyDeal, ordersKey } from '../api/get-my-deal';
import { searchOrder } from '../utils/search-order';

/** The order the page was linked to (`/order?order=<Id>`), looked up once per visit. */
export function useFindOrder(id: number | null) {
  return useQuery({
    queryKey: [...ordersKey, 'find', id],
    queryFn: ({ signal }) =>
      searchOrder(id ?? 0, (tab, page) => getMyDeal(tab, page, { signal, silent: true })),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
