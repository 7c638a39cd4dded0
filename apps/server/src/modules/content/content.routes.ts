import {
  areaListEndpoint,
  basicInfoEndpoint,
  companyListEndpoint,
  companyStatusEndpoint,
  PUBLIC_SETTING_KEYS,
  settingEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { registerEndpoint } from '../../http/route.js';
import { areaList } from '../auth/identifiers.js';
import type { SettingsService } from './settings.service.js';

const PUBLIC_KEYS: ReadonlySet<string> = new Set(PUBLIC_SETTING_KEYS);
const NUMERIC_KEYS: ReadonlySet<string> = new Set([
  'is_show_mobile',
  'verify_reg_type',
  'service_link_type',
  'trade_fee_type',
]);

export function registerContentRoutes(
  app: FastifyInstance,
  deps: { db: Db; settings: SettingsService; demoBalance: number; pcSiteUrl: string },
): void {
  const { settings } = deps;

  registerEndpoint(app, basicInfoEndpoint, async () => ({
    service_link: (await settings.get('service_link')) ?? '',
    service_link_type: await settings.number('service_link_type', 1),
    verify_reg_type: await settings.number('verify_reg_type', 1),
    trade_fee_type: await settings.number('trade_fee_type', 1),
    is_show_mobile: await settings.number('is_show_mobile', 1),
    demo_balance: deps.demoBalance,
    pc_site_url: deps.pcSiteUrl,
  }));

  registerEndpoint(app, settingEndpoint, async ({ key }) => {
    if (!PUBLIC_KEYS.has(key)) throw AppError.rule('errors.setting_unknown');
    return NUMERIC_KEYS.has(key) ? settings.number(key) : ((await settings.get(key)) ?? '');
  });

  registerEndpoint(app, areaListEndpoint, (_input, request) => areaList(request.lang));

  registerEndpoint(app, companyStatusEndpoint, async () => ({
    status: await settings.number('company_status', 0),
    type: await settings.number('company_status_type', 0),
    loss_url: (await settings.get('company_loss_url')) ?? '',
  }));

  registerEndpoint(app, companyListEndpoint, async ({ name }) => {
    let query = deps.db.selectFrom('companies').selectAll().orderBy('is_main', 'desc').orderBy('name');
    if (name)
      query = query.where((eb) =>
        eb(eb.fn('lower', ['name']), 'like', `%${name.toLowerCase().replace(/[%_\\]/g, '')}%`),
      );
    const rows = await query.limit(50).execute();
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      is_main: r.is_main === 1 ? (1 as const) : (0 as const),
    }));
  });
}
