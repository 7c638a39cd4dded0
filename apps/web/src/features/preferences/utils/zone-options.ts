import { zoneOffsetText } from '@/lib/time-zone';

/**
 * The zone picker's rows (docs/product.md §9 "Time zone"): every IANA zone the browser
 * knows, named by its place ("Hong Kong", under "Asia") with its offset from UTC now, and
 * the search over them. Zone ids are the zone database's own and stay untranslated: they are
 * what a trader finds in any other app or on a server's statement.
 */
export interface ZoneOption {
  /** The IANA id, as stored and as the server takes it. */
  zone: string;
  /** The place: the id's last part with spaces ("Buenos Aires"), or "UTC". */
  place: string;
  /** What the place is under ("America/Argentina"); empty for UTC. */
  region: string;
  /** "UTC+08:00" now (lib/time-zone.ts `zoneOffsetText`). */
  offset: string;
  /** What a search looks in: id, place and offset spellings, lower case. */
  haystack: string;
}

const spaced = (text: string) => text.replaceAll('_', ' ');

/** One zone as the picker shows it, with its offset at `at`. */
export function zoneOption(zone: string, at: number): ZoneOption {
  const parts = zone.split('/');
  const place = spaced(parts[parts.length - 1] ?? zone);
  const region = spaced(parts.slice(0, -1).join('/'));
  const offset = zoneOffsetText(zone, at);
  // "UTC+08:00" is also found as "+8", "GMT+8" or "utc+0800"; "UTC−03:30" as "-3:30".
  const sign = offset.includes('\u2212') ? '-' : '+';
  const [hours = '00', minutes = '00'] = offset.slice(4).split(':');
  const short = `${sign}${Number(hours)}${minutes === '00' ? '' : `:${minutes}`}`;
  const offsets =
    offset === 'UTC'
      ? 'utc gmt +0 -0'
      : `utc${sign}${hours}:${minutes} gmt${sign}${hours}:${minutes} utc${short} gmt${short} ${short} utc${sign}${hours}${minutes}`;
  return {
    zone,
    place,
    region,
    offset,
    haystack: `${zone} ${spaced(zone)} ${offsets}`.toLowerCase(),
  };
}

/** Every zone's row at `at`, in the zone database's order (by region, then place). */
export function zoneOptions(zones: readonly string[], at: number): ZoneOption[] {
  return zones.map((zone) => zoneOption(zone, at));
}

const HOUR_MS = 3_600_000;
let kept: { hour: number; options: ZoneOption[] } | null = null;

/**
 * `zoneOptions` of every zone `listZones` gives, kept for the clock hour: reading some 420
 * zones' offsets costs a few hundred milliseconds on a phone, so the picker pays it once,
 * not at every opening (a clock change within the hour shows from the next one).
 */
export function allZoneOptions(listZones: () => string[], at: number): ZoneOption[] {
  const hour = Math.floor(at / HOUR_MS);
  if (kept?.hour !== hour) kept = { hour, options: zoneOptions(listZones(), at) };
  return kept.options;
}

/**
 * The rows a search keeps: every word of the query (case, spaces and underscores aside) is
 * somewhere in the id, the place or the offset — "new york", "york", "asia hong", "+8",
 * "gmt-3".
 */
export function searchZones(options: readonly ZoneOption[], query: string): readonly ZoneOption[] {
  const words = query
    .toLowerCase()
    .replaceAll('_', ' ')
    .replaceAll('\u2212', '-')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((o) => words.every((word) => o.haystack.includes(word)));
}
