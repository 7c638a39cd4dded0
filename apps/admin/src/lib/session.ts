import type { OperatorProfile } from '@pipwise/shared';
import { useSyncExternalStore } from 'react';
import { readStorage, StorageKey, writeStorage } from './storage';

/**
 * The operator's session: the token the server gave at login (sent as `authorization`)
 * and the operator's profile (role, two-factor state), kept in localStorage so a reload
 * or a second tab stays logged in until the server ends the session (code 999).
 */
export interface OperatorSession {
  token: string;
  operator: OperatorProfile;
}

const listeners = new Set<() => void>();
let current: OperatorSession | null = load();

function load(): OperatorSession | null {
  const raw = readStorage(StorageKey.session);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<OperatorSession>;
    return typeof parsed.token === 'string' && parsed.operator ? (parsed as OperatorSession) : null;
  } catch {
    return null;
  }
}

function publish(next: OperatorSession | null): void {
  current = next;
  writeStorage(StorageKey.session, next ? JSON.stringify(next) : null);
  for (const fn of listeners) fn();
}

export function getSession(): OperatorSession | null {
  return current;
}

export function getToken(): string | null {
  return current?.token ?? null;
}

export function setSession(session: OperatorSession): void {
  publish(session);
}

/** A fresher profile of the same operator (after `auth/me`, enabling two-factor …). */
export function updateOperator(operator: OperatorProfile): void {
  if (current) publish({ ...current, operator });
}

export function clearSession(): void {
  if (current) publish(null);
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Another tab logged in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === StorageKey.session) {
      current = load();
      for (const fn of listeners) fn();
    }
  });
}

export function useSession(): OperatorSession | null {
  return useSyncExternalStore(subscribe, getSession);
}
