import type { Order } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import type { OrderPage, OrderTab } from '../api/get-my-deal';
import { MAX_SEARCH_PAGES, searchOrder } from './search-order';

const order = (Id: number, Status: number): Order => ({ Id, Status }) as Order;

/** my_deal over `lists` by tab, 20 a page, counting the calls. */
function server(lists: Partial<Record<OrderTab, Order[]>>) {
  const calls: string[] = [];
  const fetchPage = (tab: OrderTab, page: number): Promise<OrderPage> => {
    calls.push(`${tab}:${page}`);
    const all = lists[tab] ?? [];
    return Promise.resolve({
      data: all.slice((page - 1) * 20, page * 20),
      total: all.length,
      all_fact_profits: 0,
      balance: 0,
    });
  };
  return { calls, fetchPage };
}

describe('finding a linked order', () => {
  it('looks through the open positions first, then history page by page, and says on which tab it is', async () => {
    const history = Array.from({ length: 45 }, (_, i) => order(1000 - i, i % 2 ? 3 : 4));
    const s = server({ 1: [order(2000, 1)], 3: history });
    expect(await searchOrder(2000, s.fetchPage)).toMatchObject({ tab: 1, order: { Id: 2000 } });
    const found = await searchOrder(history[42]!.Id, s.fetchPage);
    expect(found).toMatchObject({ tab: 3, order: { Id: history[42]!.Id } });
    expect(s.calls).toEqual(['1:1', '1:1', '3:1', '3:2', '3:3']);
  });

  it('is null when no list has it, after the last page of each tab', async () => {
    const s = server({ 1: [], 3: Array.from({ length: 21 }, (_, i) => order(i + 1, 3)), 0: [order(99, 0)] });
    expect(await searchOrder(5000, s.fetchPage)).toBeNull();
    expect(s.calls).toEqual(['1:1', '3:1', '3:2', '0:1']);
  });

  it('stops after MAX_SEARCH_PAGES pages of a tab', async () => {
    const many = Array.from({ length: (MAX_SEARCH_PAGES + 5) * 20 }, (_, i) => order(100_000 - i, 3));
    const s = server({ 3: many });
    expect(await searchOrder(many.at(-1)!.Id, s.fetchPage)).toBeNull();
    expect(s.calls.filter((c) => c.startsWith('3:'))).toHaveLength(MAX_SEARCH_PAGES);
  });
});
