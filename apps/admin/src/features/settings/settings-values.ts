import type { AdminSettings, adminSaveSettingsEndpoint, EndpointInput } from '@pipwise/shared';
import { isOn, toFlag } from '@/lib/codes';

export type SaveInput = EndpointInput<typeof adminSaveSettingsEndpoint>;

/** The form holds the settings as the server sends them, switches as booleans. */
export type SettingsValues = Omit<
  AdminSettings,
  'company_status' | 'company_status_type' | 'admin_totp_required'
> & {
  company_status: boolean;
  company_status_type: boolean;
  admin_totp_required: boolean;
};

export function toForm(s: AdminSettings): SettingsValues {
  return {
    ...s,
    company_status: isOn(s.company_status),
    company_status_type: isOn(s.company_status_type),
    admin_totp_required: isOn(s.admin_totp_required),
  };
}

/** What the form holds as the server takes it: texts trimmed, switches as 0/1. */
export function fromForm(v: SettingsValues): AdminSettings {
  return {
    ...v,
    service_link: v.service_link.trim(),
    support_email: v.support_email.trim(),
    complaint_host: v.complaint_host.trim(),
    company_loss_url: v.company_loss_url.trim(),
    margin_call_level: v.margin_call_level.trim(),
    stop_out_level: v.stop_out_level.trim(),
    company_status: toFlag(v.company_status),
    company_status_type: toFlag(v.company_status_type),
    admin_totp_required: toFlag(v.admin_totp_required),
  };
}

/** Only what changed is sent (a save that changes nothing is refused by the server). */
export function changes(before: AdminSettings, after: AdminSettings): SaveInput {
  const diff: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof AdminSettings)[]) {
    if (after[key] !== before[key]) diff[key] = after[key];
  }
  return diff;
}
