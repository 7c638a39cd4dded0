import type { Area, Lang } from '@pipwise/shared';

/**
 * The area-code picker's default and search. The default follows the interface language
 * (a Thai page starts on +66); languages spoken in many countries, and English, start on
 * Hong Kong (+852), the home market of the default language.
 */
const REGION_BY_LANG: Partial<Record<Lang, string>> = {
  hk: 'HK',
  jp: 'JP',
  kr: 'KR',
  th: 'TH',
  vn: 'VN',
  fr: 'FR',
  de: 'DE',
  ru: 'RU',
  spa: 'ES',
  pt: 'PT',
  ar: 'AE',
  it: 'IT',
  tr: 'TR',
  id: 'ID',
  my: 'MY',
  hi: 'IN',
  cs: 'CZ',
};

export const FALLBACK_REGION = 'HK';

export function defaultArea(areas: readonly Area[], lang: Lang): Area | undefined {
  const region = REGION_BY_LANG[lang] ?? FALLBACK_REGION;
  return areas.find((a) => a.code === region) ?? areas.find((a) => a.code === FALLBACK_REGION) ?? areas[0];
}

/** Lower-case, accents off: "Côte" is found by "cote". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * Areas matching a search by name, ISO code or calling code ("852", "+852", "hk", "hong").
 * A calling-code search lists exact codes first (+1 before +1242).
 */
export function searchAreas(areas: readonly Area[], query: string): Area[] {
  const q = fold(query.trim());
  if (!q) return [...areas];
  const digits = q.replace(/^\+/, '');
  if (/^\d+$/.test(digits)) {
    const matches = areas.filter((a) => a.global_code.slice(1).startsWith(digits));
    return matches.sort(
      (a, b) => Number(b.global_code === `+${digits}`) - Number(a.global_code === `+${digits}`),
    );
  }
  return areas.filter((a) => fold(a.name).includes(q) || a.code.toLowerCase() === q);
}
