import { DEFAULT_TIME_ZONE, isZoneId } from '@pipwise/shared';

/**
 * The zone every time in the back office is shown in (apps/admin/README.md "Times"): the
 * operator's browser zone. The back office has no zone setting, and operators of one
 * business may sit in different places: each reads times on the clock they live by, always
 * with the zone's name beside it, so two operators comparing a row can tell the same instant.
 * The desk's "today" and the reports' default zone are the same one.
 *
 * A browser that names no zone the server accepts gets UTC, as the server defaults to.
 * Read once: a browser that changes zone is followed from the next page load.
 */
let zone: string | null = null;

export function operatorTimeZone(): string {
  zone ??= browserZone();
  return zone;
}

function browserZone(): string {
  try {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isZoneId(browser) ? browser : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** Tests only: forget the zone read, so the next call reads the browser again. */
export function forgetOperatorTimeZone(): void {
  zone = null;
}
