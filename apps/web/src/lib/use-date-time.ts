import { LANG_INFO, normalizeLang } from '@pipwise/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, zoneName } from './date-time';
import { useTraderTimeZone } from './time-zone';

/**
 * (epoch ms) → "Nov 26, 2026, 12:43:45 EST": the app's one date format (lib/date-time.ts), in
 * the current language and the trader's zone. Re-made when the language or the zone changes
 * (lib/time-zone.ts: a zone chosen in Settings re-renders every screen at once).
 */
export function useDateTime(): (ms: number | null | undefined) => string {
  const { i18n } = useTranslation();
  const locale = LANG_INFO[normalizeLang(i18n.language)].bcp47;
  const zone = useTraderTimeZone();
  return useCallback((ms: number | null | undefined) => formatDateTime(ms, locale, zone), [locale, zone]);
}

/**
 * The trader's zone as a label ("EST", "GMT+8") with its full name ("Eastern Standard
 * Time") for a tooltip, as they read now, in the current language.
 */
export function useZoneName(): { short: string; long: string } {
  const { i18n } = useTranslation();
  const locale = LANG_INFO[normalizeLang(i18n.language)].bcp47;
  const zone = useTraderTimeZone();
  // The name is read at one instant (EST or EDT): the bar mounts again long before it changes.
  const [now] = useState(Date.now);
  return { short: zoneName(now, locale, zone), long: zoneName(now, locale, zone, 'long') };
}
