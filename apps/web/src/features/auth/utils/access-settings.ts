import { PhoneAtRegistration, RegistrationCaptcha } from '@pipwise/shared';
/**
 * What the operator settings mean for the access screens (docs/api.md "Accounts and access").
 */

/**
 * How an e-mail registration asks for a phone number, by `is_show_mobile`:
 * 1 area code + number, 3 number only (typed with its +country prefix), else not at all.
 */
export type ExtraPhone = 'with-area' | 'number-only' | 'hidden';

export interface AccessSettings {
  /** Log in and register by phone as well as by e-mail (is_show_mobile 1 or 3). */
  mobileTab: boolean;
  extraPhone: ExtraPhone;
  /** verify_reg_type 2: registration needs the image captcha. */
  captcha: boolean;
}

export function accessSettings(
  info: { is_show_mobile: number; verify_reg_type: number } | undefined,
): AccessSettings {
  const mode = info?.is_show_mobile;
  return {
    mobileTab: mode === PhoneAtRegistration.WithAreaCode || mode === PhoneAtRegistration.NumberOnly,
    extraPhone:
      mode === PhoneAtRegistration.WithAreaCode
        ? 'with-area'
        : mode === PhoneAtRegistration.NumberOnly
          ? 'number-only'
          : 'hidden',
    captcha: info?.verify_reg_type === RegistrationCaptcha.Required,
  };
}

/**
 * A desktop browser, by user-agent (docs/product.md §2: desktop visitors go to the pc site).
 * iPadOS presents itself as a Mac; its touch screen gives it away.
 */
export function isDesktopUserAgent(userAgent: string, maxTouchPoints = 0): boolean {
  if (
    /Android|iPhone|iPad|iPod|Mobile|Windows Phone|IEMobile|Opera Mini|BlackBerry|HarmonyOS|webOS/i.test(
      userAgent,
    )
  )
    return false;
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return false;
  return true;
}

/** An absolute http(s) address on another origin than `here`, or null (no loop, no javascript:). */
export function externalTarget(raw: string | undefined, here: string): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.origin === new URL(here).origin) return null;
    return url.toString();
  } catch {
    return null;
  }
}
