import { PAGE_SIZE, type Order } from '@pipwise/shared';
import type { OrderPage, OrderTab } from '../api/get-my-deal';
import { tabOf } from '../store/live-merge';

/** Pages of one tab looked through at most (1,000 orders): an older order is not found. */
export const MAX_SEARCH_PAGES = 50;

/** The tabs in the order a linked order is most likely in: open, then ended, then pending. */
const SEARCH_TABS: readonly OrderTab[] = [1, 3, 0];

export type PageFetcher = (tab: OrderTab, page: number) => Promise<OrderPage>;

/**
 * An order by its id, from the lists the trader can see (my_deal, 20 a page): the account
 * log links each row to its order (docs/money.md "The order ticket"), which may be open,
 * closed or pending. Null when it is in none of them.
 */
export async function searchOrder(
  id: number,
  fetchPage: PageFetcher,
): Promise<{ order: Order; tab: OrderTab } | null> {
  for (const tab of SEARCH_TABS) {
    for (let page = 1; page <= MAX_SEARCH_PAGES; page++) {
      const answer = await fetchPage(tab, page);
      const hit = answer.data.find((o) => o.Id === id);
      if (hit) return { order: hit, tab: tabOf(hit) };
      if (answer.data.length === 0 || page * PAGE_SIZE >= answer.total) break;
    }
  }
  return null;
}
