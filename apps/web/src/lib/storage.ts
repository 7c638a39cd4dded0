/**
 * localStorage behind a guard: Safari private mode and some webviews throw on access,
 * and the app must still run (it just forgets between visits).
 */
export const StorageKey = {
  lang: 'pipwise.lang',
  token: 'pipwise.token',
  user: 'pipwise.user',
  pair: 'pipwise.pair',
  /** The /user balance eye toggle: "1" while the balance is hidden. */
  hideBalance: 'pipwise.hide_balance',
  /** The device's demo account (createAccountDemoForU gives the same one back). */
  demoId: 'pipwise.demo_id',
  /** The zone the trader chose for every time shown (lib/time-zone.ts); absent: the device's. */
  timeZone: 'pipwise.time_zone',
} as const;

/** One-tap trading, "1" while on: per trader on this device (features/trade/store/one-tap.ts). */
export const oneTapStorageKey = (userId: number) => `pipwise.one_tap.${userId}` as const;

export type StorageKeyValue =
  (typeof StorageKey)[keyof typeof StorageKey] | ReturnType<typeof oneTapStorageKey>;

export function readStorage(key: StorageKeyValue): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKeyValue, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or blocked: keep working for this visit.
  }
}

export function readJson<T>(key: StorageKeyValue): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
