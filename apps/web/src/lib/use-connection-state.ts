import { useSyncExternalStore } from 'react';
import { getLiveSocket } from './live';
import type { ConnectionState } from './socket';

const subscribe = (fn: () => void) => getLiveSocket().onStateChange(fn);
const snapshot = (): ConnectionState => getLiveSocket().getState();

/** The live socket's state. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * What the trader is told about the live prices. Words about the line, never about the
 * account: "live" would read as a live-money account next to a demo one.
 */
export type LinkStatus = 'connected' | 'connecting' | 'reconnecting' | 'syncing' | 'offline';

/** The status shown for a socket state; null before the socket is started. */
export function linkStatus(state: ConnectionState, online: boolean): LinkStatus | null {
  switch (state) {
    case 'idle':
      return null;
    case 'connecting':
      return online ? 'connecting' : 'offline';
    case 'open':
      return 'connected';
    case 'resyncing':
      return 'syncing';
    case 'reconnecting':
      return online ? 'reconnecting' : 'offline';
    case 'closed':
      return 'offline';
  }
}

const subscribeOnline = (fn: () => void) => {
  window.addEventListener('online', fn);
  window.addEventListener('offline', fn);
  return () => {
    window.removeEventListener('online', fn);
    window.removeEventListener('offline', fn);
  };
};
const onlineSnapshot = () => navigator.onLine;

/** The live status for the connection badge and notice. */
export function useLinkStatus(): LinkStatus | null {
  const state = useConnectionState();
  const online = useSyncExternalStore(subscribeOnline, onlineSnapshot, () => true);
  return linkStatus(state, online);
}
