import { isZoneId } from '@pipwise/shared';

/**
 * The time zone every instant on the trader's screens is shown in, and the one statements
 * are written in (apps/web/README.md "Numbers, money and times"). Traders cannot pick a
 * zone yet, so it is the device's: the clock they live by. A device that names no zone the
 * server knows (old WebViews) gets UTC, which the server accepts too.
 *
 * Read once: building a formatter to ask for the zone costs more than a list of rows should
 * pay on every render. A device that changes zone is followed from the next start.
 */
let zone: string | null = null;

export function traderTimeZone(): string {
  zone ??= deviceTimeZone();
  return zone;
}

function deviceTimeZone(): string {
  try {
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isZoneId(device) ? device : 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Tests only: forget the zone read, so the next call reads the device again. */
export function forgetTraderTimeZone(): void {
  zone = null;
}
