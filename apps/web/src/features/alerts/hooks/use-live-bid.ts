import { useCallback, useSyncExternalStore } from 'react';
import type { BidSource } from '../components/types';

/** The pair's live market bid, re-rendering the caller when it moves. */
export function useLiveBid(source: BidSource, code: string): number | undefined {
  const subscribe = useCallback((fn: () => void) => source.subscribe(code, fn), [source, code]);
  const get = useCallback(() => source.bid(code), [source, code]);
  return useSyncExternalStore(subscribe, get, get);
}
