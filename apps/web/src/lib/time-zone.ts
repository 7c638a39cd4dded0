import { isZoneId, MARKET_TIMEZONE, wallClockAt } from '@pipwise/shared';
import { useSyncExternalStore } from 'react';
import { readStorage, StorageKey, writeStorage } from './storage';

/**
 * The time zone every instant on the trader's screens is shown in, and the one statements
 * are written in (apps/web/README.md "Numbers, money and times"): the zone the trader chose
 * in Settings (remembered on this device), else the device's — the clock they live by. A
 * device that names no zone the server knows (old WebViews) gets UTC, which the server
 * accepts too. `traderTimeZone()` is the one getter; components read it through
 * `useTraderTimeZone()`, so a new choice re-renders every screen at once.
 *
 * Read once and kept: building a formatter to ask for the zone costs more than a list of
 * rows should pay on every render. A device that changes zone is followed from the next start.
 */

/** The market's clock, offered by name in the zone picker ("New York (market time)"). */
export const MARKET_ZONE = MARKET_TIMEZONE;

let device: string | null = null;
/** The stored choice once read: a zone, or null for the device's. */
let chosen: string | null | undefined;
const listeners = new Set<() => void>();

/** The device's own zone (UTC when it names none the server knows). */
export function deviceTimeZone(): string {
  if (device === null) {
    try {
      const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
      device = isZoneId(own) ? own : 'UTC';
    } catch {
      device = 'UTC';
    }
  }
  return device;
}

/** What is stored, if it is a zone this runtime knows; anything else is ignored. */
function readChoice(): string | null {
  const stored = readStorage(StorageKey.timeZone);
  return isZoneId(stored) ? stored : null;
}

/** The zone the trader chose, or null when they follow the device. */
export function timeZoneChoice(): string | null {
  if (chosen === undefined) chosen = readChoice();
  return chosen;
}

/** The trader's zone: their choice, else the device's. */
export function traderTimeZone(): string {
  return timeZoneChoice() ?? deviceTimeZone();
}

function emit(): void {
  for (const fn of listeners) fn();
}

/**
 * Chooses the zone every time is shown in, on this device (null: the device's). An id the
 * runtime does not know is refused (false) and changes nothing.
 */
export function chooseTimeZone(zone: string | null): boolean {
  if (zone !== null && !isZoneId(zone)) return false;
  chosen = zone;
  writeStorage(StorageKey.timeZone, zone);
  emit();
  return true;
}

export function subscribeTimeZone(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The trader's zone, re-rendering the component when the trader chooses another. */
export function useTraderTimeZone(): string {
  return useSyncExternalStore(subscribeTimeZone, traderTimeZone, traderTimeZone);
}

/** The trader's choice (null: the device's), for the picker. */
export function useTimeZoneChoice(): string | null {
  return useSyncExternalStore(subscribeTimeZone, timeZoneChoice, timeZoneChoice);
}

// A choice made in another tab applies in this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== StorageKey.timeZone && event.key !== null) return;
    chosen = readChoice();
    emit();
  });
}

/** Every zone this runtime knows (IANA ids), UTC first; empty where Intl cannot list them. */
export function knownTimeZones(): string[] {
  let listed: string[] = [];
  try {
    listed = Intl.supportedValuesOf('timeZone');
  } catch {
    // Older engines: the picker still offers the device's, UTC and New York.
  }
  return ['UTC', ...listed.filter((zone) => zone !== 'UTC' && isZoneId(zone))];
}

/**
 * The zone's offset from UTC at `at` (epoch ms), the same in every language: "UTC+08:00",
 * "UTC−03:30", "UTC" — read from the zone database, never from a table of our own.
 */
export function zoneOffsetText(zone: string, at: number): string {
  const wall = wallClockAt(at, zone);
  const minutes = Math.round(
    (Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) -
      Math.floor(at / 1000) * 1000) /
      60_000,
  );
  if (minutes === 0) return 'UTC';
  const size = Math.abs(minutes);
  const hh = String(Math.floor(size / 60)).padStart(2, '0');
  const mm = String(size % 60).padStart(2, '0');
  return `UTC${minutes < 0 ? '\u2212' : '+'}${hh}:${mm}`;
}

/** Tests only: forget the zones read, so the next call reads the device and the storage again. */
export function forgetTraderTimeZone(): void {
  device = null;
  chosen = undefined;
  emit();
}
