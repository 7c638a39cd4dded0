import { useSyncExternalStore } from 'react';
import { getLiveSocket } from './live';
import type { ConnectionState } from './socket';

const subscribe = (fn: () => void) => getLiveSocket().onStateChange(fn);
const snapshot = (): ConnectionState => getLiveSocket().getState();

/** The live socket's state, for the small "Live / Reconnecting…" badge. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
