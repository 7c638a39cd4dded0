import { useSyncExternalStore } from 'react';
import { readJson, StorageKey, writeStorage } from './storage';

/**
 * The pair the trader last picked (home row, trade drawer). Kept in localStorage under
 * `pipwise.pair` so /trade opens on it after a reload too. Shared here, not in a
 * feature, because markets writes it and trade reads it.
 */
export interface SelectedPair {
  id: number;
  code: string;
}

const listeners = new Set<() => void>();
let current: SelectedPair | null = readJson<SelectedPair>(StorageKey.pair);

export function getSelectedPair(): SelectedPair | null {
  return current;
}

export function selectPair(pair: SelectedPair): void {
  if (current?.id === pair.id && current.code === pair.code) return;
  current = { id: pair.id, code: pair.code };
  writeStorage(StorageKey.pair, JSON.stringify(current));
  for (const fn of listeners) fn();
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function useSelectedPair(): SelectedPair | null {
  return useSyncExternalStore(subscribe, getSelectedPair, getSelectedPair);
}
