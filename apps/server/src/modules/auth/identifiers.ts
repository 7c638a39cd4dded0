import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import countries from 'i18n-iso-countries';
import { LANG_INFO, type Area, type Lang } from '@pipwise/shared';
import { z } from 'zod';
import { AppError } from '../../core/app-error.js';

/**
 * E-mail and phone identities. Phone numbers are kept in E.164 ("+85291234567") so one
 * number has one spelling whatever the user typed; area codes come from libphonenumber.
 */

const emailSchema = z.email().max(254);

export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) throw AppError.rule('errors.email_invalid');
  return email;
}

/** A stable numeric id per region: ISO 3166-1 numeric, or 1000+ for regions without one. */
function areaId(region: string): number {
  const numeric = countries.alpha2ToNumeric(region);
  if (numeric) return Number(numeric);
  return 1000 + (region.charCodeAt(0) - 65) * 26 + (region.charCodeAt(1) - 65);
}

const REGIONS = getCountries().map((region) => ({
  id: areaId(region),
  region,
  globalCode: `+${getCountryCallingCode(region)}`,
}));
const REGION_BY_ID = new Map(REGIONS.map((r) => [r.id, r]));

const displayNames = new Map<Lang, Intl.DisplayNames>();
function regionName(lang: Lang, region: string): string {
  let names = displayNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([LANG_INFO[lang].bcp47, 'en'], { type: 'region' });
    displayNames.set(lang, names);
  }
  return names.of(region) ?? region;
}

/** Every calling code, named in the caller's language and sorted by that name. */
export function areaList(lang: Lang): Area[] {
  const collator = new Intl.Collator(LANG_INFO[lang].bcp47);
  return REGIONS.map((r) => ({
    id: r.id,
    global_code: r.globalCode,
    code: r.region,
    name: regionName(lang, r.region),
  })).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * A phone number in E.164. With an area id the number is read as national to that region;
 * without one it must carry its own "+country" prefix.
 */
export function normalizeMobile(
  raw: string,
  areaIdValue: number | undefined,
): { e164: string; areaCode: string; national: string } {
  const area = areaIdValue === undefined ? undefined : REGION_BY_ID.get(areaIdValue);
  if (areaIdValue !== undefined && !area) throw AppError.rule('errors.area_invalid');
  const phone = parsePhoneNumberFromString(raw.trim(), area?.region);
  if (!phone?.isValid()) throw AppError.rule('errors.mobile_invalid');
  return { e164: phone.number, areaCode: `+${phone.countryCallingCode}`, national: phone.nationalNumber };
}

/** Who an account field names: an e-mail, or a phone number in E.164. */
export type Identity =
  | { kind: 'email'; email: string; target: string }
  | { kind: 'mobile'; areaCode: string; national: string; target: string };

/** Reads `account` as an e-mail (type 1) or a phone number with its area (type 2). */
export function resolveIdentity(type: 1 | 2, account: string, areaIdValue: number | undefined): Identity {
  if (type === 1) {
    const email = normalizeEmail(account);
    return { kind: 'email', email, target: email };
  }
  const phone = normalizeMobile(account, areaIdValue);
  return { kind: 'mobile', areaCode: phone.areaCode, national: phone.national, target: phone.e164 };
}
