/**
 * Operator settings a new installation starts with (docs/product.md §3 "App settings").
 * Stored as text in `settings`; the settings service parses them.
 */
export const DEFAULT_SETTINGS: Record<string, string> = {
  /** 1: fee = lots × rate; otherwise margin × rate. */
  trade_fee_type: '1',
  /** 2: image captcha required at registration. */
  verify_reg_type: '1',
  /** 1: phone with area code shown at registration, 3: phone only, else hidden. */
  is_show_mobile: '1',
  service_link: '',
  /** 2: dialog with copy, 3: external redirect, otherwise in-app chat. */
  service_link_type: '1',
  /** Answered by `/complaint_email` and shown on the chat page; empty hides it. */
  support_email: 'support@pipwise.example',
  /** The origin the app asks for `/complaint_email` (docs/product.md §7); empty: this server. */
  complaint_host: '',
  /** Non-zero sends every visitor's browser to company_loss_url (docs/product.md §7). */
  company_status: '0',
  company_status_type: '0',
  company_loss_url: '',
  /** Margin level (%) at which the trader is warned. */
  margin_call_level: '100',
  /** Margin level (%) at which positions are closed, largest loss first. */
  stop_out_level: '50',
  /**
   * 1: every operator must turn on two-factor before using the back office (docs/api.md
   * "Back office API"). A new installation stores it; an existing one that never saved this
   * setting reads it from here too (SettingsService.get), so it is on there as well, while
   * an installation where an admin turned it off keeps its stored 0.
   */
  admin_totp_required: '1',
};

/** The operating company shown by the company calls; operators edit it in the back office. */
export const MAIN_COMPANY = {
  name: 'Pipwise Markets Ltd',
  logo: '/icons/icon-192.png',
  url: 'https://pipwise.example',
  subject: 'Online trading of forex and CFDs',
  registered_address: '1 Harbour Road, Wan Chai, Hong Kong',
  location: 'Hong Kong',
  email: 'support@pipwise.example',
  is_main: 1,
};
