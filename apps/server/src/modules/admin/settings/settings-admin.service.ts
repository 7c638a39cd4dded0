import { Dec, type AdminSettings } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { AppError } from '../../../core/app-error.js';
import { normalizeEmail } from '../../auth/index.js';
import type { SettingsService } from '../../../core/settings/settings.service.js';
import { safeOrigin } from '../../content/index.js';
import type { AuditScope } from '../../../core/audit/audit.js';
import { findOperator } from '../operators/operator.repository.js';
import type { OperatorPrincipal } from '../operators/operator-sessions.js';

type SettingKey = keyof AdminSettings;

/** Settings held as numbers (the others are text). */
const NUMERIC: readonly SettingKey[] = [
  'service_link_type',
  'verify_reg_type',
  'is_show_mobile',
  'trade_fee_type',
  'company_status',
  'company_status_type',
  'admin_totp_required',
  'max_alerts',
];
const TEXT: readonly SettingKey[] = [
  'service_link',
  'support_email',
  'complaint_host',
  'margin_call_level',
  'stop_out_level',
  'company_loss_url',
];
const KEYS: readonly SettingKey[] = [...TEXT, ...NUMERIC];

export type SettingsChange = { [K in SettingKey]?: AdminSettings[K] | undefined };

const refuse = (field: string, key = 'errors.field_invalid') => AppError.rule(key, { field });

/** An http(s) address with a plain host name (it may reach a security header), or empty. */
function checkUrl(value: string, field: string): void {
  if (value !== '' && safeOrigin(value) === null) throw refuse(field, 'errors.admin_url_invalid');
}

/**
 * The operators' settings: read, checked as a whole, written with the audit row in one
 * transaction, then announced — the cache here is dropped and other instances are told
 * (cluster), so the next quote, tick or request uses the new value.
 */
export class SettingsAdminService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  async read(): Promise<AdminSettings> {
    const entries = await Promise.all(
      KEYS.map(async (key) => {
        // A setting never saved reads its default (core/settings/defaults.ts) through the service.
        const raw = await this.settings.get(key);
        return [key, NUMERIC.includes(key) ? Number(raw) || 0 : raw] as const;
      }),
    );
    return Object.fromEntries(entries) as AdminSettings;
  }

  async save(change: SettingsChange, caller: OperatorPrincipal, audit: AuditScope): Promise<AdminSettings> {
    const before = await this.read();
    const after = { ...before } as Record<SettingKey, string | number>;
    for (const key of KEYS) if (change[key] !== undefined) after[key] = change[key];
    const next = after as AdminSettings;
    await this.check(before, next, caller);
    const changed = KEYS.filter((key) => String(before[key]) !== String(next[key]));
    if (changed.length === 0) throw AppError.rule('errors.admin_nothing_changed');
    await this.db.transaction().execute(async (trx) => {
      for (const key of changed) await this.settings.write(trx, key, String(next[key]));
      await audit.write(trx, {
        action: 'settings.save',
        objectType: 'settings',
        objectId: changed.join(',').slice(0, 64),
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, next[k]])),
      });
    });
    this.settings.announce(changed);
    return this.read();
  }

  private async check(before: AdminSettings, next: AdminSettings, caller: OperatorPrincipal): Promise<void> {
    checkUrl(next.service_link, 'service_link');
    checkUrl(next.complaint_host, 'complaint_host');
    checkUrl(next.company_loss_url, 'company_loss_url');
    if (next.company_status === 1 && next.company_loss_url === '')
      throw refuse('company_loss_url', 'errors.field_required');
    if (next.support_email !== '') {
      try {
        normalizeEmail(next.support_email);
      } catch {
        throw refuse('support_email', 'errors.email_invalid');
      }
    }
    // Stop-out must come after the warning: 0 < stop-out < margin call ≤ 1000 (%).
    const stop = new Dec(next.stop_out_level || '0');
    const call = new Dec(next.margin_call_level || '0');
    if (!stop.gt(0) || !stop.lt(call) || call.gt(1000))
      throw refuse(
        next.stop_out_level !== before.stop_out_level ? 'stop_out_level' : 'margin_call_level',
        'errors.admin_levels_invalid',
      );
    if (next.admin_totp_required === 1 && before.admin_totp_required !== 1) {
      const me = await findOperator(this.db, caller.operatorId);
      if (me?.totp_enabled !== 1) throw refuse('admin_totp_required', 'errors.admin_totp_enable_own_first');
    }
  }
}
