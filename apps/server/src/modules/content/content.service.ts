import {
  PUBLIC_SETTING_KEYS,
  type basicInfoEndpoint,
  type Company,
  type companyStatusEndpoint,
  type EndpointOutput,
} from '@pipwise/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { searchCompanies } from './company.repository.js';
import type { SettingsService } from './settings.service.js';

const PUBLIC_KEYS: ReadonlySet<string> = new Set(PUBLIC_SETTING_KEYS);
const NUMERIC_KEYS: ReadonlySet<string> = new Set([
  'is_show_mobile',
  'verify_reg_type',
  'service_link_type',
  'trade_fee_type',
]);

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
      service_link: (await settings.get('service_link')) ?? '',
      service_link_type: await settings.number('service_link_type', 1),
      verify_reg_type: await settings.number('verify_reg_type', 1),
      trade_fee_type: await settings.number('trade_fee_type', 1),
      is_show_mobile: await settings.number('is_show_mobile', 1),
      demo_balance: this.options.demoBalance,
      pc_site_url: this.options.pcSiteUrl,
      // The same numbers and defaults the risk monitor and the order preview use.
      stop_out_level: await settings.number('stop_out_level', 50),
      margin_call_level: await settings.number('margin_call_level', 100),
    };
  }

  /** One public setting; any other key is refused (operators' settings stay private). */
  async publicSetting(key: string): Promise<string | number> {
    if (!PUBLIC_KEYS.has(key)) throw AppError.rule('errors.setting_unknown');
    return NUMERIC_KEYS.has(key) ? this.settings.number(key) : ((await this.settings.get(key)) ?? '');
  }

  async companyStatus(): Promise<EndpointOutput<typeof companyStatusEndpoint>> {
    return {
      status: await this.settings.number('company_status', 0),
      type: await this.settings.number('company_status_type', 0),
      loss_url: (await this.settings.get('company_loss_url')) ?? '',
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
