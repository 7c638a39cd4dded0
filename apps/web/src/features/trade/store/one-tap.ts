import { useSyncExternalStore } from 'react';
import { oneTapStorageKey, readStorage, writeStorage } from '@/lib/storage';
import { useSession } from '@/lib/use-session';

/**
 * One-tap trading (docs/money.md "One-tap trading"): whether Buy and Sell on the ticket send
 * a market order at the first tap. Off until the trader accepts the risk note; remembered
 * per trader on this device (the key holds the user's id, so another account signed in on
 * the same phone starts with it off), for demo and real accounts alike.
 */
const listeners = new Set<() => void>();

/** Whether one-tap trading is on for this trader on this device. */
export function isOneTapOn(userId: number | null | undefined): boolean {
  return typeof userId === 'number' && readStorage(oneTapStorageKey(userId)) === '1';
}

/**
 * Turns it on (only once the risk note was accepted: the sheet's own button) or off, for
 * this trader on this device.
 */
export function setOneTap(userId: number, on: boolean): void {
  writeStorage(oneTapStorageKey(userId), on ? '1' : null);
  for (const fn of listeners) fn();
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Turned on or off in another tab: this one follows.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith('pipwise.one_tap.')) for (const fn of listeners) fn();
  });
}

/** The signed-in trader's id and whether one-tap is on for them (off for a guest). */
export function useOneTap(): { userId: number | null; on: boolean } {
  const id = useSession()?.user?.id;
  const userId = typeof id === 'number' ? id : null;
  const read = () => isOneTapOn(userId);
  const on = useSyncExternalStore(subscribe, read, read);
  return { userId, on };
}
