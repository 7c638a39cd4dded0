import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { optionalText, requiredText } from './fields.js';

/** GET /api/basicSet/getBasicInfo — the operator settings the app needs at start. */
export const basicInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/basicSet/getBasicInfo',
  input: z.object({}),
  output: z.object({
    service_link: z.string(),
    /** 2: in a dialog with copy, 3: external redirect, otherwise in-app chat. */
    service_link_type: z.number().int(),
    /** 2: image captcha at registration. */
    verify_reg_type: z.number().int(),
    /** 1: fee = lots × rate, otherwise margin × rate. */
    trade_fee_type: z.number().int(),
    /** 1: phone with area code at registration, 3: phone only, otherwise hidden. */
    is_show_mobile: z.number().int(),
    /** The starting balance of a demo account, USD. */
    demo_balance: z.number(),
    /** Where desktop visitors are sent, when configured. */
    pc_site_url: z.string(),
    /**
     * Margin level (%) at which positions are closed, and at which the account is warned
     * (docs/money.md): the order ticket colours the margin level after a trade by them.
     */
    stop_out_level: z.number(),
    margin_call_level: z.number(),
  }),
  auth: false,
});

export const AreaSchema = z.object({
  /** ISO 3166-1 numeric code: stable across releases. */
  id: z.number().int(),
  /** The calling code with its plus: "+852". */
  global_code: z.string(),
  /** ISO 3166-1 alpha-2: "HK". */
  code: z.string(),
  /** The country or region in the caller's language. */
  name: z.string(),
});
export type Area = z.infer<typeof AreaSchema>;

/** GET /api/default/area_list — every country calling code. */
export const areaListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/default/area_list',
  input: z.object({}),
  output: z.array(AreaSchema),
  auth: false,
});

/** The settings a client may read one by one. */
export const PUBLIC_SETTING_KEYS = [
  'is_show_mobile',
  'verify_reg_type',
  'service_link',
  'service_link_type',
  'trade_fee_type',
  // The host the app asks for the support e-mail (api/content.ts complaintEmailEndpoint).
  'complaint_host',
] as const;

/** GET /api/default/setting?key=… — one public setting's value. */
export const settingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/default/setting',
  input: z.object({ key: requiredText(64) }),
  output: z.union([z.string(), z.number()]),
  auth: false,
});

/** GET /api/company/getCompanyStatus — a non-zero status sends the browser to `loss_url`. */
export const companyStatusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/company/getCompanyStatus',
  input: z.object({}),
  output: z.object({ status: z.number().int(), type: z.number().int(), loss_url: z.string() }),
  auth: false,
});

export const CompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  url: z.string(),
  subject: z.string(),
  registered_address: z.string(),
  location: z.string(),
  email: z.string(),
  is_main: z.union([z.literal(0), z.literal(1)]),
});
export type Company = z.infer<typeof CompanySchema>;

/** GET /api/company/getCompany?name=… — service providers whose name contains `name`. */
export const companyListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/company/getCompany',
  input: z.object({ name: optionalText(100) }),
  output: z.array(CompanySchema),
  auth: false,
});
