// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshTradeList, TRADE_LIST_FRESH_MS, tradeListKey } from './get-trade-list';

describe('refreshTradeList', () => {
  it('refetches every copy of the list, except one fetched a moment ago', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let fetches = 0;
    const key = [...tradeListKey, {}];
    // An observer-less copy (the kept-alive home while hidden) with a list in it.
    await client.prefetchQuery({ queryKey: key, queryFn: () => (fetches += 1) });
    expect(fetches).toBe(1);
    client.setQueryDefaults(tradeListKey, { queryFn: () => (fetches += 1) });
    const fetchedAt = client.getQueryState(key)!.dataUpdatedAt;

    // The boot's fetch and the navigation right after it: no second request.
    await refreshTradeList(client, fetchedAt + TRADE_LIST_FRESH_MS - 1);
    expect(fetches).toBe(1);
    expect(client.getQueryState(key)!.isInvalidated).toBe(false);

    // A later visit to / or /trade refreshes it.
    await refreshTradeList(client, fetchedAt + TRADE_LIST_FRESH_MS);
    expect(fetches).toBe(2);
    client.clear();
  });
});
