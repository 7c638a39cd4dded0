// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/lib/session';
import {
  keepForOffline,
  OFFLINE_CACHE_KEY,
  OFFLINE_MAX_AGE_MS,
  OFFLINE_SAVE_MS,
  restoreKeptCopy,
  saveKeptCopy,
  startedOffline,
} from './offline-cache';

const board = [{ Id: 1, Code: 'EURUSD', ForexQuotations: { Bid: '1.08', Ask: '1.09' } }];
const holding = { pages: [{ data: [{ Id: 7, Lots: '0.10' }], total: 1 }], pageParams: [1] };

function filledClient(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(['markets', 'trade-list', {}], board);
  client.setQueryData(['markets', 'trade-list', { searchCurrency: 'EUR' }], board);
  client.setQueryData(['orders', 'my-deal', 1], holding);
  client.setQueryData(['orders', 'my-deal', 3], holding);
  client.setQueryData(['trade', 'kline', 1, '1min'], [1, 2, 3]);
  client.setQueryData(['auth', 'user-info'], { id: 42 });
  return client;
}

const saved = () =>
  JSON.parse(localStorage.getItem(OFFLINE_CACHE_KEY) ?? 'null') as {
    state: { queries: { queryKey: unknown[] }[] };
  } | null;

beforeEach(() => {
  localStorage.clear();
  setSession({ token: 't', user: { id: 42 } });
});
afterEach(() => {
  clearSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the copy kept for offline (docs/installable-app.md "Offline")', () => {
  it('keeps the board, the open positions and pending orders and the account, nothing else', () => {
    saveKeptCopy(filledClient(), localStorage);
    const keys = saved()!.state.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys.sort()).toEqual(
      [
        JSON.stringify(['markets', 'trade-list', {}]),
        JSON.stringify(['orders', 'my-deal', 1]),
        JSON.stringify(['auth', 'user-info']),
      ].sort(),
    );
  });

  it('gives the trader their own copy back with its time, and never another trader’s or an old one', () => {
    const now = 1_800_000_000_000;
    saveKeptCopy(filledClient(), localStorage, now);

    const mine = new QueryClient();
    expect(restoreKeptCopy(mine, localStorage, now + 60_000)).toBe(true);
    expect(mine.getQueryData(['markets', 'trade-list', {}])).toEqual(board);
    expect(mine.getQueryData(['orders', 'my-deal', 1])).toEqual(holding);
    expect(mine.getQueryState(['markets', 'trade-list', {}])?.dataUpdatedAt).toBeLessThanOrEqual(Date.now());

    setSession({ token: 'u', user: { id: 43 } });
    const other = new QueryClient();
    expect(restoreKeptCopy(other, localStorage, now + 60_000)).toBe(false);
    expect(other.getQueryData(['orders', 'my-deal', 1])).toBeUndefined();
    expect(localStorage.getItem(OFFLINE_CACHE_KEY)).toBeNull();

    setSession({ token: 't', user: { id: 42 } });
    saveKeptCopy(filledClient(), localStorage, now);
    expect(restoreKeptCopy(new QueryClient(), localStorage, now + OFFLINE_MAX_AGE_MS + 1)).toBe(false);
    expect(localStorage.getItem(OFFLINE_CACHE_KEY)).toBeNull();
  });

  it('never puts an older copy over what was just fetched', () => {
    saveKeptCopy(filledClient(), localStorage, Date.now() - 60_000);
    const client = new QueryClient();
    const fresh = [{ ...board[0], ForexQuotations: { Bid: '1.10', Ask: '1.11' } }];
    client.setQueryData(['markets', 'trade-list', {}], fresh);
    restoreKeptCopy(client, localStorage);
    expect(client.getQueryData(['markets', 'trade-list', {}])).toEqual(fresh);
  });

  it('keeps what a later page did not load, for the same trader only', () => {
    const first = filledClient();
    first.setQueryData(['markets', 'categories', 'en'], [{ id: 1 }]);
    saveKeptCopy(first, localStorage);
    // The app opened again on the orders page: no categories in memory.
    const later = new QueryClient();
    later.setQueryData(['orders', 'my-deal', 1], holding);
    saveKeptCopy(later, localStorage);
    const keys = saved()!.state.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain(JSON.stringify(['markets', 'categories', 'en']));
    expect(keys.filter((k) => k === JSON.stringify(['orders', 'my-deal', 1]))).toHaveLength(1);

    setSession({ token: 'u', user: { id: 43 } });
    saveKeptCopy(new QueryClient(), localStorage);
    expect(saved()!.state.queries).toEqual([]);
  });

  it('ignores a copy it cannot read', () => {
    localStorage.setItem(OFFLINE_CACHE_KEY, '{not json');
    expect(restoreKeptCopy(new QueryClient(), localStorage)).toBe(false);
  });

  it('restores only when the app started with no network, and saves changes a moment later', () => {
    vi.useFakeTimers();
    saveKeptCopy(filledClient(), localStorage);

    const online = new QueryClient();
    keepForOffline(online, localStorage)();
    expect(online.getQueryData(['orders', 'my-deal', 1])).toBeUndefined();

    vi.stubGlobal('navigator', { onLine: false });
    const offline = new QueryClient();
    expect(startedOffline(offline)).toBe(true);
    const stop = keepForOffline(offline, localStorage);
    expect(offline.getQueryData(['orders', 'my-deal', 1])).toEqual(holding);

    // A position closed while the page is open: the copy follows within OFFLINE_SAVE_MS.
    offline.setQueryData(['orders', 'my-deal', 1], { pages: [{ data: [], total: 0 }], pageParams: [1] });
    vi.advanceTimersByTime(OFFLINE_SAVE_MS - 1);
    expect(JSON.stringify(saved())).toContain('"Id":7');
    vi.advanceTimersByTime(1);
    expect(JSON.stringify(saved())).not.toContain('"Id":7');
    stop();
  });

  it('drops the positions from the copy when the trader logs out', () => {
    vi.useFakeTimers();
    const client = filledClient();
    const stop = keepForOffline(client, localStorage);
    client.removeQueries({ queryKey: ['orders'] });
    clearSession();
    vi.advanceTimersByTime(OFFLINE_SAVE_MS);
    const keys = saved()!.state.queries.map((q) => q.queryKey[0]);
    expect(keys).not.toContain('orders');
    stop();
  });
});
