import { inboxListEndpoint, type EndpointOutput, type Notice } from '@pipwise/shared';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';

export type InboxPage = EndpointOutput<typeof inboxListEndpoint>;

/** The root of the inbox's keys (session data: dropped at login and logout). */
export const inboxKey = ['inbox'] as const;
/** The notices' pages (the inbox page). */
export const inboxListKey = [...inboxKey, 'list'] as const;

/** GET /v1/api/inbox/list?page= — 20 notices a page, newest first, with the unread count. */
export function getInboxPage(page: number, options?: CallOptions): Promise<InboxPage> {
  return request(inboxListEndpoint, { page }, options);
}

/**
 * The unread count of the signed-in user (the badge): read from the inbox's first page at
 * login, then kept by NOTICE pushes (hooks/use-inbox-pushes.ts). Keyed by the user, so a
 * new login reads its own. A background read: an expired session clears itself without
 * sending a visitor of the board to the login page, and a failure shows no toast.
 */
export function unreadQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...inboxKey, 'unread', userId],
    queryFn: ({ signal }) => getInboxPage(1, { signal, init: true, silent: true }).then((p) => p.unread),
    staleTime: 60_000,
  });
}

/** Every cached unread count (one per user) takes `unread`: what the server said last. */
export function setUnread(queryClient: QueryClient, unread: number): void {
  queryClient.setQueriesData<number>({ queryKey: [...inboxKey, 'unread'] }, () => unread);
}

/** The unread count is read again (the socket logged in again, or pushes may be lost). */
export function refetchUnread(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...inboxKey, 'unread'] });
}

export function inboxListQueryOptions(queryClient: QueryClient) {
  return infiniteQueryOptions({
    queryKey: inboxListKey,
    queryFn: async ({ pageParam, signal }) => {
      const page = await getInboxPage(pageParam, { signal });
      setUnread(queryClient, page.unread);
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return last.data.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
    // A visit shows what came meanwhile.
    staleTime: 0,
  });
}

/** A new notice arrived: the list is read again when shown. */
export function invalidateInboxList(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: inboxListKey });
}

/** The notices of all loaded pages, each once (a new notice shifts the page boundaries). */
export function flattenNotices(pages: readonly InboxPage[] | undefined): Notice[] {
  const seen = new Set<number>();
  const out: Notice[] = [];
  for (const page of pages ?? []) {
    for (const notice of page.data) {
      if (seen.has(notice.id)) continue;
      seen.add(notice.id);
      out.push(notice);
    }
  }
  return out;
}

/** The cached list with notice `id` (every notice when absent) marked read. */
export function markReadInList(queryClient: QueryClient, id?: number): void {
  queryClient.setQueryData(inboxListKey, (data: { pages: InboxPage[]; pageParams: unknown[] } | undefined) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            data: p.data.map((n) => (id === undefined || n.id === id ? { ...n, read: 1 } : n)),
          })),
        }
      : data,
  );
}
