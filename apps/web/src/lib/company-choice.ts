import { COMPANY_COOKIE_YEARS } from '@pipwise/shared';

/**
 * The service provider the trader chose (the /product company popup, shown when the
 * main-site flag is on), kept in a cookie for COMPANY_COOKIE_YEARS years (docs/product.md §9).
 * A cookie rather than localStorage so the operator's other sites on the same domain
 * (the pc site) can read the same choice.
 *
 * Browsers cap a cookie's lifetime (Chromium at 400 days), so `refreshCompanyChoice`
 * re-writes a stored choice at start-up: a trader who comes back keeps it for good.
 */

export const COMPANY_COOKIE = 'pipwise_company';

/** What the helpers need of `document`: its cookie string, and whether the page is https. */
export interface CookieJar {
  cookie: string;
  readonly location?: { protocol: string };
}

const browserJar = (): CookieJar | null => (typeof document === 'undefined' ? null : document);

/** The expiry date COMPANY_COOKIE_YEARS calendar years after `now`. */
export function companyCookieExpiry(now: Date): Date {
  const expires = new Date(now.getTime());
  expires.setUTCFullYear(expires.getUTCFullYear() + COMPANY_COOKIE_YEARS);
  return expires;
}

/** The Set-Cookie string for a choice (exported for the tests). */
export function companyCookieString(companyId: number, now: Date, secure: boolean): string {
  const expires = companyCookieExpiry(now);
  const maxAge = Math.round((expires.getTime() - now.getTime()) / 1000);
  return [
    `${COMPANY_COOKIE}=${encodeURIComponent(String(companyId))}`,
    'Path=/',
    `Expires=${expires.toUTCString()}`,
    `Max-Age=${maxAge}`,
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The chosen company's id, or null when none was chosen (or the cookie is unreadable). */
export function readCompanyChoice(jar: CookieJar | null = browserJar()): number | null {
  if (!jar) return null;
  for (const part of jar.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== COMPANY_COOKIE) continue;
    let raw: string;
    try {
      raw = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    const id = Number(raw);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }
  return null;
}

/** Remembers the chosen company for COMPANY_COOKIE_YEARS years. */
export function writeCompanyChoice(
  companyId: number,
  jar: CookieJar | null = browserJar(),
  now: Date = new Date(),
): void {
  if (!jar || !Number.isSafeInteger(companyId) || companyId <= 0) return;
  jar.cookie = companyCookieString(companyId, now, jar.location?.protocol === 'https:');
}

/** Forgets the choice. */
export function clearCompanyChoice(jar: CookieJar | null = browserJar()): void {
  if (!jar) return;
  jar.cookie = `${COMPANY_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; SameSite=Lax`;
}

/** Re-writes a stored choice so its lifetime counts from this visit (see the header). */
export function refreshCompanyChoice(jar: CookieJar | null = browserJar(), now: Date = new Date()): void {
  const id = readCompanyChoice(jar);
  if (id !== null) writeCompanyChoice(id, jar, now);
}
