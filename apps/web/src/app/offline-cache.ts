import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { isApiError } from '@/lib/api';
import { getSession } from '@/lib/session';

/**
 * The last board and positions, kept on the device for a start with no network
 * (docs/installable-app.md "Offline"): the trade list, categories and sparklines, the
 * open positions and pending orders, and the account's figures. Restored only when the
 * first screen could not be fetched — online, a fresh answer is never shown older first.
 * React Query's own dehydrate and hydrate do the work: its persister packages pin another
 * copy of query-core, for what is the few lines below.
 */

/** Where it is kept (localStorage: a few tens of KB, read synchronously at start). */
export const OFFLINE_CACHE_KEY = 'pipwise.offline';
/** Older than this, it is not shown at all. */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** Saves follow changes at most this often (positions change with every tick). */
export const OFFLINE_SAVE_MS = 2_000;
/** The shape of what is kept: a change makes older copies be dropped. */
const CACHE_VERSION = 1;

const KEPT: readonly (readonly unknown[])[] = [
  ['markets', 'trade-list', {}],
  ['markets', 'categories'],
  ['markets', 'sparklines'],
  ['markets', 'favourites'],
  ['orders', 'my-deal', 1],
  ['orders', 'my-deal', 0],
  ['auth', 'user-info'],
];

export function isKeptOffline(query: Query): boolean {
  if (query.state.status !== 'success') return false;
  const key = query.queryKey;
  return KEPT.some((prefix) =>
    prefix.every((part, i) =>
      typeof part === 'object' ? JSON.stringify(key[i]) === JSON.stringify(part) : key[i] === part,
    ),
  );
}

/**
 * Whose copy it is: another trader's (or a guest's) is never restored. Login and logout
 * also drop the session's queries (features/auth/utils/session-queries.ts), and the next
 * save follows.
 */
const owner = (): string => `${CACHE_VERSION}:${getSession()?.user?.id ?? 'guest'}`;

/** What is written: the queries, when, and whose. */
interface KeptCopy {
  owner: string;
  savedAt: number;
  state: DehydratedState;
}

function readCopy(storage: Storage): KeptCopy | null {
  try {
    const raw = storage.getItem(OFFLINE_CACHE_KEY);
    return raw === null ? null : (JSON.parse(raw) as KeptCopy);
  } catch {
    return null;
  }
}

/** Puts the kept copy in the cache if it is the trader's and not too old; else drops it. */
export function restoreKeptCopy(queryClient: QueryClient, storage: Storage, now = Date.now()): boolean {
  const copy = readCopy(storage);
  if (!copy) return false;
  if (copy.owner !== owner() || !(now - copy.savedAt <= OFFLINE_MAX_AGE_MS) || !copy.state) {
    storage.removeItem(OFFLINE_CACHE_KEY);
    return false;
  }
  // A query already fetched is newer than the copy: hydrate keeps the newer of the two.
  hydrate(queryClient, copy.state);
  return true;
}

/**
 * Writes the kept queries now. A kept query this page has not loaded (the app opened on
 * the orders page has no board categories) keeps its earlier copy, the same trader's.
 */
export function saveKeptCopy(queryClient: QueryClient, storage: Storage, now = Date.now()): void {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: isKeptOffline,
    shouldDehydrateMutation: () => false,
  });
  const copy: KeptCopy = { owner: owner(), savedAt: now, state };
  const earlier = readCopy(storage);
  if (earlier?.owner === copy.owner && earlier.state) {
    const loaded = new Set(state.queries.map((q) => q.queryHash));
    state.queries.push(...earlier.state.queries.filter((q) => !loaded.has(q.queryHash)));
  }
  try {
    storage.setItem(OFFLINE_CACHE_KEY, JSON.stringify(copy));
  } catch {
    // Storage full or blocked: nothing is kept this time.
  }
}

/** True when the first screen's data could not be fetched for want of a network. */
export function startedOffline(queryClient: QueryClient): boolean {
  if (!navigator.onLine) return true;
  const list = queryClient.getQueryState(KEPT[0]!);
  return list?.status === 'error' && isApiError(list.error) && list.error.kind === 'network';
}

/**
 * Restores the kept copy (only when the app started offline) and keeps saving from then on.
 * Returns a function that stops saving. Storage that cannot be used (private mode, full)
 * only means nothing is kept.
 */
export function keepForOffline(queryClient: QueryClient, storage: Storage = window.localStorage): () => void {
  if (startedOffline(queryClient)) restoreKeptCopy(queryClient, storage);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    saveKeptCopy(queryClient, storage);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    timer ??= setTimeout(save, OFFLINE_SAVE_MS);
  });
  // A phone may kill a hidden page without warning: save what is pending when it hides.
  const flush = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) save();
  };
  document.addEventListener('visibilitychange', flush);
  return () => {
    unsubscribe();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', flush);
  };
}
