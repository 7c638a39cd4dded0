import {
  PUBLIC_SETTING_KEYS,
  type basicInfoEndpoint,
  type Company,
  type companyStatusEndpoint,
  type EndpointOutput,
} from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
import { searchCompanies } from './company.repository.js';
import { isSettingKey, SETTING_DEFAULTS, type NumberSettingKey } from '../../core/settings/defaults.js';
import type { SettingsService } from '../../core/settings/settings.service.js';

const PUBLIC_KEYS: ReadonlySet<string> = new Set(PUBLIC_SETTING_KEYS);

/** What the public content calls answer: operator settings and the operating companies. */
export class ContentService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly options: { demoBalance: number; pcSiteUrl: string },
  ) {}

  async basicInfo(): Promise<EndpointOutput<typeof basicInfoEndpoint>> {
    const { settings } = this;
    return {
      service_link: await settings.text('service_link'),
      service_link_type: await settings.number('service_link_type'),
      verify_reg_type: await settings.number('verify_reg_type'),
      trade_fee_type: await settings.number('trade_fee_type'),
      is_show_mobile: await settings.number('is_show_mobile'),
      demo_balance: this.options.demoBalance,
      pc_site_url: this.options.pcSiteUrl,
      // The same numbers and defaults the risk monitor and the order preview use.
      stop_out_level: await settings.number('stop_out_level'),
      margin_call_level: await settings.number('margin_call_level'),
    };
  }

  /** One public setting; any other key is refused (operators' settings stay private). */
  async publicSetting(key: string): Promise<string | number> {
    if (!PUBLIC_KEYS.has(key) || !isSettingKey(key)) throw AppError.rule('errors.setting_unknown');
    // Numbers as numbers, text as text: the type of the setting's default says which.
    return typeof SETTING_DEFAULTS[key] === 'number'
      ? this.settings.number(key as NumberSettingKey)
      : this.settings.get(key);
  }

  async companyStatus(): Promise<EndpointOutput<typeof companyStatusEndpoint>> {
    return {
      status: await this.settings.number('company_status'),
      type: await this.settings.number('company_status_type'),
      loss_url: await this.settings.text('company_loss_url'),
    };
  }

  async companies(name: string | undefined): Promise<Company[]> {
    const rows = await searchCompanies(this.db, name);
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      is_main: r.is_main === 1 ? (1 as const) : (0 as const),
    }));
  }
}
