import { useSyncExternalStore } from 'react';
import { readStorage, StorageKey, writeStorage } from '@/lib/storage';

/** The /user eye toggle: whether money figures are hidden, remembered on this device. */
const listeners = new Set<() => void>();
let hidden = readStorage(StorageKey.hideBalance) === '1';

export function setBalanceHidden(value: boolean): void {
  hidden = value;
  writeStorage(StorageKey.hideBalance, value ? '1' : null);
  for (const fn of listeners) fn();
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

const snapshot = () => hidden;

export function useBalanceHidden(): boolean {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** What a hidden amount shows instead of its digits. */
export const HIDDEN_AMOUNT = '******';
