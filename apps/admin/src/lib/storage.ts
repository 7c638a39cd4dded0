/** The back office's keys in localStorage (apart from the traders' app's `pipwise.*`). */
export const StorageKey = {
  session: 'pipwise.admin.session',
  lang: 'pipwise.admin.lang',
} as const;

/** localStorage may be unavailable (private modes, blocked storage): then nothing is kept. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage refused: the session lasts as long as the page
  }
}
