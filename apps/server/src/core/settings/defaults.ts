/**
 * Every operator setting with its default, in one typed table (docs/product.md §3 "App
 * settings"). A new installation stores them (db/seed); a setting never saved reads its
 * default here; and the type of each default is the type its getter returns, so no call
 * site repeats a default or reads a number as text.
 */
export const SETTING_DEFAULTS = {
  /** 1: fee = lots × rate; otherwise margin × rate. */
  trade_fee_type: 1,
  /** 2: image captcha required at registration. */
  verify_reg_type: 1,
  /** 1: phone with area code shown at registration, 3: phone only, else hidden. */
  is_show_mobile: 1,
  service_link: '',
  /** 2: dialog with copy, 3: external redirect, otherwise in-app chat. */
  service_link_type: 1,
  /** Answered by `/complaint_email` and shown on the chat page; empty hides it. */
  support_email: 'support@pipwise.example',
  /** The origin the app asks for `/complaint_email` (docs/product.md §7); empty: this server. */
  complaint_host: '',
  /** Non-zero sends every visitor's browser to company_loss_url (docs/product.md §7). */
  company_status: 0,
  company_status_type: 0,
  company_loss_url: '',
  /** Margin level (%) at which the trader is warned. */
  margin_call_level: 100,
  /** Margin level (%) at which positions are closed, largest loss first. */
  stop_out_level: 50,
  /**
   * 1: every operator must turn on two-factor before using the back office (docs/api.md
   * "Back office API"). A new installation stores it; an existing one that never saved this
   * setting reads it from here too (SettingsService), so it is on there as well, while
   * an installation where an admin turned it off keeps its stored 0.
   */
  admin_totp_required: 1,
  /** The most price alerts a trader may keep armed at once (docs/notifications.md). */
  max_alerts: 50,
} as const satisfies Record<string, number | string>;

export type SettingKey = keyof typeof SETTING_DEFAULTS;

/** Settings whose value is a number (levels, switches, modes). */
export type NumberSettingKey = {
  [K in SettingKey]: (typeof SETTING_DEFAULTS)[K] extends number ? K : never;
}[SettingKey];

/** Settings whose value is text (links, addresses). */
export type TextSettingKey = Exclude<SettingKey, NumberSettingKey>;

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFAULTS, key);
}
