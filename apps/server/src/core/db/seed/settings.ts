import { SETTING_DEFAULTS } from '../../settings/defaults.js';

/** Every setting a new installation stores, as text (the table in core/settings/defaults.ts). */
export const DEFAULT_SETTINGS: Record<string, string> = Object.fromEntries(
  Object.entries(SETTING_DEFAULTS).map(([key, value]) => [key, String(value)]),
);

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
