import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { decimalField, intField, optionalIntEnum, textField } from '../fields.js';
import { operatorAccess, ROLES } from './common.js';

/**
 * The operators' settings (docs/product.md §3 "App settings" and docs/api.md). Saved values reach
 * every server instance at once (a new stop-out level is used at the next tick).
 */
export const AdminSettingsSchema = z.object({
  /** The customer-service page (chat): an http(s) URL, or empty. */
  service_link: z.string(),
  /** 2: show the link in a dialog with copy; 3: redirect out; 1: the page in the app. */
  service_link_type: z.number().int(),
  /** Shown on the chat page and answered by `/complaint_email`; empty hides it. */
  support_email: z.string(),
  /** The origin the app asks for `/complaint_email`; empty: this server. */
  complaint_host: z.string(),
  /** 2: the image captcha is required at registration; 1: not. */
  verify_reg_type: z.number().int(),
  /** 1: phone with area code at registration; 3: phone only; 0: hidden. */
  is_show_mobile: z.number().int(),
  /** 1: fee = lots × rate; 2: margin × rate. */
  trade_fee_type: z.number().int(),
  /** Margin level (%) at which traders are warned. */
  margin_call_level: z.string(),
  /** Margin level (%) at which positions are closed, largest loss first. */
  stop_out_level: z.string(),
  /** 1 sends every trader's browser to `company_loss_url`. */
  company_status: z.number().int(),
  /** 1 marks the main site (several service providers). */
  company_status_type: z.number().int(),
  company_loss_url: z.string(),
  /**
   * 1 (the default): every operator, whatever the role, must turn on two-factor before
   * using the back office (docs/api.md "Back office API"); 0 leaves it to each operator.
   */
  admin_totp_required: z.number().int(),
  /** The most price alerts a trader may keep armed at once (docs/notifications.md). */
  max_alerts: z.number().int(),
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;

/** GET /api/admin/settings/get — every setting. */
export const adminSettingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/settings/get',
  input: z.object({}),
  output: AdminSettingsSchema,
  ...operatorAccess(ROLES.adminOnly),
});

/** The most `max_alerts` may be: each armed alert is an entry of the engine's books. */
export const MAX_ALERTS_SETTING = 1_000;

/** A margin level, %: up to 1,000 with 2 decimals. */
const level = decimalField({ max: 1_000, maxDecimals: 2 });
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === undefined || v === null ? undefined : v), schema.optional());

/**
 * POST /api/admin/settings/save — changes the settings sent (the others stay as they are).
 * Refused (code 2000, `data.field`): levels unless 0 < stop_out_level < margin_call_level ≤
 * 1000; URLs that are not http(s) (`company_loss_url` is required while company_status is
 * 1); an e-mail that is not one; turning `admin_totp_required` on while the caller has no
 * two-factor of their own (they would lock themselves out); a save that changes nothing.
 */
export const adminSaveSettingsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/settings/save',
  input: z.object({
    service_link: optional(textField(300)),
    service_link_type: optionalIntEnum([1, 2, 3]),
    support_email: optional(textField(254)),
    complaint_host: optional(textField(300)),
    verify_reg_type: optionalIntEnum([1, 2]),
    is_show_mobile: optionalIntEnum([0, 1, 3]),
    trade_fee_type: optionalIntEnum([1, 2]),
    margin_call_level: optional(level),
    stop_out_level: optional(level),
    company_status: optionalIntEnum([0, 1]),
    company_status_type: optionalIntEnum([0, 1]),
    company_loss_url: optional(textField(300)),
    admin_totp_required: optionalIntEnum([0, 1]),
    max_alerts: optional(intField(1, MAX_ALERTS_SETTING)),
  }),
  output: AdminSettingsSchema,
  ...operatorAccess(ROLES.adminOnly),
});
